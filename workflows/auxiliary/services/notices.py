"""The auxiliary's notices: the holder told of the decision, the auxiliary of his binding."""

from __future__ import annotations

from notifications.services import notification_queue
from registers.models import AuxiliaryBinding
from workflows.auxiliary.models import (
    AuxiliaryCase,
    AuxiliaryPurpose,
)


def _notify_holder(case: AuxiliaryCase, *, approved: bool, note: str) -> None:
    holder = case.applicant
    assert holder is not None
    notification_queue(
        case=case,
        recipient=holder,
        template="auxiliary_decided",
        context={
            "approved": approved,
            "note": note,
            "purpose": case.purpose,
            "purpose_label": case.get_purpose_display(),
            "auxiliary": case.auxiliary,
            "retired_without_auxiliary": approved
            and case.purpose == AuxiliaryPurpose.END
            and holder.retired,
        },
    )


def _notify_auxiliary(case: AuxiliaryCase, binding: AuxiliaryBinding) -> None:
    notification_queue(
        case=case,
        recipient=binding.auxiliary,
        template="auxiliary_granted",
        context={
            "binding": binding,
            "holder": case.applicant,
            "authorization": binding.authorization,
        },
    )
