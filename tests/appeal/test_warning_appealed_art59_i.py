"""Art. 59 I with Arts. 52 and 55 II: an appeal against a written warning given instead of
the fine, when denied, keeps the warning — with no "10 days to pay" in the decision or its
letter, and no payment clock left open (issue 19, item 1)."""

from __future__ import annotations

import pytest

from cases.models import Deadline
from cases.services.transitions import case_act
from notifications.models import Notification
from tests.appeal.factories import filed_appeal, notified_notice
from tests.factories import PASSWORD
from workflows.appeal.models import AppealCase, Outcome
from workflows.violation.models import ViolationNotice, ViolationState

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_20_april_2026")]


def test_art_59_i_a_warning_upheld_on_appeal_has_nothing_to_pay(members):
    notice = notified_notice(item="X")  # first group 2 infraction: the warning only
    assert notice.fine_vrte == 0
    appeal = filed_appeal(notice)
    case_act(case=appeal, action="open_voting", actor=members[0])
    for member in members[1:]:
        case_act(
            case=appeal,
            action="vote",
            actor=member,
            vote=Outcome.DENIED,
            reason="R.",
            password=PASSWORD,
        )

    appeal = AppealCase.objects.get(pk=appeal.pk)
    assert "Advertência escrita (Art. 59 I)" in appeal.summary
    assert "A multa deve ser paga" not in appeal.summary
    letter = Notification.objects.get(
        case=appeal, template="appeal_decided", channel=Notification.Channel.REGISTERED_POST
    )
    assert "vencimento da multa" not in letter.body
    notice = ViolationNotice.objects.get(pk=notice.pk)
    assert notice.state == ViolationState.FINAL
    assert not Deadline.objects.filter(case=notice, state=Deadline.State.PENDING).exists()
