"""Identity on every request, in one middleware: the request made known to the checks
deep in the services (`identity.context`), the second factor before anything else for
those who must have one, the idle timeout of staff sessions, the record of the user's
sessions, and the answer a page gets when a check asked for more proof.

It stands after Django's AuthenticationMiddleware and before web.idempotency's
OnceMiddleware: a form refused for want of a second factor or a level is sent again once
the user has given it, and must not be remembered as sent.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from urllib.parse import urlencode

from django.conf import settings
from django.contrib.auth import logout
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django_otp import match_token
from rest_framework.authtoken.models import Token

from accounts.roles import is_staff_member
from identity import second_factor
from identity.context import request_context
from identity.errors import SECOND_FACTOR_REQUIRED, IdentityRequired
from identity.services import SESSION_SEEN, SESSION_SEEN_KEY, session_seen

# Pages a user who still owes his second factor may open (setting it up, giving it,
# leaving, the language, the static files).
_GATE_OPEN = (
    "identity-otp-setup",
    "identity-otp-verify",
    "logout",
    "set_language",
)


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def _error(message: str, code: str, status: int) -> JsonResponse:
    # The API's Error body (web.api_errors), written here: identity sits below the pages.
    return JsonResponse({"detail": message, "code": code, "article": ""}, status=status)


class IdentityMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self._open: tuple[str, ...] | None = None
        self._token: str | None = None

    def __call__(self, request: HttpRequest) -> HttpResponse:
        with request_context(request):
            early = self._before(request)
            if early is not None:
                return early
            response = self.get_response(request)
        if request.method == "POST" and request.path == self._token_path():
            response = self._token_needs_second_factor(request, response)
        refused: IdentityRequired | None = getattr(request, "identity_required", None)
        if refused is not None and not _is_api(request):
            # Whatever the view made of the refusal (a form shown again, a message), the
            # person is taken to where he can give the proof, and then back.
            return HttpResponseRedirect(refused.resume_url)
        return response

    def _before(self, request: HttpRequest) -> HttpResponse | None:
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated or not hasattr(request, "session"):
            return None
        now = time.time()
        seen = request.session.get(SESSION_SEEN)
        if seen is not None and is_staff_member(user):
            idle = int(getattr(settings, "STAFF_IDLE_MINUTES", 30)) * 60
            if idle and now - float(seen) > idle:
                logout(request)
                if _is_api(request):
                    return _error(_("Sessão encerrada por inatividade."), "session_idle", 401)
                return HttpResponseRedirect(
                    reverse("login") + "?" + urlencode({"next": request.get_full_path()})
                )
        key = request.session.session_key
        if seen is None or now - float(seen) > 60 or request.session.get(SESSION_SEEN_KEY) != key:
            # At most one write a minute (or when a login gave the session a new key): the
            # idle clock and the session list's "last seen".
            request.session[SESSION_SEEN] = now
            session_seen(request, user=user)
            request.session[SESSION_SEEN_KEY] = request.session.session_key
        if (
            second_factor.required_of(user)
            and second_factor.verified_age(request) is None
            and not self._gate_open(request)
        ):
            if _is_api(request):
                return _error(
                    _("Confirme o segundo fator na página de entrada antes de usar o sistema."),
                    SECOND_FACTOR_REQUIRED,
                    403,
                )
            name = "identity-otp-verify" if second_factor.has_device(user) else "identity-otp-setup"
            return HttpResponseRedirect(
                reverse(name) + "?" + urlencode({"next": request.get_full_path()})
            )
        return None

    def _token_path(self) -> str:
        if self._token is None:
            self._token = reverse("api-token")
        return self._token

    def _token_needs_second_factor(
        self, request: HttpRequest, response: HttpResponse
    ) -> HttpResponse:
        """An API token is a session without a browser: for those who must use a second
        factor it is handed out only with the code in `X-Second-Factor` (else 403, the
        token not disclosed)."""
        key = (
            (getattr(response, "data", None) or {}).get("token")
            if response.status_code == 200
            else None
        )
        if not key:
            return response
        token = Token.objects.select_related("user").filter(key=key).first()
        if token is None or not second_factor.required_of(token.user):
            return response
        code = request.META.get(second_factor.HEADER, "").strip()
        if code and match_token(token.user, code) is not None:
            return response
        return _error(
            _(
                "Para receber um token da API, envie também o código do segundo fator no "
                "cabeçalho X-Second-Factor."
            ),
            SECOND_FACTOR_REQUIRED,
            403,
        )

    def _gate_open(self, request: HttpRequest) -> bool:
        if self._open is None:
            self._open = tuple(reverse(name) for name in _GATE_OPEN)
        static = str(getattr(settings, "STATIC_URL", "/static/"))
        return request.path in self._open or request.path.startswith("/" + static.lstrip("/"))
