"""Arts. 55 and 63: paying the fine does not silently end the right to appeal; an appeal
granted after payment records the refund owed. A setting keeps the other reading (issue
9, item 7)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
import time_machine

from accounts.roles import Role
from cases.models import AuditEvent, Deadline
from cases.services.deadlines import deadlines_sweep
from registers.models import PointRecord, VrteValue
from tests.factories import PASSWORD, AuthorizationFactory, UserFactory
from workflows.violation.models import ViolationNotice, ViolationState
from workflows.violation.services import (
    violation_appeal_decided,
    violation_appeal_filed,
    violation_notice_received,
    violation_notices_issue,
    violation_pay,
)

SP = ZoneInfo("America/Sao_Paulo")
pytestmark = pytest.mark.django_db


def _at(day):
    return time_machine.travel(dt.datetime(day.year, day.month, day.day, 10, tzinfo=SP),
                               tick=False)


@pytest.fixture
def notice():
    from cases.services.transitions import case_step

    VrteValue.objects.create(year=2026, value=Decimal("4.7331"))
    clerk = UserFactory(role=Role.CLERK)
    with _at(dt.date(2026, 5, 4)):
        [issued] = violation_notices_issue(
            agent=UserFactory(role=Role.FISCAL_AGENT), authorization=AuthorizationFactory(),
            items=["XIV"], occurred_at=dt.datetime(2026, 5, 2, 9, tzinfo=SP), place="Centro",
            password=PASSWORD,
        )
        case_step(case=issued, action="send_notice", actor=clerk)
        violation_notice_received(case=issued, received_on=dt.date(2026, 5, 4), actor=clerk)
    return ViolationNotice.objects.get(pk=issued.pk)


def test_art_55_art_63_payment_is_recorded_and_the_appeal_window_stays_open(notice):
    clerk = UserFactory(role=Role.CLERK)
    with _at(dt.date(2026, 5, 8)):
        paid = violation_pay(case=notice, actor=clerk)
    assert (paid.state, paid.paid_on) == (ViolationState.PAID_APPEAL_OPEN, dt.date(2026, 5, 8))
    window = Deadline.objects.get(case=notice, kind="violation.appeal_window")
    assert window.state == Deadline.State.PENDING
    # the notice the driver received said so
    from notifications.models import Notification

    received = Notification.objects.filter(case=notice, template="violation_received")
    assert received.exists()
    assert all("Pagar a multa não impede o recurso" in n.body for n in received)
    event = AuditEvent.objects.filter(case=notice, transition="pay_keeping_appeal").get()
    assert event.article == "Art. 55 I; Art. 63"
    assert window.due_on.strftime("%d/%m/%Y") in event.note
    # nothing stands yet: no points, the appeal is still possible
    assert not PointRecord.objects.exists()
    # When the window closes without an appeal, the penalty stands and the case is paid
    deadlines_sweep(today=window.due_on + dt.timedelta(days=1))
    notice.refresh_from_db()
    assert notice.state == ViolationState.PAID
    assert PointRecord.objects.count() == 1


def test_art_63_an_appeal_granted_after_payment_records_the_refund_owed(notice):
    clerk = UserFactory(role=Role.CLERK)
    with _at(dt.date(2026, 5, 8)):
        violation_pay(case=notice, actor=clerk)
    with _at(dt.date(2026, 5, 20)):
        from django.db import transaction

        with transaction.atomic():
            violation_appeal_filed(case=notice, actor=clerk, filed_on=dt.date(2026, 5, 20))
        assert ViolationNotice.objects.get(pk=notice.pk).state == ViolationState.APPEALED
        with transaction.atomic():
            decided = violation_appeal_decided(case=notice, actor=None, granted=True,
                                               note="Provido.")
    assert decided.state == ViolationState.OVERTURNED
    assert decided.refund_owed_reais == decided.fine_reais == Decimal("709.97")
    refund = AuditEvent.objects.get(case=notice, transition="refund_owed")
    assert refund.article == "Art. 63 §1"
    assert refund.data == {"amount": "709.97", "paid_on": "2026-05-08"}
    assert not PointRecord.objects.exists()


def test_art_63_an_appeal_denied_after_payment_leaves_the_case_paid(notice):
    clerk = UserFactory(role=Role.CLERK)
    with _at(dt.date(2026, 5, 8)):
        violation_pay(case=notice, actor=clerk)
    with _at(dt.date(2026, 5, 20)):
        from django.db import transaction

        with transaction.atomic():
            violation_appeal_filed(case=notice, actor=clerk, filed_on=dt.date(2026, 5, 20))
        with transaction.atomic():
            decided = violation_appeal_decided(case=notice, actor=None, granted=False)
    assert (decided.state, decided.refund_owed_reais) == (ViolationState.PAID, None)
    assert PointRecord.objects.count() == 1


def test_art_55_the_other_reading_payment_ends_the_right_to_appeal(notice, settings):
    settings.PAYMENT_ENDS_APPEAL = True
    with _at(dt.date(2026, 5, 8)):
        paid = violation_pay(case=notice, actor=UserFactory(role=Role.CLERK))
    assert paid.state == ViolationState.PAID
    assert not Deadline.objects.filter(
        case=notice, state=Deadline.State.PENDING,
        kind__in=["violation.payment", "violation.appeal_window"],
    ).exists()
    assert PointRecord.objects.count() == 1
