"""Issue 12 §1: the dates of a registered notice are bounded by the case's own facts
(Arts. 46, 47, 71): posted after written, delivered after posted, nothing before the law;
an AR whose date closes a window at once needs the clerk's explicit confirmation, and the
timeline says so."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
import time_machine
from rest_framework.test import APIClient

from accounts.roles import Role
from cases.errors import RuleViolation
from cases.models import AuditEvent, Deadline
from cases.services.transitions import case_act
from notifications.models import Notification
from notifications.post import letter_record_posting, letter_record_receipt
from tests.factories import PASSWORD, AuthorizationFactory, UserFactory
from workflows.violation.models import ViolationNotice, ViolationState
from workflows.violation.services import violation_notice_issue

SP = ZoneInfo("America/Sao_Paulo")
pytestmark = pytest.mark.django_db


def _at(year, month, day, hour=10):
    return time_machine.travel(dt.datetime(year, month, day, hour, tzinfo=SP), tick=False)


@pytest.fixture(autouse=True)
def _a_fine_to_pay(settings):
    """The payment window (Art. 55 I) is a fine's: the first offence is fined as well as
    warned (Art. 59 I-II, FIRST_OFFENCE_WARNING=as_well); under `instead` it has none."""
    settings.FIRST_OFFENCE_WARNING = "as_well"


@pytest.fixture
def clerk_user():
    return UserFactory(role=Role.CLERK)


@pytest.fixture
def unposted(clerk_user):
    """A notice issued and its letter written on Monday 30 March 2026."""
    with _at(2026, 3, 30, 15):
        notice = violation_notice_issue(
            agent=UserFactory(role=Role.FISCAL_AGENT),
            authorization=AuthorizationFactory(),
            item="X",
            occurred_at=dt.datetime(2026, 3, 30, 9, tzinfo=SP),
            place="Praça Central",
            password=PASSWORD,
        )
        case_act(case=notice, action="send_notice", actor=clerk_user, password=PASSWORD)
    return Notification.objects.get(case=notice, channel=Notification.Channel.REGISTERED_POST)


@pytest.fixture
def posted(unposted, clerk_user):
    with _at(2026, 3, 31):
        return letter_record_posting(
            notification=unposted,
            actor=clerk_user,
            tracking_code="JT123456785BR",
            posted_on=dt.date(2026, 3, 31),
        )


def test_art_46_a_letter_cannot_be_posted_before_it_was_written(unposted, clerk_user):
    with _at(2026, 4, 1), pytest.raises(RuleViolation) as refused:
        letter_record_posting(
            notification=unposted,
            actor=clerk_user,
            tracking_code="JT123456785BR",
            posted_on=dt.date(2026, 3, 20),
        )
    assert "30/03/2026" in str(refused.value)
    unposted.refresh_from_db()
    assert (unposted.status, unposted.posted_on) == (Notification.Status.QUEUED, None)


def test_art_71_a_delivery_attempt_on_01_01_0001_is_refused(posted, clerk_user):
    client = APIClient()
    client.force_authenticate(clerk_user)
    with _at(2026, 4, 2):
        response = client.post(
            f"/api/notifications/{posted.pk}/attempts/",
            {"attempted_on": "0001-01-01"},
            format="json",
        )
    assert response.status_code == 400
    body = response.json()
    # Refused at the door by the date's bound (core.dates: not before the law, Art. 71).
    message = body["fields"]["attempted_on"][0]
    assert "01/01/0001" in message and "28/07/2023" in message
    assert not posted.attempts_made.exists()


def test_art_46_an_ar_a_year_before_the_notice_is_refused(posted, clerk_user):
    with _at(2026, 4, 6), pytest.raises(RuleViolation):
        letter_record_receipt(
            notification=posted,
            actor=clerk_user,
            delivered_on=dt.date(2025, 4, 2),
            receiver_name="Maria",
            ar_attached_on=dt.date(2026, 4, 6),
        )
    notice = ViolationNotice.objects.get(pk=posted.case_id)
    assert notice.state == ViolationState.NOTIFICATION_SENT
    assert not Deadline.objects.filter(case=notice, kind="violation.payment").exists()


def test_art_46_an_ar_that_closes_the_payment_window_at_once_needs_confirmation(posted, clerk_user):
    receipt = {
        "notification": posted,
        "actor": clerk_user,
        "delivered_on": dt.date(2026, 4, 2),
        "receiver_name": "Maria",
        "ar_attached_on": dt.date(2026, 4, 6),
    }
    # Recorded on 30 April: the payment window (Art. 55 I) closed on 14 April.
    with _at(2026, 4, 30), pytest.raises(RuleViolation) as refused:
        letter_record_receipt(**receipt)
    assert refused.value.code == "windows_already_closed"
    assert "14/04/2026" in str(refused.value)
    posted.refresh_from_db()
    assert posted.status == Notification.Status.SENT
    notice = ViolationNotice.objects.get(pk=posted.case_id)
    assert notice.state == ViolationState.NOTIFICATION_SENT
    assert not AuditEvent.objects.filter(case=notice, transition="return_receipt").exists()

    with _at(2026, 4, 30):
        letter_record_receipt(**receipt, confirm_closed_windows=True)
    notice = ViolationNotice.objects.get(pk=posted.case_id)
    assert notice.state == ViolationState.NOTIFIED
    confirmed = AuditEvent.objects.get(case=notice, transition="windows_closed_at_record")
    assert "14/04/2026" in confirmed.note and confirmed.actor == clerk_user


def test_art_46_the_api_takes_the_confirmation_as_an_input(posted, clerk_user):
    client = APIClient()
    client.force_authenticate(clerk_user)
    payload = {
        "delivered_on": "2026-04-02",
        "receiver_name": "Maria",
        "ar_attached_on": "2026-04-06",
    }
    url = f"/api/notifications/{posted.pk}/receipt/"
    with _at(2026, 4, 30):
        refused = client.post(url, payload, format="json")
        assert (refused.status_code, refused.json()["code"]) == (400, "windows_already_closed")
        accepted = client.post(url, {**payload, "confirm_closed_windows": True}, format="json")
    assert accepted.status_code == 200, accepted.content


def test_art_46_a_timely_ar_needs_no_confirmation(posted, clerk_user):
    with _at(2026, 4, 6):
        letter_record_receipt(
            notification=posted,
            actor=clerk_user,
            delivered_on=dt.date(2026, 4, 2),
            receiver_name="Maria",
            ar_attached_on=dt.date(2026, 4, 6),
        )
    assert ViolationNotice.objects.get(pk=posted.case_id).state == ViolationState.NOTIFIED
