"""The second factor (TOTP through django-otp) of those who decide.

Who must have one: the roles of SECOND_FACTOR_ROLES (by default the mayor, the
administrators and the commission members); the others (clerks, fiscal agents) may set one
up. A session proves it once after the password (`identity.middleware` lets such a user do
nothing else first), and again for a deciding act — a decision of the mayor or of the
commission (homologation, revocation, a vote, an annulment…) — when the last proof is
older than SECOND_FACTOR_MAX_AGE_MINUTES. That second check runs in one place,
`cases.services.transitions.case_step`, through `second_factor_check`.
"""

from __future__ import annotations

import time
from urllib.parse import urlencode

from django.conf import settings
from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext as _
from django_otp import devices_for_user, match_token
from django_otp import login as otp_login

from accounts.roles import Role, roles_of
from identity.context import current_request
from identity.errors import SECOND_FACTOR_REQUIRED, IdentityRequired

# The roles whose edges are decisions (DESIGN's users table): what they take is decided.
DECIDERS = frozenset({Role.MAYOR, Role.COMMISSION_MEMBER})

SESSION_VERIFIED_AT = "identity_second_factor_at"
# An API client proves the second factor with each deciding call (it has no session).
HEADER = "HTTP_X_SECOND_FACTOR"


def required_of(user: object) -> bool:
    """Whether this user must have and use a second factor (his roles, by the setting)."""
    required = set(getattr(settings, "SECOND_FACTOR_ROLES", ()))
    return bool(roles_of(user) & required)


def has_device(user: object) -> bool:
    return any(True for _device in devices_for_user(user, confirmed=True))


def applies_to(user: object) -> bool:
    """The second factor counts for this user: it is required of him, or he set one up."""
    return required_of(user) or has_device(user)


def session_verified(request: HttpRequest, device: object) -> None:
    """Record in the session that the user has just given his second factor."""
    otp_login(request, device)
    request.session[SESSION_VERIFIED_AT] = int(time.time())


def verified_age(request: HttpRequest) -> float | None:
    """Seconds since this session last gave the second factor (None: never)."""
    at = request.session.get(SESSION_VERIFIED_AT) if hasattr(request, "session") else None
    return None if at is None else time.time() - float(at)


def max_age_seconds() -> int:
    return int(getattr(settings, "SECOND_FACTOR_MAX_AGE_MINUTES", 15)) * 60


def is_deciding(edge_roles: frozenset[str], actor: object) -> bool:
    """A decision: an edge of the mayor or the commission, taken in that role."""
    return bool(edge_roles & DECIDERS & roles_of(actor))


def second_factor_check(*, actor: object, edge_roles: frozenset[str], label: str) -> None:
    """Refuse a deciding act whose second factor is older than the setting (or missing).

    Outside a request (a task, a command) nothing is asked: that code acts for the
    municipality, not for a person at a keyboard. An API call may send its code in the
    `X-Second-Factor` header; it counts for that call."""
    if actor is None or not is_deciding(edge_roles, actor) or not applies_to(actor):
        return
    request = current_request()
    if request is None:
        return
    age = verified_age(request)
    if age is not None and age <= max_age_seconds():
        return
    code = request.META.get(HEADER, "").strip()
    if code and match_token(actor, code) is not None:
        return
    minutes = max_age_seconds() // 60
    raise IdentityRequired(
        _(
            "“%(label)s” é uma decisão: confirme o segundo fator (o código do aplicativo "
            "autenticador). A última confirmação tem mais de %(minutes)d minutos. Na API, "
            "envie o código no cabeçalho X-Second-Factor."
        )
        % {"label": label, "minutes": minutes},
        code=SECOND_FACTOR_REQUIRED,
        resume_url=reverse("identity-otp-verify") + "?" + urlencode({"next": _resume(request)}),
    )


def _resume(request: HttpRequest) -> str:
    from identity.levels import resume_path

    return resume_path(request)
