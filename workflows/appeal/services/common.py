"""What the appeal's services share: the articles they cite and the seat an actor holds
(Art. 52)."""

from __future__ import annotations

import datetime as dt

from django.utils.translation import gettext as _

from accounts.models import User
from accounts.roles import Role, has_role
from cases.errors import NotPermitted
from law.citations import (
    ART_52,
)
from workflows.appeal.models import (
    CommissionSeat,
)
from workflows.appeal.selectors import seat_held_by

MAX_WITNESSES = 3
"""Art. 64 §1: "limitado o número a 3 (três)"."""
EVIDENCE_ITEM = "evidence"
MANDATE_ITEM = "mandate"


def _seat_of(actor: User, today: dt.date) -> CommissionSeat:
    """The seat the actor holds today; only a sitting member acts for the commission."""
    seat = seat_held_by(actor, today) if has_role(actor, Role.COMMISSION_MEMBER) else None
    if seat is None:
        raise NotPermitted(
            _("Somente os membros em exercício da Comissão de Recursos podem fazer isto."),
            article=ART_52,
            code="not_a_seat_holder",
        )
    return seat
