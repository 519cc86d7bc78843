"""Pages of the identity layer: login through a provider and its return, the sign-up of a
person the register does not know, the level page, the second factor, the sessions and
logout. Thin: each calls a service or a library and renders."""

from __future__ import annotations

import base64
import io
import logging
from urllib.parse import urlencode

import qrcode
from authlib.common.errors import AuthlibBaseError
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_otp import devices_for_user, match_token
from django_otp.plugins.otp_static.models import StaticDevice, StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice
from joserfc.errors import JoseError
from rest_framework.authtoken.models import Token

from accounts.services import api_tokens_revoke
from core.errors import DomainError
from identity import providers as idp
from identity.levels import SESSION_PROVIDER, Level, session_level
from identity.models import UserSession
from identity.second_factor import has_device, max_age_seconds, session_verified, verified_age
from identity.services import (
    SESSION_ID_TOKEN,
    SESSION_PENDING,
    ProviderPerson,
    external_signup_complete,
    external_user_for,
    person_cpf,
    session_end,
    session_start_external,
)

log = logging.getLogger(__name__)
SESSION_NEXT = "identity_next"
RECOVERY_CODES = 10


def _safe_next(request: HttpRequest, default: str = "/") -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return default


# --- login through a provider --------------------------------------------------------------


def provider_login(request: HttpRequest, key: str) -> HttpResponse:
    """Send the person to the provider (authorization code with PKCE, state, nonce)."""
    p = idp.provider(key)
    if p is None:
        return redirect("login")
    request.session[SESSION_NEXT] = _safe_next(request, "")
    callback = request.build_absolute_uri(reverse("identity-callback", args=[key]))
    try:
        return idp.client(p).authorize_redirect(request, callback)
    except (AuthlibBaseError, OSError, ValueError) as exc:
        log.warning("identity: %s unreachable: %s", key, exc)
        return _login_failed(request, p.label)


def provider_callback(request: HttpRequest, key: str) -> HttpResponse:
    """Back from the provider: the ID token checked (state, nonce, signature against the
    provider's keys, issuer, audience, expiry), the level read, the person bound."""
    p = idp.provider(key)
    if p is None:
        return redirect("login")
    try:
        token = idp.client(p).authorize_access_token(request)
        claims = token.get("userinfo")
        if not claims:
            raise ValueError("no ID token")
        cpf = person_cpf(claims.get(p.cpf_claim))
    except (AuthlibBaseError, JoseError, OSError, ValueError, KeyError, DomainError) as exc:
        # The reason goes to the log, not to the page: a forged answer learns nothing.
        log.warning("identity: login through %s refused: %r", key, exc)
        return _login_failed(request, p.label)
    person = ProviderPerson(
        provider=p.key,
        subject=str(claims["sub"]),
        cpf=cpf,
        name=str(claims.get("name") or ""),
        email=str(claims.get("email") or ""),
        level=idp.assurance_level(p, token=token, cpf=cpf),
    )
    user = external_user_for(person)
    if user is None:
        request.session[SESSION_PENDING] = {
            "provider": person.provider,
            "subject": person.subject,
            "cpf": person.cpf,
            "name": person.name,
            "email": person.email,
            "level": int(person.level),
            "id_token": token.get("id_token", ""),
        }
        return redirect("identity-signup")
    if not user.is_active:
        return _login_failed(request, p.label)
    target = request.session.pop(SESSION_NEXT, "") or reverse("home")
    session_start_external(request, user=user, person=person, id_token=token.get("id_token", ""))
    return HttpResponseRedirect(target)


def _login_failed(request: HttpRequest, label: str) -> HttpResponse:
    return render(
        request,
        "identity/login_failed.html",
        {"provider_label": label},
        status=400,
    )


def signup(request: HttpRequest) -> HttpResponse:
    """A person the register does not know: his CPF comes from the provider, locked."""
    pending = request.session.get(SESSION_PENDING)
    if not pending:
        return redirect("login")
    person = ProviderPerson(
        provider=pending["provider"],
        subject=pending["subject"],
        cpf=pending["cpf"],
        name=pending["name"],
        email=pending["email"],
        level=Level(pending["level"]),
    )
    error = ""
    if request.method == "POST":
        try:
            user = external_signup_complete(
                person=person,
                name=request.POST.get("name", ""),
                email=request.POST.get("email", "").strip()[:254],
            )
        except DomainError as exc:
            error = str(exc)
        else:
            target = request.session.pop(SESSION_NEXT, "") or reverse("home")
            session_start_external(
                request, user=user, person=person, id_token=pending.get("id_token", "")
            )
            messages.success(request, _("Conta criada. Bem-vindo!"))
            return HttpResponseRedirect(target)
    return render(
        request,
        "identity/signup.html",
        {"person": person, "error": error, "provider": idp.provider(person.provider)},
        status=400 if error else 200,
    )


@login_required
def level(request: HttpRequest) -> HttpResponse:
    """The act needs a higher level: which one, how to raise it, and a way back."""
    try:
        needed = Level[request.GET.get("nivel", "prata").upper()]
    except KeyError:
        needed = Level.PRATA
    current, provider_key = session_level()
    target = _safe_next(request, reverse("home"))
    choices = [
        {
            "provider": p,
            "again": reverse("identity-login", args=[p.key]) + "?" + urlencode({"next": target}),
        }
        for p in idp.providers()
    ]
    return render(
        request,
        "identity/level.html",
        {"needed": needed, "current": current, "choices": choices, "next": target},
        status=403,
    )


