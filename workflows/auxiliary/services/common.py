"""What the auxiliary's services share: the articles, the clocks' kinds, the checklist and
the open states (Arts. 27, 28)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _l

from cases.errors import RuleViolation, from_law
from law.citations import ART_27, ART_27_P1, ART_27_P2
from law.errors import LawError
from registers.models import Authorization, AuxiliaryBinding
from registers.services.drivers import ART_10_I_ITEMS
from workflows.auxiliary.models import (
    AuxiliaryPurpose,
    AuxiliaryState,
)

REMINDER = "auxiliary.renewal_reminder"
EXPIRY = "auxiliary.expiry"
REMINDER_DAYS_BEFORE = 30
"""Administrative courtesy, not a legal term: the holder is reminded a month ahead."""
DEPARTURE_PROOF = "departure_proof"
CHECKLIST: dict[str, Any] = {
    **ART_10_I_ITEMS,
    DEPARTURE_PROOF: _l(
        "Documento que comprove a demissão, o falecimento ou a força maior (Art. 27 §2)"
    ),
}
RENEWAL_ITEMS = ("cnh",)
"""Art. 27 §4 with Art. 19 III: the yearly update shows the auxiliary's CNH."""
OPEN_STATES = (
    AuxiliaryState.FILED,
    AuxiliaryState.CORRECTION_REQUESTED,
    AuxiliaryState.AWAITING_DECISION,
)
_OPENING_ARTICLE = {
    AuxiliaryPurpose.REGISTER: ART_27,
    AuxiliaryPurpose.RENEW: ART_27_P1,
    AuxiliaryPurpose.END: ART_27_P2,
}


def _law(exc: LawError) -> RuleViolation:
    return from_law(exc)


def _active_binding(authorization: Authorization) -> AuxiliaryBinding | None:
    return (
        AuxiliaryBinding.objects.select_for_update()
        .select_related("auxiliary")
        .filter(authorization=authorization, ended_on__isnull=True)
        .first()
    )
