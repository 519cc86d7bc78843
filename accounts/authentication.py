"""Signing in: API tokens that expire, and login throttling (django-axes) on pages and API.

A token lives API_TOKEN_LIFETIME_HOURS from its creation; after that the API answers 401
and the client asks for a new one at /api/auth/token/ with its password (a logout, a new
password or a disabled account end it sooner: accounts.models.User.save). Failed logins
are counted per lockout key (accounts.lockout: the user name, and the device on a known
browser); past AXES_FAILURE_LIMIT the login page and the token endpoint answer 429 for
that key until AXES_COOLOFF_TIME has passed or the owner uses the mailed unlock link,
even with the right password (the answer itself: web.login_throttle).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from axes.backends import AxesStandaloneBackend
from django.conf import settings
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import Group
from django.contrib.postgres.expressions import ArraySubquery
from django.db import connections
from django.db.models import OuterRef
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from accounts.models import User
from accounts.roles import roles_remember


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


class UserWithRolesBackend(ModelBackend):
    """Django's model backend, whose read of the signed-in user (once per request, from
    the session) brings his roles in the same statement.

    Nearly every staff request asks for the roles (permissions, the header's links), and
    that second statement cost as much as reading the case a page shows (issue 13). The
    roles are still read on every request: a role granted or revoked counts on the next.
    """

    def get_user(self, user_id: Any) -> User | None:
        users = User._default_manager.filter(pk=user_id)
        with_roles = connections[users.db].vendor == "postgresql"
        if with_roles:
            names = Group.objects.filter(user=OuterRef("pk")).values("name")
            users = users.annotate(group_names=ArraySubquery(names))
        user = next(iter(users[:1]), None)
        if user is None or not self.user_can_authenticate(user):
            return None
        if with_roles:
            roles_remember(user, user.group_names)  # type: ignore[attr-defined]
        return user


class LockedOut(exceptions.Throttled):
    """Too many wrong passwords for this lockout key (django-axes, accounts.lockout)."""

    default_code = "too_many_attempts"

    def __init__(self) -> None:
        wait = settings.AXES_COOLOFF_TIME.total_seconds()
        super().__init__(
            wait=wait,
            detail=_(
                "Muitas tentativas de entrada com senha errada. Tente de novo em "
                "%(minutes)d minutos."
            )
            % {"minutes": int(wait // 60)},
        )
