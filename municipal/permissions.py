"""Who may change the municipal registers: one question per kind of change."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.request import Request
from rest_framework.views import APIView

from accounts import policy
from accounts.roles import Role, has_role, is_staff_member
from cases.errors import NotPermitted

REGISTER_KEEPERS = tuple(sorted(policy.REGISTER_KEEPERS))
"""The Secretaria de Finanças keeps the registers (accounts.policy.REGISTER_KEEPERS, which
the routes' access check reads too)."""

LINE_KEEPERS = (Role.CLERK, Role.FISCAL_AGENT, Role.ADMINISTRATOR)
"""Who records arrivals and departures at a stand for any taxi (Art. 36)."""


def require_register_keeper(user: object) -> None:
    if not has_role(user, *REGISTER_KEEPERS):
        raise NotPermitted(
            _("Somente servidores da Secretaria de Finanças podem alterar este cadastro.")
        )


def require_staff(user: object) -> None:
    if not is_staff_member(user):
        raise NotPermitted(_("Somente servidores podem consultar este cadastro."))


def may_keep_lines(user: object) -> bool:
    return has_role(user, *LINE_KEEPERS)


def may_keep_registers(user: object) -> bool:
    return has_role(user, *REGISTER_KEEPERS)


class RegisterKeeperWrites(BasePermission):
    """DRF: reads for any authenticated user (the view scopes them), writes for the
    Secretaria only — checked before the input is read, so a refusal is always a 403."""

    message = _("Somente servidores da Secretaria de Finanças podem alterar este cadastro.")

    def has_permission(self, request: Request, view: APIView) -> bool:
        if not (request.user and request.user.is_authenticated):
            return False
        return request.method in SAFE_METHODS or may_keep_registers(request.user)
