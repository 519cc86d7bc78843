"""Telling the driver when a notice's penalty starts to be served (Art. 59, Art. 63 §1).

A penalty stands when the appeal window closes, when the fine is paid, or when an appeal
is decided. The appeal's decision goes out by registered letter and e-mail with the
penalty in full (workflows.appeal); the other two happen with nobody writing to the
driver, yet a suspension or impediment starts that very day. This e-mail says what now
applies and from when to when, in the same words as every other paper
(documents.penalties).
"""

from __future__ import annotations

from typing import Any

from documents.penalties import penalty_lines, penalty_of_notice
from notifications.models import Notification
from notifications.services import notification_queue

UPHELD_ON_APPEAL = "upheld"
"""workflows.violation.models.ViolationState.UPHELD: the decision's letter already told it."""


def penalties_applied_notify(*, notice: Any) -> Notification | None:
    """Queue the e-mail, in the caller's transaction, unless an appeal's decision told it.

    `notice` is a workflows.violation.models.ViolationNotice whose penalties were just applied; the
    e-mail goes to the holder, who answers for the authorization (Art. 48), and to an
    identified auxiliary as well, whose record gets the points (Art. 49).
    """
    if notice.state == UPHELD_ON_APPEAL:
        return None
    context = {"notice": notice, "penalty_lines": penalty_lines(penalty_of_notice(notice))}
    first = notification_queue(
        case=notice, recipient=notice.applicant, template="violation_penalties_applied",
        context=context,
    )
    if notice.offender_id and notice.offender_id != notice.applicant_id:
        notification_queue(
            case=notice, recipient=notice.offender, template="violation_penalties_applied",
            context=context,
        )
    return first
