"""Arts. 46 §1, 53 II, 55 I and 63 run by a real Celery worker on Redis, with exact dates."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.db import transaction

from accounts.roles import Role
from cases.models import Deadline
from cases.services.transitions import case_step
from cases.tasks import sweep_deadlines
from tests.factories import PASSWORD, AuthorizationFactory, UserFactory
from workflows.violation.models import ViolationNotice, ViolationState
from workflows.violation.services import violation_notice_issue, violation_notice_received

SP = ZoneInfo("America/Sao_Paulo")
pytestmark = pytest.mark.worker


def _state(notice) -> str:
    return ViolationNotice.objects.get(pk=notice.pk).state


def test_the_worker_archives_payment_overdue_and_closes_the_window_on_the_right_days(
    celery_worker_process, settings
):
    settings.FIRST_OFFENCE_WARNING = "as_well"  # item II with a fine and its clock
    agent, clerk = UserFactory(role=Role.FISCAL_AGENT), UserFactory(role=Role.CLERK)
    with time_machine.travel(dt.datetime(2026, 3, 30, 15, tzinfo=SP), tick=False):
        never_notified = violation_notice_issue(
            agent=agent,
            authorization=AuthorizationFactory(),
            item="X",
            place="Centro",
            occurred_at=dt.datetime(2026, 3, 30, 9, tzinfo=SP),
            password=PASSWORD,
        )
        notified = violation_notice_issue(
            agent=agent,
            authorization=AuthorizationFactory(),
            item="II",
            place="Centro",
            occurred_at=dt.datetime(2026, 3, 30, 9, tzinfo=SP),
            password=PASSWORD,
        )
    case_step(case=notified, action="send_notice", actor=clerk)
    with transaction.atomic():  # as the AR recording calls it
        violation_notice_received(case=notified, received_on=dt.date(2026, 4, 2), actor=clerk)
    due = {d.kind: d.due_on for d in Deadline.objects.filter(case=notified)}
    # Payment: 10 days from 2 Apr is Sunday 12 Apr; 13 Apr is an ES holiday: 14 Apr.
    # Appeal: 30 business days after 2 Apr: 20 May. Notification limit: 30 Mar + 60 = 29 May.
    assert (due["violation.payment"], due["violation.appeal_window"]) == (
        dt.date(2026, 4, 14),
        dt.date(2026, 5, 20),
    )
    assert Deadline.objects.get(case=never_notified).due_on == dt.date(2026, 5, 29)

    def sweep_as_of(day: dt.date) -> None:
        # Wait for this very sweep: the notices' PDF renders run on the same worker, and a
        # count of finished tasks could be met by one of them first.
        sent = celery_worker_process.send(sweep_deadlines, day.isoformat())
        celery_worker_process.wait_for(
            lambda: f"sweep_deadlines[{sent.id}] succeeded" in celery_worker_process.log.read_text()
        )

    sweep_as_of(dt.date(2026, 4, 14))  # the last day of payment: nothing yet
    assert _state(notified) == ViolationState.NOTIFIED
    sweep_as_of(dt.date(2026, 4, 15))
    assert _state(notified) == ViolationState.OVERDUE
    sweep_as_of(dt.date(2026, 5, 21))
    assert _state(notified) == ViolationState.FINAL
    assert _state(never_notified) == ViolationState.ISSUED
    sweep_as_of(dt.date(2026, 5, 30))
    assert _state(never_notified) == ViolationState.ARCHIVED
