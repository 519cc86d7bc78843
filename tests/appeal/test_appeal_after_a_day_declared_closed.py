"""Art. 63 and CPC art. 224 §1: a day declared closed after the appeal window was set moves
it, and an appeal filed on the new last day is accepted (issue 9, item 4)."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
import time_machine

from accounts.roles import Role
from cases.errors import RuleViolation
from cases.models import AuditEvent, Deadline
from municipal.services.calendar import calendar_day_declare
from registers.models import CalendarDay
from tests.appeal.factories import filed_appeal, notified_notice
from tests.factories import UserFactory
from workflows.violation.models import ViolationNotice, ViolationState

SP = ZoneInfo("America/Sao_Paulo")
pytestmark = pytest.mark.django_db

# The day the act is published: before the days it declares (it never looks back).
ACT_DAY = dt.date(2026, 1, 5)


def _at(day):
    return time_machine.travel(dt.datetime(day.year, day.month, day.day, 10, tzinfo=SP), tick=False)


def test_art_63_cpc_224_p1_carnival_tuesday_declared_closed_an_appeal_on_18_02_is_accepted():
    # Given a notice received on 06/01/2026: the appeal window ends on 17/02/2026
    notice = notified_notice(received_on=dt.date(2026, 1, 6))
    window = Deadline.objects.get(case=notice, kind="violation.appeal_window")
    assert window.due_on == dt.date(2026, 2, 17)
    # When the mayor declares Carnival Tuesday closed
    with _at(dt.date(2026, 2, 10)):
        calendar_day_declare(
            today=ACT_DAY,
            day=dt.date(2026, 2, 17),
            kind=CalendarDay.Kind.CLOSED,
            act="Decreto nº 12/2026",
            actor=UserFactory(role=Role.CLERK),
        )
    window.refresh_from_db()
    assert window.due_on == dt.date(2026, 2, 18)
    moved = AuditEvent.objects.get(case=notice, transition="deadline_moved")
    assert moved.article == "Art. 63; CPC Art. 224 §1"
    # Then an appeal filed on 18/02/2026 is accepted
    with _at(dt.date(2026, 2, 18)):
        filed_appeal(notice=ViolationNotice.objects.get(pk=notice.pk))
    assert ViolationNotice.objects.get(pk=notice.pk).state == ViolationState.APPEALED


def test_art_63_without_the_declaration_an_appeal_on_18_02_is_late():
    notice = notified_notice(received_on=dt.date(2026, 1, 6))
    with _at(dt.date(2026, 2, 18)), pytest.raises(RuleViolation) as refused:
        filed_appeal(notice=notice)
    assert "17/02/2026" in refused.value.message
