"""One engine function writes a deadline row from a rule of the statute and a start date:
the last day as `law.deadlines` counts it, with the municipal calendar, and the rule's
counting and article on the row (DESIGN principle 4)."""

from __future__ import annotations

import datetime as dt

import pytest

from cases.models import Deadline
from cases.services.deadlines import deadline_handler, deadline_start
from law import deadlines as law_deadlines
from registers.models import CalendarDay
from tests.factories import SuspensionCaseFactory

pytestmark = pytest.mark.django_db

RECEIVED = dt.date(2026, 4, 2)  # Thursday before Good Friday


@deadline_handler("test.rule")
def _noop(case, deadline, today) -> bool:  # type: ignore[no-untyped-def]
    return False


def _row(rule: law_deadlines.DeadlineRule, start: dt.date, **kwargs) -> Deadline:  # type: ignore[no-untyped-def]
    return deadline_start(rule=rule, start=start, kind="test.rule",
                          case=SuspensionCaseFactory(), **kwargs)


def test_the_art63_appeal_row_counts_business_days_and_says_so():
    # when the 30 days of Art. 63 start on 02/04/2026 (Good Friday, 13/04 ES, 21/04 and
    # 01/05 are holidays)
    row = _row(law_deadlines.APPEAL, RECEIVED)
    # then the row ends on the 30th business day, counted and cited as the rule says
    assert (row.due_on, row.counting, row.article, row.label) == (
        dt.date(2026, 5, 20), Deadline.Counting.BUSINESS_DAYS, "Art. 63",
        "Prazo para recurso contra penalidade",
    )


def test_a_day_the_municipality_closed_moves_the_art63_last_day():
    # given 20/05/2026 declared without office hours
    CalendarDay.objects.create(day=dt.date(2026, 5, 20), reason="Decreto 1/2026")
    # when / then the row ends on the next business day (CPC arts. 219, 224)
    assert _row(law_deadlines.APPEAL, RECEIVED).due_on == dt.date(2026, 5, 21)


def test_the_art55_payment_row_counts_calendar_days_moved_to_a_business_day():
    # 02/04 + 10 = Sunday 12/04; Monday 13/04 is an ES holiday: Tuesday 14/04
    row = _row(law_deadlines.PAYMENT, RECEIVED, label="Pagamento da multa")
    assert (row.due_on, row.counting, row.article, row.label) == (
        dt.date(2026, 4, 14), Deadline.Counting.CALENDAR_DAYS, "Art. 55 I", "Pagamento da multa",
    )


def test_a_period_whose_length_the_decision_fixes_is_a_fixed_date_row_art24_art59():
    # a 30-day penalty suspension from Saturday 04/04 ends on Sunday 03/05, not moved
    row = _row(law_deadlines.PENALTY_SUSPENSION, dt.date(2026, 4, 4), length=30)
    assert (row.due_on, row.counting, row.article) == (
        dt.date(2026, 5, 3), Deadline.Counting.FIXED_DATE, "Art. 59 III",
    )


def test_a_rule_without_its_length_writes_nothing_art24():
    with pytest.raises(ValueError):
        _row(law_deadlines.SUSPENSION_ON_REQUEST, RECEIVED)
    assert not Deadline.objects.exists()
