"""Art. 55 II: a denied appeal leaves 10 days to pay, counted from the day the decision's
notice counts as received (its AR, Arts. 46 §2 and 47 §2)."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine

from cases.models import Deadline
from cases.services.deadlines import deadlines_sweep
from cases.services.transitions import case_act
from notifications.models import Notification
from notifications.post import letter_record_posting, letter_record_receipt
from tests.appeal.factories import SP, filed_appeal, notified_notice
from tests.factories import PASSWORD
from workflows.appeal.models import AppealCase, Outcome
from workflows.violation.models import ViolationNotice, ViolationState

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _first_offence_fined(settings):
    """These notices are about a fine's clocks: the first group 1-2 infraction is fined
    with its warning (Art. 59 I-II, FIRST_OFFENCE_WARNING=as_well); under `instead` it has
    no fine and no payment clock (tests/violation/test_warning_is_not_a_fine_art59_i.py)."""
    settings.FIRST_OFFENCE_WARNING = "as_well"


def _at(day: dt.date):
    return time_machine.travel(dt.datetime.combine(day, dt.time(10), tzinfo=SP), tick=False)


def _decided_and_posted(members, clerk, votes):
    """Notified on 3 March 2026, appealed on 10 March, decided on 20 March, the letter
    posted on 31 March."""
    notice = notified_notice(received_on=dt.date(2026, 3, 3))
    with _at(dt.date(2026, 3, 10)):
        appeal = filed_appeal(notice)
    with _at(dt.date(2026, 3, 20)):
        case_act(case=appeal, action="open_voting", actor=members[0])
        for member, vote in zip(members, votes, strict=False):
            case_act(
                case=appeal,
                action="vote",
                actor=member,
                vote=vote,
                reason="Razões.",
                password=PASSWORD,
            )
    letter = Notification.objects.get(case=appeal, channel=Notification.Channel.REGISTERED_POST)
    with _at(dt.date(2026, 3, 31)):
        letter_record_posting(
            notification=letter,
            actor=clerk,
            tracking_code="JT123456785BR",
            posted_on=dt.date(2026, 3, 31),
        )
    return AppealCase.objects.get(pk=appeal.pk), letter


def test_the_ar_of_a_denial_starts_the_10_days_to_pay_art55_ii(members, clerk):
    appeal, letter = _decided_and_posted(members, clerk, [Outcome.DENIED, Outcome.DENIED])
    notice = appeal.notice
    assert not Deadline.objects.filter(case=notice, kind="violation.decision_payment").exists()
    # when the AR shows delivery on Thursday 2 April 2026
    with _at(dt.date(2026, 4, 20)):
        letter_record_receipt(
            notification=letter,
            actor=clerk,
            delivered_on=dt.date(2026, 4, 2),
            receiver_name="Maria da Silva",
            ar_attached_on=dt.date(2026, 4, 6),
        )
    # then 2 Apr + 10 = Sunday 12 Apr; 13 Apr is an Espírito Santo holiday: Tuesday 14 Apr
    deadline = Deadline.objects.get(case=notice, kind="violation.decision_payment")
    assert (deadline.due_on, deadline.article, deadline.counting, deadline.state) == (
        dt.date(2026, 4, 14),
        "Art. 55 II",
        Deadline.Counting.CALENDAR_DAYS,
        Deadline.State.PENDING,
    )
    # and the appellant is told the date, not "10 days"
    mail = Notification.objects.get(case=appeal, template="appeal_payment_due")
    assert "14/04/2026" in mail.body and "02/04/2026" in mail.body and "Art. 55 II" in mail.body
    # unpaid after that day, the penalty becomes final
    assert deadlines_sweep(today=dt.date(2026, 4, 14)).applied == 0
    assert deadlines_sweep(today=dt.date(2026, 4, 15)).applied == 1
    assert ViolationNotice.objects.get(pk=notice.pk).state == ViolationState.FINAL


def test_the_ar_of_a_granted_appeal_starts_no_clock_art55_ii(members, clerk):
    appeal, letter = _decided_and_posted(members, clerk, [Outcome.GRANTED, Outcome.GRANTED])
    with _at(dt.date(2026, 4, 20)):
        letter_record_receipt(
            notification=letter,
            actor=clerk,
            delivered_on=dt.date(2026, 4, 2),
            receiver_name="Maria da Silva",
            ar_attached_on=dt.date(2026, 4, 6),
        )
    assert ViolationNotice.objects.get(pk=appeal.notice_id).state == ViolationState.OVERTURNED
    assert not Deadline.objects.filter(
        case=appeal.notice, kind="violation.decision_payment"
    ).exists()
    assert not Notification.objects.filter(template="appeal_payment_due").exists()
