"""Violation notice (auto de infração), Arts. 42-51 and 53-58: the notice and its clocks.

    issued ──send_notice──▶ notification_sent ──notify (AR recorded)──▶ notified
      │  (system, 60 days: Arts. 46 §1, 53 II) ▶ archived          │  pay ▶ paid
      annul (Art. 53 I) ▶ annulled      (system, Art. 55 I) overdue ◀┤
                                     (system, Art. 63) final ◀───────┘

Penalty assessment (points, escalation) and appeals come with the enforcement chapter.
"""

from __future__ import annotations

from workflows.violation.selectors import final_history, vrte_on
from workflows.violation.services import handlers  # noqa: F401  (registers its deadline handlers)
from workflows.violation.services.appeals import (
    appeal_window_closes,
    violation_appeal_decided,
    violation_appeal_filed,
    violation_decision_received,
)
from workflows.violation.services.common import (
    APPEAL_WINDOW,
    CENTS,
    DECISION_PAYMENT,
    NOTIFICATION_ARCHIVE,
    NOTIFICATION_LIMIT,
    PAYMENT,
    PENALTY_PERIOD_END,
    no_fine_message,
    penalty_policy,
    responsible_driver,
)
from workflows.violation.services.issue import (
    offender_for,
    require_fiscal_agent,
    violation_notice_context,
    violation_notice_issue,
    violation_notices_issue,
    violation_notices_issue_for_conductor,
)
from workflows.violation.services.notice import (
    violation_annul,
    violation_notice_received,
    violation_pay,
    violation_send_notice,
)
from workflows.violation.services.penalties import (
    REASSESSABLE,
    penalty_impediment_lift,
    violation_penalties_apply,
)

__all__ = [
    "APPEAL_WINDOW",
    "CENTS",
    "DECISION_PAYMENT",
    "NOTIFICATION_ARCHIVE",
    "NOTIFICATION_LIMIT",
    "PAYMENT",
    "PENALTY_PERIOD_END",
    "REASSESSABLE",
    "appeal_window_closes",
    "final_history",
    "no_fine_message",
    "violation_notices_issue_for_conductor",
    "offender_for",
    "penalty_impediment_lift",
    "penalty_policy",
    "require_fiscal_agent",
    "responsible_driver",
    "violation_annul",
    "violation_appeal_decided",
    "violation_appeal_filed",
    "violation_decision_received",
    "violation_notice_issue",
    "violation_notice_context",
    "violation_notice_received",
    "violation_pay",
    "violation_penalties_apply",
    "violation_send_notice",
    "violation_notices_issue",
    "vrte_on",
]
