"""django-axes' answers in the site's terms: the client address by the rule of the public
rate limits, the lockout key of accounts.lockout (the user name, and the device when the
browser is a known one), and a lockout as the API's Error body or a page in Portuguese
(429) — after mailing the account's owner, once per lock, the link that lifts it."""

from __future__ import annotations

import ipaddress
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from accounts.lockout import device_cookie_set, lockout_key, lockout_notify
from documents.ratelimit import client_ip
from web.api_errors import error_body, error_response, is_api


def client_address(request: HttpRequest) -> str:
    """The client's address for axes, by the same rule as the public rate limits."""
    address = client_ip(request)
    try:
        ipaddress.ip_address(address)
    except ValueError:
        return "0.0.0.0"  # axes wants an address; an unknown one counts as one client
    return address


def lockout_username(request: HttpRequest, credentials: Any = None) -> str | None:
    """What axes counts failures on (AXES_USERNAME_CALLABLE): accounts.lockout's key."""
    username = credentials.get("username") if credentials else request.POST.get("username")
    return lockout_key(request, username) or None


def lockout_message() -> str:
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    return _(
        "Muitas tentativas de entrada com senha errada para este usuário. Tente de novo em "
        "%(minutes)d minutos, ou use o link de desbloqueio enviado ao e-mail da conta. Nos "
        "computadores onde você já entrou, a entrada continua liberada."
    ) % {"minutes": minutes}


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials: Any = None
) -> HttpResponse:
    """429 for a locked-out login: the Error body under /api/, a page in Portuguese else.
    The answer is the same whether or not the user name exists."""
    lockout_notify(request, credentials)
    message = lockout_message()
    retry = str(int(settings.AXES_COOLOFF_TIME.total_seconds()))
    if is_api(request):
        response: HttpResponse = error_response(error_body(message, "too_many_attempts"), 429)
    else:
        response = render(request, "accounts/locked_out.html", {"message": message}, status=429)
    response["Retry-After"] = retry
    return response


class KnownDeviceMiddleware:
    """Sets the known-device cookie on the response of a sign-in or an unlock."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        device_cookie_set(request, response)
        return response
