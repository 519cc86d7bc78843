"""Signing in: API tokens that expire, and login throttling (django-axes) on pages and API.

A token lives API_TOKEN_LIFETIME_HOURS from its creation; after that the API answers 401
and the client asks for a new one at /api/auth/token/ with its password. Failed logins
are counted per user name and client address (AXES_*); past AXES_FAILURE_LIMIT the login
page and the token endpoint answer 429 until AXES_COOLOFF_TIME has passed, even with the
right password.
"""

from __future__ import annotations

import datetime as dt
import ipaddress
from typing import Any

from axes.backends import AxesStandaloneBackend
from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from accounts.models import User


def token_lifetime() -> dt.timedelta:
    return dt.timedelta(hours=int(settings.API_TOKEN_LIFETIME_HOURS))


def token_expires_at(token: Token) -> dt.datetime:
    return token.created + token_lifetime()


class ExpiringTokenAuthentication(TokenAuthentication):
    """DRF's token, refused once older than API_TOKEN_LIFETIME_HOURS (then deleted)."""

    def authenticate_credentials(self, key: str) -> tuple[Any, Token]:
        user, token = super().authenticate_credentials(key)
        if token_expires_at(token) <= timezone.now():
            token.delete()
            raise exceptions.AuthenticationFailed(_("Token expirado. Peça um novo."))
        return user, token


def api_token_issue(*, user: User) -> Token:
    """The user's token: the one in force, or a new one when it expired."""
    token = Token.objects.filter(user=user).first()
    if token is not None and token_expires_at(token) > timezone.now():
        return token
    if token is not None:
        token.delete()
    return Token.objects.create(user=user)


class LoginThrottleBackend(AxesStandaloneBackend):
    """django-axes' check before every password check of a login (page or API).

    A call without a request is code asking (a management command, a test), not a login
    attempt from outside: nothing to throttle.
    """

    def authenticate(self, request: HttpRequest | None, *args: Any, **kwargs: Any) -> None:
        if request is None:
            return None
        return super().authenticate(request, *args, **kwargs)


def client_address(request: HttpRequest) -> str:
    """The client's address for axes, by the same rule as the public rate limits."""
    from documents.ratelimit import client_ip

    address = client_ip(request)
    try:
        ipaddress.ip_address(address)
    except ValueError:
        return "0.0.0.0"  # axes wants an address; an unknown one counts as one client
    return address


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials: Any = None
) -> HttpResponse:
    """429 for a locked-out login: the Error body under /api/, a page in Portuguese else."""
    from web.api_errors import error_body, is_api

    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    message = _(
        "Muitas tentativas de entrada com senha errada. Tente de novo em %(minutes)d minutos."
    ) % {"minutes": minutes}
    retry = str(int(settings.AXES_COOLOFF_TIME.total_seconds()))
    if is_api(request):
        response: HttpResponse = JsonResponse(error_body(message, "too_many_attempts"), status=429)
    else:
        response = render(request, "accounts/locked_out.html", {"message": message}, status=429)
    response["Retry-After"] = retry
    return response
