"""CPC art. 224 §1: a day declared closed moves every pending deadline it covers, of every
rule counted on the calendar (issue 19, "one way to write a deadline").

The rules are enumerated from `law.deadlines.RULES`, so a new rule counted in business or
calendar days is covered without touching this test.
"""

from __future__ import annotations

import datetime as dt

import pytest

from cases.models import Deadline
from cases.services.deadlines import deadline_handler, deadline_start, deadlines_sweep
from law.deadlines import CALENDAR_DEPENDENT, RULES
from municipal.models import LostItem
from municipal.services.calendar import calendar_day_declare
from municipal.services.lost_property import lost_item_report
from registers.models import CalendarDay
from tests.factories import AuthorizationFactory, SuspensionCaseFactory

pytestmark = pytest.mark.django_db

D = dt.date
KIND = "test.closed_day"


@deadline_handler(KIND)
def _nothing(case, deadline, today):  # noqa: ANN001, ANN202 — a test kind
    return False


COUNTED = sorted(
    (rule for rule in RULES.values() if rule.counting in CALENDAR_DEPENDENT),
    key=lambda rule: rule.code,
)


@pytest.mark.parametrize("rule", COUNTED, ids=[rule.code for rule in COUNTED])
def test_cpc_224_p1_a_closed_day_moves_a_pending_row_of_every_rule_counted_on_the_calendar(
    rule, clerk
):
    # Given a row of the rule started on Monday 02/03/2026
    row = deadline_start(rule=rule, start=D(2026, 3, 2), case=SuspensionCaseFactory(), kind=KIND)
    before = row.due_on
    # When its last day is declared closed (before it comes)
    calendar_day_declare(
        today=D(2026, 3, 2),
        day=before,
        kind=CalendarDay.Kind.CLOSED,
        act="Decreto nº 30/2026",
        actor=clerk,
    )
    # Then it ends on a later business day
    row.refresh_from_db()
    assert row.due_on > before


def test_art_37_xviii_cpc_224_p1_a_found_object_is_not_overdue_while_still_in_time(clerk):
    # Given an object found on Thursday 05/03/2026: hand it in by Monday 09/03/2026
    authorization = AuthorizationFactory()
    item = lost_item_report(
        actor=authorization.holder.user,
        driver=authorization.holder,
        authorization=authorization,
        description="Carteira preta",
        found_on=D(2026, 3, 5),
        today=D(2026, 3, 5),
    )
    assert item.due_on == item.deadline.due_on == D(2026, 3, 9)
    # When Monday is declared closed
    calendar_day_declare(
        today=D(2026, 3, 5),
        day=D(2026, 3, 9),
        kind=CalendarDay.Kind.CLOSED,
        act="Decreto nº 31/2026",
        actor=clerk,
    )
    # Then the register and its row say Tuesday 10/03/2026
    item.refresh_from_db()
    assert item.due_on == D(2026, 3, 10)
    assert Deadline.objects.get(pk=item.deadline_id).due_on == D(2026, 3, 10)
    # and the sweep of Tuesday does not mark it "vencido"
    deadlines_sweep(today=D(2026, 3, 10))
    item.refresh_from_db()
    assert item.handing_in_overdue is False
    assert Deadline.objects.get(pk=item.deadline_id).state == Deadline.State.PENDING
    # but Wednesday's does
    deadlines_sweep(today=D(2026, 3, 11))
    assert LostItem.objects.get(pk=item.pk).handing_in_overdue is True


def test_art_63_cpc_224_p3_a_start_day_declared_closed_starts_the_count_a_day_later(clerk):
    """CPC art. 224 §§1 and 3: the count starts on the first business day after the start;
    a start day declared closed is protracted like a weekend."""
    row = deadline_start(
        rule=RULES["appeal"], start=D(2026, 3, 2), case=SuspensionCaseFactory(), kind=KIND
    )
    before = row.due_on
    calendar_day_declare(
        today=D(2026, 3, 2),
        day=D(2026, 3, 2),
        kind=CalendarDay.Kind.CLOSED,
        act="Decreto nº 32/2026",
        actor=clerk,
    )
    row.refresh_from_db()
    assert before == D(2026, 4, 15)
    assert row.due_on == D(2026, 4, 16)
