"""Finding a taxi by what a person types: a Termo number or a plate in either format."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from cases.errors import RuleViolation
from registers.models import IN_FORCE, Authorization
from registers.selectors import authorization_typed
from registers.validators import normalize_plate


def authorization_by_plate(plate: str, *, suspended_too: bool = False) -> Authorization | None:
    """The active authorization of the taxi with this plate; None when none is (a taxi of
    another municipality, or one not in service). `suspended_too`: a suspended one is
    found as well, for a caller that tells the two apart (a stand, Art. 35)."""
    try:
        normalized = normalize_plate(plate)
    except ValidationError as exc:
        raise RuleViolation(_("Placa inválida: %(plate)s.") % {"plate": plate}) from exc
    return (
        Authorization.objects.filter(
            vehicle__plate=normalized,
            status__in=IN_FORCE if suspended_too else [Authorization.Status.ACTIVE],
        )
        .select_related("vehicle", "holder")
        .order_by("status")  # "active" before "suspended"
        .first()
    )


def authorization_by_number_or_plate(value: str) -> Authorization:
    """A Termo by its number (whatever its status) or by the plate of a taxi in service
    (an active Termo); a clear 400 when there is none."""
    every = Authorization.objects.select_related("vehicle", "holder")
    found = authorization_typed(
        value, among=every, plates_among=every.filter(status=Authorization.Status.ACTIVE)
    )
    if found is None:
        raise RuleViolation(
            _("Nenhum termo de autorização com o número ou a placa %(value)s.")
            % {"value": value.strip()}
        )
    return found
