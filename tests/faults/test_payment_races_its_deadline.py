"""Art. 55 I against Art. 55's payment: a fine paid while its payment deadline expires,
raced many times (issue 12: a thousand; FAULTS_RACES, CI default 200). The clerk's payment
and the sweeper run at once, each on its own database connection; afterwards every notice
is in one consistent state with exactly the audit events that state implies."""

from __future__ import annotations

import datetime as dt
import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from cases.models import AuditEvent, Deadline
from cases.services.deadlines import deadlines_sweep
from tests.factories import ViolationNoticeFactory
from tests.faults.conftest import RACES
from workflows.violation.models import ViolationNotice, ViolationState
from workflows.violation.services import (
    APPEAL_WINDOW,
    PAYMENT,
    violation_notice_received,
    violation_pay,
)

pytestmark = pytest.mark.faults


def _expected() -> tuple[str, list[str], list[str], str]:
    """The state, the events after the AR when the payment came first (its deadline
    cancelled, or moot if the sweeper had already claimed it) and when the fine fell
    overdue first (Art. 55 I), and the appeal window's row afterwards.

    Paid within the appeal window, the window stays open (Art. 63) unless the
    municipality reads payment as giving the appeal up (PAYMENT_ENDS_APPEAL)."""
    if settings.PAYMENT_ENDS_APPEAL:
        pay = ["pay", "penalties_applied"]
        return ViolationState.PAID, pay, ["fall_overdue", *pay], Deadline.State.CANCELLED
    pay = ["pay_keeping_appeal"]
    return (ViolationState.PAID_APPEAL_OPEN, pay, ["fall_overdue", *pay], Deadline.State.PENDING)


@pytest.fixture(autouse=True)
def _no_broker(monkeypatch):
    """The e-mail and PDF tasks queued at commit are not this test's subject."""
    monkeypatch.setattr("notifications.services._enqueue", lambda pk: None)
    monkeypatch.setattr("documents.services._enqueue", lambda pk: None)


def _notified_notice(clerk) -> ViolationNotice:
    today = timezone.localdate()
    notice = ViolationNoticeFactory(
        notification_sent=True,
        issued_on=today - dt.timedelta(days=25),
        occurred_at=timezone.now() - dt.timedelta(days=25),
        opened_at=timezone.now() - dt.timedelta(days=25),
    )
    with transaction.atomic():  # as the AR recording calls it: the clocks start
        violation_notice_received(
            case=notice, received_on=today - dt.timedelta(days=20), actor=clerk
        )
    return notice


def _events_after_notice(notice: ViolationNotice) -> list[str]:
    events = list(
        AuditEvent.objects.filter(case=notice)
        .order_by("at", "pk")
        .values_list("transition", flat=True)
    )
    return events[events.index("notify") + 1 :]


@pytest.mark.django_db(transaction=True)
def test_a_payment_racing_its_expiry_leaves_one_consistent_state(clerk):
    state, paid_in_time, paid_late, appeal_state = _expected()
    outcomes: Counter[str] = Counter()
    errors: list[BaseException] = []

    def in_thread(func, *args):  # noqa: ANN001, ANN202
        try:
            return func(*args)
        except BaseException as exc:  # noqa: BLE001 — reported below
            errors.append(exc)
            raise
        finally:
            connection.close()  # each race on fresh connections of the threads' own

    with ThreadPoolExecutor(max_workers=2) as pool:
        for _ in range(RACES):
            notice = _notified_notice(clerk)
            [payment] = Deadline.objects.filter(case=notice, kind=PAYMENT)
            assert payment.due_on < timezone.localdate()  # due: the sweeper will take it
            start = threading.Barrier(2, timeout=30)

            def pay(pk: int = notice.pk, start: threading.Barrier = start) -> None:
                start.wait()
                violation_pay(case=ViolationNotice.objects.get(pk=pk), actor=clerk)

            def sweep(start: threading.Barrier = start) -> None:
                start.wait()
                deadlines_sweep(seconds=10)

            futures = [pool.submit(in_thread, pay), pool.submit(in_thread, sweep)]
            for future in futures:
                future.exception(timeout=60)
            assert not errors, errors
            # A row left for a busy case is the next sweep's.
            deadlines_sweep(seconds=10)

            notice.refresh_from_db()
            payment.refresh_from_db()
            events = _events_after_notice(notice)
            appeal = Deadline.objects.get(case=notice, kind=APPEAL_WINDOW)
            assert notice.state == state, (notice.pk, notice.state, events)
            assert appeal.state == appeal_state
            if events == paid_late:
                assert payment.state == Deadline.State.DONE, events
                outcomes["overdue, then paid"] += 1
            else:
                assert events == paid_in_time, (notice.pk, events)
                assert payment.state in (Deadline.State.CANCELLED, Deadline.State.MOOT)
                outcomes[f"paid, deadline {payment.state}"] += 1
            # The queue's column: the appeal window's last day while it runs, else nothing.
            assert notice.next_due_on == (
                appeal.due_on if appeal.state == Deadline.State.PENDING else None
            )
    assert sum(outcomes.values()) == RACES
    print(dict(outcomes))  # which interleavings the races produced (shown with -s)
