"""Arts. 46, 47 §2, 55 and 63: recording the AR starts the payment and appeal clocks."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
import time_machine

from accounts.roles import Role
from cases.errors import RuleViolation, StateConflict
from cases.models import Deadline
from cases.services.deadlines import deadlines_sweep
from cases.services.transitions import case_act
from notifications.models import Notification
from notifications.post import letter_record_posting, letter_record_receipt
from tests.factories import PASSWORD, AuthorizationFactory, UserFactory, ViolationNoticeFactory
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


@pytest.fixture(autouse=True)
def _in_april_2026():
    # ARs recorded today (20 April) for deliveries early in April open payment windows
    # that already closed: the tests confirm them, as a clerk must (Art. 46; issue 12).
    # 2026-04-13 is an Espírito Santo holiday (Nossa Senhora da Penha).
    with time_machine.travel(dt.datetime(2026, 4, 20, 10, tzinfo=SP), tick=False):
        yield


@pytest.fixture
def letter(clerk):
    with time_machine.travel(dt.datetime(2026, 3, 30, 15, tzinfo=SP), tick=False):
        notice = violation_notice_issue(
            agent=UserFactory(role=Role.FISCAL_AGENT), authorization=AuthorizationFactory(),
            item="X", occurred_at=dt.datetime(2026, 3, 30, 9, tzinfo=SP), place="Praça Central",
            password=PASSWORD,
        )
        # The letter is written the day of the notice, before it is posted (Art. 46).
        case_act(case=notice, action="send_notice", actor=clerk, password=PASSWORD)
    letter = Notification.objects.get(case=notice, channel=Notification.Channel.REGISTERED_POST)
    return letter_record_posting(notification=letter, actor=clerk, tracking_code="JT123456785BR",
                                 posted_on=dt.date(2026, 3, 31))


def _deadlines(case):
    return {d.kind: (d.due_on, d.article, d.state) for d in Deadline.objects.filter(case=case)}


def test_sending_the_notice_writes_a_letter_with_the_address_on_file_art46(letter):
    notice = ViolationNotice.objects.get(pk=letter.case_id)
    assert notice.state == ViolationState.NOTIFICATION_SENT
    assert letter.legal and letter.letter is not None
    assert notice.applicant.address in letter.address
    assert "Art. 63" in letter.body and "Art. 55" in letter.body
    assert (letter.status, letter.tracking_code) == (Notification.Status.SENT, "JT123456785BR")


def test_a_delivery_recorded_on_the_ar_starts_both_clocks_art55_art63(letter, clerk):
    letter_record_receipt(notification=letter, actor=clerk, delivered_on=dt.date(2026, 4, 2),
                          receiver_name="Maria da Silva", receiver_document="RG 123",
                          ar_attached_on=dt.date(2026, 4, 6), confirm_closed_windows=True)
    notice = ViolationNotice.objects.get(pk=letter.case_id)
    assert (notice.state, notice.received_on) == (ViolationState.NOTIFIED, dt.date(2026, 4, 2))
    # Payment: 2 Apr + 10 = Sunday 12 Apr; 13 Apr is a state holiday: Tuesday 14 Apr.
    # Appeal: 30 business days after 2 Apr, skipping Good Friday, the ES holiday on 13 Apr,
    # Tiradentes and 1 May: 20 May.
    assert _deadlines(notice) == {
        "violation.notification_limit": (dt.date(2026, 5, 29), "Art. 46 §1; Art. 53 II",
                                         Deadline.State.CANCELLED),
        "violation.payment": (dt.date(2026, 4, 14), "Art. 55 I", Deadline.State.PENDING),
        "violation.appeal_window": (dt.date(2026, 5, 20), "Art. 63", Deadline.State.PENDING),
    }
    # The driver is told the dates, not "10 days".
    mail = Notification.objects.get(case=notice, template="violation_received")
    assert "14/04/2026" in mail.body and "20/05/2026" in mail.body


def test_a_letter_returned_for_an_outdated_address_still_counts_art47_p2(letter, clerk):
    letter_record_receipt(notification=letter, actor=clerk, return_reason="moved",
                          visit_on=dt.date(2026, 4, 3), ar_attached_on=dt.date(2026, 4, 8),
                          confirm_closed_windows=True)
    letter.refresh_from_db()
    notice = ViolationNotice.objects.get(pk=letter.case_id)
    assert (letter.status, letter.received_on) == (Notification.Status.RETURNED,
                                                   dt.date(2026, 4, 3))
    assert (notice.state, notice.received_on) == (ViolationState.NOTIFIED, dt.date(2026, 4, 3))


def test_a_letter_returned_because_nobody_was_home_does_not_count_art46(letter, clerk):
    letter_record_receipt(notification=letter, actor=clerk, return_reason="absent",
                          visit_on=dt.date(2026, 4, 3), ar_attached_on=dt.date(2026, 4, 8))
    notice = ViolationNotice.objects.get(pk=letter.case_id)
    assert notice.state == ViolationState.NOTIFICATION_SENT
    assert set(_deadlines(notice)) == {"violation.notification_limit"}


def test_the_clock_can_start_on_the_day_the_ar_is_attached(letter, clerk, settings):
    settings.NOTIFICATION_CLOCK_START = "ar_attached"
    letter_record_receipt(notification=letter, actor=clerk, delivered_on=dt.date(2026, 4, 2),
                          receiver_name="Maria", ar_attached_on=dt.date(2026, 4, 6),
                          confirm_closed_windows=True)
    notice = ViolationNotice.objects.get(pk=letter.case_id)
    assert notice.received_on == dt.date(2026, 4, 6)
    assert _deadlines(notice)["violation.payment"][0] == dt.date(2026, 4, 16)


def test_bad_ar_input_is_refused_and_nothing_changes(letter, clerk):
    cases = [
        {"delivered_on": dt.date(2026, 4, 2), "ar_attached_on": dt.date(2026, 4, 1),
         "receiver_name": "Maria"},  # attached before delivery
        {"delivered_on": dt.date(2026, 3, 30), "ar_attached_on": dt.date(2026, 4, 6),
         "receiver_name": "Maria"},  # delivered before posting
        {"delivered_on": dt.date(2026, 4, 30), "ar_attached_on": dt.date(2026, 4, 30),
         "receiver_name": "Maria"},  # in the future
        {"ar_attached_on": dt.date(2026, 4, 6)},  # neither delivered nor returned
        {"delivered_on": dt.date(2026, 4, 2), "ar_attached_on": dt.date(2026, 4, 6)},  # no name
        {"return_reason": "moved", "ar_attached_on": dt.date(2026, 4, 6)},  # no visit date
    ]
    for kwargs in cases:
        with pytest.raises(RuleViolation):
            letter_record_receipt(notification=letter, actor=clerk, **kwargs)
    letter.refresh_from_db()
    assert (letter.status, letter.received_on) == (Notification.Status.SENT, None)
    assert ViolationNotice.objects.get(pk=letter.case_id).state == (
        ViolationState.NOTIFICATION_SENT)


def test_an_invalid_tracking_code_is_refused(clerk):
    notice = ViolationNoticeFactory()
    case_act(case=notice, action="send_notice", actor=clerk, password=PASSWORD)
    letter = Notification.objects.get(case=notice, channel=Notification.Channel.REGISTERED_POST)
    with pytest.raises(RuleViolation, match="rastreamento"):
        letter_record_posting(notification=letter, actor=clerk, tracking_code="JT123456789BR",
                              posted_on=dt.date(2026, 4, 1))
    with pytest.raises(StateConflict):
        letter_record_receipt(notification=letter, actor=clerk, delivered_on=dt.date(2026, 4, 2),
                              receiver_name="Maria", ar_attached_on=dt.date(2026, 4, 6))


def test_sixty_days_without_notification_archive_the_notice_art46_p1_art53_ii():
    from accounts.roles import Role
    from tests.factories import AuthorizationFactory, UserFactory
    from workflows.violation.services import violation_notice_issue

    notice = violation_notice_issue(
        agent=UserFactory(role=Role.FISCAL_AGENT), authorization=AuthorizationFactory(),
        item="X", occurred_at=dt.datetime(2026, 4, 20, 8, tzinfo=SP), place="Rua A",
        password=PASSWORD,
    )
    limit = Deadline.objects.get(case=notice)
    # 20 Apr + 60 = 19 Jun (a Friday).
    assert limit.due_on == dt.date(2026, 6, 19)
    assert deadlines_sweep(today=dt.date(2026, 6, 19)).applied == 0
    assert deadlines_sweep(today=dt.date(2026, 6, 20)).applied == 1
    assert ViolationNotice.objects.get(pk=notice.pk).state == ViolationState.ARCHIVED


def test_item_xxi_cannot_be_cited_art58(clerk):
    from accounts.roles import Role
    from tests.factories import AuthorizationFactory, UserFactory
    from workflows.violation.services import violation_notice_issue

    with pytest.raises(RuleViolation) as caught:
        violation_notice_issue(agent=UserFactory(role=Role.FISCAL_AGENT),
                        authorization=AuthorizationFactory(), item="XXI",
                        occurred_at=dt.datetime(2026, 4, 20, 8, tzinfo=SP), place="Rua A",
                        password=PASSWORD)
    assert "XXI" in caught.value.article
    assert not ViolationNotice.objects.exists()
