"""Requests that must happen once: a repeat of the same key answers the first result.

An API client sends `Idempotency-Key: <its own unique key>` with a POST; a page form
carries a one-time `form_token` (rendered by `{% csrf_token %}`, web.templatetags.once).
The first request under a key is recorded (SubmissionRecord) before it runs and its
answer after; a repeat by the same client:

- API: gets the first answer again (status and body), marked `Idempotent-Replayed:
  true`; the same key with a different body answers 400 `idempotency_key_reused`;
- page: the same form sent again with the same values is sent where the first submission
  went (the case it created, the case page with the payment recorded), with a note that
  the form had already been sent; sent with other values it is a new submission.

A repeat arriving while the first is still running waits for it (IDEMPOTENCY_WAIT_SECONDS)
instead of running beside it. So issuing a notice, filing a request or recording a
payment happens once under a double tap, Back and resubmit, or a client's retry.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import time
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from web.api_errors import error_body, error_response, is_api
from web.models import SubmissionRecord

KEY_HEADER = "HTTP_IDEMPOTENCY_KEY"
FORM_FIELD = "form_token"
KEY_MAX = 100
# Posts that change nothing worth protecting, and that a stale page may repeat on purpose.
EXEMPT_URL_NAMES = ("set_language", "login", "logout", "api-token")


def _principal(request: HttpRequest) -> str:
    """Whose key it is: the signed-in user, the API credentials, or the client address."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"user:{user.pk}"
    credentials = request.META.get("HTTP_AUTHORIZATION", "")
    if credentials:
        return "auth:" + hashlib.sha256(credentials.encode()).hexdigest()[:40]
    from documents.ratelimit import client_ip

    return f"ip:{client_ip(request)}"[:80]


def _fingerprint(request: HttpRequest) -> str:
    """A digest of what the request asks, independent of how the client encoded it."""
    digest = hashlib.sha256()
    if request.content_type == "application/json":
        try:
            data: Any = json.loads(request.body or b"null")
        except (ValueError, UnicodeDecodeError):
            digest.update(request.body)
        else:
            digest.update(json.dumps(data, sort_keys=True).encode())
    elif request.content_type in ("application/x-www-form-urlencoded", "multipart/form-data"):
        fields = sorted((key, request.POST.getlist(key)) for key in request.POST)
        files = sorted(
            (key, [(f.name, f.size) for f in request.FILES.getlist(key)]) for key in request.FILES
        )
        digest.update(json.dumps([fields, files], sort_keys=True, default=str).encode())
    else:
        digest.update(request.body)
    return digest.hexdigest()


class OnceMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self._exempt: frozenset[str] | None = None

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method != "POST" or request.path in self._exempt_paths():
            return self.get_response(request)
        api = is_api(request)
        if api:
            key = request.META.get(KEY_HEADER, "").strip()
        elif request.content_type in ("application/x-www-form-urlencoded", "multipart/form-data"):
            key = request.POST.get(FORM_FIELD, "").strip()
        else:
            key = ""
        if not key:
            return self.get_response(request)
        if len(key) > KEY_MAX or not key.isprintable():
            if api:
                message = _("A chave Idempotency-Key deve ter até %(max)d caracteres.") % {
                    "max": KEY_MAX
                }
                return error_response(error_body(message, "invalid_idempotency_key"), 400)
            return self.get_response(request)
        fingerprint = _fingerprint(request)
        if not api:
            # A page form sent again unchanged is a repeat; sent with other values (Back,
            # correct a field, send) it is a new submission of its own.
            key = f"{key}:{fingerprint[:32]}"
        record, first = self._claim(request, key, api=api, fingerprint=fingerprint)
        if not first:
            return self._repeat(request, record, api=api, fingerprint=fingerprint)
        try:
            response = self.get_response(request)
        except BaseException:
            record.delete()
            raise
        self._finish(record, response, api=api)
        return response

    def _exempt_paths(self) -> frozenset[str]:
        if self._exempt is None:
            self._exempt = frozenset(reverse(name) for name in EXEMPT_URL_NAMES)
        return self._exempt

    def _claim(
        self, request: HttpRequest, key: str, *, api: bool, fingerprint: str
    ) -> tuple[SubmissionRecord, bool]:
        principal = _principal(request)
        lifetime = dt.timedelta(hours=int(settings.IDEMPOTENCY_KEY_HOURS))
        SubmissionRecord.objects.filter(
            principal=principal, key=key, created_at__lt=timezone.now() - lifetime
        ).delete()
        try:
            with transaction.atomic():
                record = SubmissionRecord.objects.create(
                    principal=principal,
                    key=key,
                    origin=SubmissionRecord.Origin.API if api else SubmissionRecord.Origin.PAGE,
                    method=request.method or "POST",
                    path=request.path[:300],
                    fingerprint=fingerprint,
                )
            return record, True
        except IntegrityError:
            return SubmissionRecord.objects.get(principal=principal, key=key), False

    def _repeat(
        self, request: HttpRequest, record: SubmissionRecord, *, api: bool, fingerprint: str
    ) -> HttpResponse:
        if record.path != request.path[:300] or (api and record.fingerprint != fingerprint):
            message = _("Esta chave Idempotency-Key já foi usada com outra requisição.")
            if api:
                return error_response(error_body(message, "idempotency_key_reused"), 400)
            return HttpResponse(status=400)
        deadline = time.monotonic() + float(settings.IDEMPOTENCY_WAIT_SECONDS)
        while not record.completed and time.monotonic() < deadline:
            time.sleep(0.1)
            try:
                record.refresh_from_db()
            except SubmissionRecord.DoesNotExist:
                # The first attempt failed and let go of the key: this one runs instead.
                return self.__call__(request)
        if not record.completed:
            message = _("A mesma requisição ainda está em andamento. Tente de novo em instantes.")
            if api:
                return error_response(error_body(message, "idempotency_in_progress"), 409)
            return HttpResponse(message, status=409)
        if api:
            response = HttpResponse(
                bytes(record.body), status=record.status_code, content_type=record.content_type
            )
            response["Idempotent-Replayed"] = "true"
            return response
        messages.info(
            request,
            _("Este formulário já tinha sido enviado; este é o resultado do primeiro envio."),
        )
        return HttpResponseRedirect(record.location)

    def _finish(self, record: SubmissionRecord, response: HttpResponse, *, api: bool) -> None:
        status = response.status_code
        if api and status < 500 and not response.streaming:
            record.status_code = status
            record.content_type = response.get("Content-Type", "")[:100]
            record.body = response.content
        elif not api and 300 <= status < 400:
            record.status_code = status
            record.location = response.get("Location", "")[:500]
        else:
            # A server error, or a page that showed the form again: the key is free for a
            # new attempt (a re-shown form has its own new token anyway).
            record.delete()
            return
        record.completed = True
        record.save(update_fields=["status_code", "content_type", "body", "location", "completed"])


def submission_records_prune(*, now: dt.datetime | None = None) -> int:
    """Delete the records past IDEMPOTENCY_KEY_HOURS: their keys answer nothing any more."""
    cutoff = (now or timezone.now()) - dt.timedelta(hours=int(settings.IDEMPOTENCY_KEY_HOURS))
    deleted, _rows = SubmissionRecord.objects.filter(created_at__lt=cutoff).delete()
    return deleted