# --- the second factor ---------------------------------------------------------------------


def _qr_data_uri(text: str) -> str:
    image = qrcode.make(text)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()


@login_required
def otp_setup(request: HttpRequest) -> HttpResponse:
    """Set up the authenticator app (TOTP) and receive the recovery codes, once."""
    user = request.user
    age = verified_age(request)
    if has_device(user) and (age is None or age > max_age_seconds()):
        # Replacing the app takes the one in use: a borrowed session cannot swap it.
        return redirect(
            reverse("identity-otp-verify")
            + "?"
            + urlencode({"next": reverse("identity-otp-setup")})
        )
    device = TOTPDevice.objects.filter(user=user, confirmed=False).first()
    if device is None:
        device = TOTPDevice.objects.create(user=user, name="totp", confirmed=False)
    error = ""
    if request.method == "POST":
        if device.verify_token(request.POST.get("code", "").strip()):
            device.confirmed = True
            device.save(update_fields=["confirmed"])
            TOTPDevice.objects.filter(user=user, confirmed=True).exclude(pk=device.pk).delete()
            static, _created = StaticDevice.objects.get_or_create(
                user=user, name="recovery", defaults={"confirmed": True}
            )
            static.token_set.all().delete()
            codes = [StaticToken.random_token() for _i in range(RECOVERY_CODES)]
            for code in codes:
                static.token_set.create(token=code)
            session_verified(request, device)
            return render(
                request,
                "identity/otp_codes.html",
                {"codes": codes, "next": _safe_next(request, reverse("home"))},
            )
        error = _("Código incorreto. Confira o relógio do telefone e tente de novo.")
    return render(
        request,
        "identity/otp_setup.html",
        {
            "qr": _qr_data_uri(device.config_url),
            "secret": base64.b32encode(device.bin_key).decode(),
            "error": error,
            "next": _safe_next(request, ""),
        },
        status=400 if error else 200,
    )


@login_required
def otp_verify(request: HttpRequest) -> HttpResponse:
    """Give the second factor: the app's code, or one of the recovery codes."""
    if not any(True for _d in devices_for_user(request.user, confirmed=True)):
        return redirect(reverse("identity-otp-setup") + "?" + request.GET.urlencode())
    error = ""
    if request.method == "POST":
        device = match_token(request.user, request.POST.get("code", "").strip())
        if device is not None:
            session_verified(request, device)
            return HttpResponseRedirect(_safe_next(request, reverse("home")))
        error = _("Código incorreto.")
    return render(
        request,
        "identity/otp_verify.html",
        {"error": error, "next": _safe_next(request, "")},
        status=400 if error else 200,
    )


# --- sessions and logout ---------------------------------------------------------------------


@login_required
def sessions(request: HttpRequest) -> HttpResponse:
    """The user's sessions and API token, each with "end this one"."""
    from django.contrib.sessions.models import Session

    rows = list(UserSession.objects.filter(user=request.user))
    alive = (
        set(
            Session.objects.filter(session_key__in=[r.session_key for r in rows]).values_list(
                "session_key", flat=True
            )
        )
        if settings.SESSION_ENGINE == "django.contrib.sessions.backends.db"
        else None
    )
    if alive is not None:
        gone = [r.pk for r in rows if r.session_key not in alive]
        UserSession.objects.filter(pk__in=gone).delete()
        rows = [r for r in rows if r.pk not in gone]
    from accounts.authentication import token_expires_at

    tokens = [
        {"token": t, "expires_at": token_expires_at(t), "prefix": t.key[:6]}
        for t in Token.objects.filter(user=request.user)
    ]
    return render(
        request,
        "identity/sessions.html",
        {"rows": rows, "current": request.session.session_key, "tokens": tokens},
    )


@login_required
@require_POST
def session_end_page(request: HttpRequest, pk: int) -> HttpResponse:
    # Another user's session is not found, as one that does not exist.
    row = get_object_or_404(UserSession, user=request.user, pk=pk)
    session_end(user=request.user, session_id=row.pk)
    messages.success(request, _("Sessão encerrada."))
    return redirect("identity-sessions")


@login_required
@require_POST
def token_end_page(request: HttpRequest) -> HttpResponse:
    Token.objects.filter(user=request.user).delete()
    messages.success(request, _("Token da API revogado."))
    return redirect("identity-sessions")


@require_POST
def logout_page(request: HttpRequest) -> HttpResponse:
    """Leave here, and at the provider too when the session came from one (its
    end-session endpoint, with the ID token as hint)."""
    key = request.session.get(SESSION_PROVIDER, "")
    id_token = request.session.get(SESSION_ID_TOKEN, "")
    session_key = request.session.session_key
    if request.user.is_authenticated:
        api_tokens_revoke(user=request.user)  # type: ignore[arg-type]
    logout(request)
    if session_key:
        UserSession.objects.filter(session_key=session_key).delete()
    home = request.build_absolute_uri(reverse("home"))
    p = idp.provider(key) if key else None
    if p is not None:
        try:
            metadata = idp.client(p).load_server_metadata()
        except (AuthlibBaseError, OSError, ValueError) as exc:
            log.warning("identity: %s end-session unknown: %s", key, exc)
        else:
            endpoint = metadata.get("end_session_endpoint")
            if endpoint:
                query = {"post_logout_redirect_uri": home, "client_id": p.client_id}
                if id_token:
                    query["id_token_hint"] = id_token
                return HttpResponseRedirect(f"{endpoint}?{urlencode(query)}")
    return redirect("home")
