"""What the violation's services share: the articles they cite, the clocks' kinds, and the
penalty policy chosen in settings (Art. 59)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _

from law.penalties import (
    Assessment,
    Policy,
    RecidivismScope,
    WarningPolicy,
)
from registers.models import Driver
from workflows.violation.models import ViolationNotice

NOTIFICATION_LIMIT = "violation.notification_limit"
NOTIFICATION_ARCHIVE = "violation.notification_archive"
PAYMENT = "violation.payment"
APPEAL_WINDOW = "violation.appeal_window"
DECISION_PAYMENT = "violation.decision_payment"
PENALTY_PERIOD_END = "violation.penalty_period_end"
CENTS = Decimal("0.01")


def no_fine_message() -> str:
    """What the payment guide, the payment and the bank's settlement answer for a notice
    without a fine (a written warning instead of it, Art. 59 I)."""
    return _(
        "Este auto aplica advertência escrita (Art. 59 I), sem multa: não há valor a pagar "
        "nem guia de pagamento."
    )


def penalty_policy() -> Policy:
    """The readings of Art. 59 chosen in settings (docs/interpretations.md)."""
    return Policy(
        recidivism_months=settings.RECIDIVISM_WINDOW_MONTHS,
        recidivism_scope=RecidivismScope(settings.RECIDIVISM_SCOPE),
        warning=WarningPolicy(settings.FIRST_OFFENCE_WARNING),
    )


def responsible_driver(notice: ViolationNotice) -> Driver:
    """The identified offender, or the holder when nobody was identified (Art. 50)."""
    driver = notice.offender or notice.applicant
    assert driver is not None
    return driver


def _assessment_json(assessment: Assessment) -> dict[str, Any]:
    return {
        "item": assessment.item,
        "group": assessment.group,
        "points": assessment.points,
        "fine_vrte": str(assessment.fine_vrte),
        "recidivist": assessment.recidivist,
        "warning": assessment.warning,
        "suspension_days": assessment.suspension_days,
        "impediment_max_days": assessment.impediment_max_days,
        "revocation": assessment.revocation,
        "articles": list(assessment.articles),
    }
