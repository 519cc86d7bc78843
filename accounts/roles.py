"""The roles of DESIGN's user table, kept as Django groups.

A role is a group with the same name; `has_role` is the one question the rest of the
code asks about who someone is.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import models
from django.utils.translation import gettext_lazy as _


class Role(models.TextChoices):
    DRIVER = "driver", _("Taxista")
    CLERK = "clerk", _("Servidor da Secretaria de Finanças")
    FISCAL_AGENT = "fiscal_agent", _("Agente fiscal")
    COMMISSION_MEMBER = "commission_member", _("Membro da comissão de recursos")
    MAYOR = "mayor", _("Prefeito ou delegado")
    ADMINISTRATOR = "administrator", _("Administrador")


STAFF_ROLES = frozenset(
    {Role.CLERK, Role.FISCAL_AGENT, Role.COMMISSION_MEMBER, Role.MAYOR, Role.ADMINISTRATOR}
)

CLERK = frozenset({Role.CLERK})
"""The roles of an edge only a clerk of the Secretaria de Finanças takes."""


def roles_of(user: object) -> frozenset[str]:
    if not getattr(user, "is_authenticated", False):
        return frozenset()
    cached = getattr(user, "_role_cache", None)
    if cached is None:
        names = user.groups.values_list("name", flat=True)  # type: ignore[attr-defined]
        cached = roles_remember(user, names)
    return cached


def roles_remember(user: object, group_names: Iterable[str]) -> frozenset[str]:
    """Keep on `user`, for the rest of the request, the roles his groups (read by the
    caller) give him; a superuser is an administrator."""
    names = set(group_names)
    if user.is_superuser:  # type: ignore[attr-defined]
        names.add(Role.ADMINISTRATOR)
    roles = frozenset(names)
    user._role_cache = roles  # type: ignore[attr-defined]
    return roles


def has_role(user: object, *roles: str) -> bool:
    return bool(roles_of(user) & set(roles))


def is_staff_member(user: object) -> bool:
    return bool(roles_of(user) & STAFF_ROLES)


# The staff who handle every case. The commission judges appeals and sees only what it
# judges (cases.selectors.cases_visible_to), and so only their documents and e-mails.
ALL_CASES_ROLES = STAFF_ROLES - {Role.COMMISSION_MEMBER}


def sees_every_case(user: object) -> bool:
    return bool(roles_of(user) & ALL_CASES_ROLES)
