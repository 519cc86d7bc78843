"""The appeal's services: filing (Arts. 63, 64), instruction (Arts. 64 §2, 65), the vote and
the decision (Arts. 52, 55 II, 66), and the commission's seats (Art. 52).

Each user action is one durable transaction: `case_step` locks the appeal and writes the
audit event, and the effects follow in the same block — the violation notice moves with
the appeal (`workflows.violation.services.violation_appeal_*`), the decision PDF and the registered
letter are rows written here and carried out after commit.
"""

from __future__ import annotations

from workflows.appeal.services.common import (
    EVIDENCE_ITEM,
    MANDATE_ITEM,
    MAX_WITNESSES,
)
from workflows.appeal.services.decision import (
    appeal_decision_received,
    decision_context,
    decision_summary,
    vrte,
)
from workflows.appeal.services.filing import (
    WitnessInput,
    appeal_file,
)
from workflows.appeal.services.instruction import (
    appeal_open_voting,
    appeal_order_diligence,
    appeal_record_diligence,
    appeal_refuse_diligence,
)
from workflows.appeal.services.seats import (
    commission_seat_assign,
    commission_seat_vacate,
)
from workflows.appeal.services.vote import (
    appeal_vote,
)

__all__ = [
    "EVIDENCE_ITEM",
    "MANDATE_ITEM",
    "MAX_WITNESSES",
    "WitnessInput",
    "appeal_decision_received",
    "appeal_file",
    "appeal_open_voting",
    "appeal_order_diligence",
    "appeal_record_diligence",
    "appeal_refuse_diligence",
    "appeal_vote",
    "commission_seat_assign",
    "commission_seat_vacate",
    "decision_context",
    "decision_summary",
    "vrte",
]
