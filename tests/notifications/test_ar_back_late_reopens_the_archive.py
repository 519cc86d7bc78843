"""Arts. 46 §1 and 53 II: a notice delivered within the 60 days counts as notified on the
delivery date on the AR, even when the AR comes back after the sweeper archived it; the
archive waits a grace period for ARs still in the post (issue 9, item 9)."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
import time_machine

from accounts.roles import Role
from cases.models import AuditEvent, Deadline
from cases.services.deadlines import deadlines_sweep
from cases.services.transitions import case_act
from notifications.models import Notification
from notifications.post import letter_record_posting, letter_record_receipt
from tests.factories import PASSWORD, AuthorizationFactory, UserFactory
from workflows.violation.models import ViolationNotice, ViolationState
from workflows.violation.services import violation_notice_issue

SP = ZoneInfo("America/Sao_Paulo")
pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _first_offence_fined(settings):
    """These notices are about a fine's clocks (Art. 55): the first group 1-2 infraction
    is fined with its warning (FIRST_OFFENCE_WARNING=as_well); under `instead` it has no
    fine and no payment clock (tests/violation/test_warning_is_not_a_fine_art59_i.py)."""
    settings.FIRST_OFFENCE_WARNING = "as_well"

# Found on 30/03/2026: the 60 days end on Friday 29/05/2026.
LIMIT = dt.date(2026, 5, 29)


def _at(day):
    return time_machine.travel(dt.datetime(day.year, day.month, day.day, 10, tzinfo=SP),
                               tick=False)


@pytest.fixture
def letter(clerk):
    with _at(dt.date(2026, 3, 30)):
        notice = violation_notice_issue(
            agent=UserFactory(role=Role.FISCAL_AGENT), authorization=AuthorizationFactory(),
            item="X", occurred_at=dt.datetime(2026, 3, 30, 9, tzinfo=SP), place="Praça Central",
            password=PASSWORD,
        )
        case_act(case=notice, action="send_notice", actor=clerk, password=PASSWORD)
    letter = Notification.objects.get(case=notice, channel=Notification.Channel.REGISTERED_POST)
    with _at(dt.date(2026, 5, 20)):
        return letter_record_posting(notification=letter, actor=clerk,
                                     tracking_code="JT123456785BR", posted_on=dt.date(2026, 5, 20))


def test_art_53_ii_the_archive_waits_the_grace_period_for_ars_in_the_post(letter, settings):
    settings.NOTICE_ARCHIVE_GRACE_DAYS = 15
    notice = ViolationNotice.objects.get(pk=letter.case_id)
    with _at(dt.date(2026, 5, 30)):
        deadlines_sweep(today=dt.date(2026, 5, 30))
    notice.refresh_from_db()
    assert notice.state == ViolationState.NOTIFICATION_SENT
    waiting = Deadline.objects.get(case=notice, kind="violation.notification_archive")
    assert (waiting.due_on, waiting.state) == (dt.date(2026, 6, 13), Deadline.State.PENDING)
    assert AuditEvent.objects.get(case=notice, transition="awaiting_ar").article == (
        "Art. 46 §1; Art. 53 II"
    )
    with _at(dt.date(2026, 6, 14)):
        deadlines_sweep(today=dt.date(2026, 6, 14))
    notice.refresh_from_db()
    assert notice.state == ViolationState.ARCHIVED


def test_art_53_ii_an_ar_back_late_with_delivery_in_time_reopens_the_archive(
    letter, clerk, settings
):
    settings.NOTICE_ARCHIVE_GRACE_DAYS = 0
    notice = ViolationNotice.objects.get(pk=letter.case_id)
    with _at(dt.date(2026, 5, 30)):
        deadlines_sweep(today=dt.date(2026, 5, 30))
    assert ViolationNotice.objects.get(pk=notice.pk).state == ViolationState.ARCHIVED
    # The AR comes back on 10/06 showing delivery on 28/05, within the 60 days
    with _at(dt.date(2026, 6, 10)):
        # The payment window it opens (to 08/06) is already over: the clerk confirms it.
        letter_record_receipt(notification=letter, actor=clerk, delivered_on=dt.date(2026, 5, 28),
                              receiver_name="Maria da Silva", ar_attached_on=dt.date(2026, 6, 10),
                              confirm_closed_windows=True)
    notice.refresh_from_db()
    assert (notice.state, notice.received_on) == (ViolationState.NOTIFIED, dt.date(2026, 5, 28))
    reopened = AuditEvent.objects.get(case=notice, transition="reopen_notified")
    assert reopened.article == "Art. 46 §1; Art. 53 II"
    assert "28/05/2026" in reopened.note and "29/05/2026" in reopened.note
    # and the clocks run from the delivery
    rows = {d.kind: d.due_on for d in Deadline.objects.filter(case=notice,
                                                              state=Deadline.State.PENDING)}
    assert rows["violation.payment"] == dt.date(2026, 6, 8)


def test_art_53_ii_an_ar_showing_delivery_after_the_limit_leaves_it_archived(
    letter, clerk, settings
):
    settings.NOTICE_ARCHIVE_GRACE_DAYS = 0
    notice = ViolationNotice.objects.get(pk=letter.case_id)
    with _at(dt.date(2026, 5, 30)):
        deadlines_sweep(today=dt.date(2026, 5, 30))
    with _at(dt.date(2026, 6, 10)):
        letter_record_receipt(notification=letter, actor=clerk, delivered_on=dt.date(2026, 6, 1),
                              receiver_name="Maria da Silva", ar_attached_on=dt.date(2026, 6, 10))
    notice.refresh_from_db()
    assert notice.state == ViolationState.ARCHIVED
    assert AuditEvent.objects.get(case=notice, transition="ar_after_limit").article == (
        "Art. 46 §1; Art. 53 II"
    )
