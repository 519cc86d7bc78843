"""Art. 63 with CPC art. 224 §§1 and 3 (issue 19, item 6): when the start event (the AR's
receipt, the finding of an object) falls on a Saturday, Sunday, holiday or closed day, the
day of the start is protracted to the next business day and the count begins on the
business day after it — for every business-day count of the law.

The reference count below is written independently of `law.calendar`: a list of the
days of 2024-2029 with the offices open, built from weekdays and the public holidays.
"""

from __future__ import annotations

import datetime as dt

import holidays
import pytest

from law import deadlines as law_deadlines
from law.calendar import Calendar
from law.deadlines import RULES, Counting, appeal_deadline, due_date, revocation_appeal_deadline
from law.lost_property import handing_in_due

D = dt.date
PLAIN = Calendar()

BUSINESS_RULES = [rule for rule in RULES.values() if rule.counting is Counting.BUSINESS_DAYS]


def test_art_63_cpc_224_p1_a_notice_received_on_saturday_counts_from_tuesday():
    # Received on Saturday 07/03/2026: taken as received on Monday 09/03, day 1 is Tuesday
    assert appeal_deadline(D(2026, 3, 7), PLAIN) == appeal_deadline(D(2026, 3, 9), PLAIN)
    # One business day more than a notice received on Friday 06/03 (day 1 Monday; Good
    # Friday, Our Lady of Penha (ES) and Tiradentes are not counted)
    assert appeal_deadline(D(2026, 3, 6), PLAIN) == D(2026, 4, 22)
    assert appeal_deadline(D(2026, 3, 7), PLAIN) == D(2026, 4, 23)
    # and on Sunday the same as on Saturday
    assert appeal_deadline(D(2026, 3, 8), PLAIN) == D(2026, 4, 23)


def test_art_63_cpc_224_p1_received_on_a_holiday_tiradentes_counts_from_the_day_after_next():
    # Tuesday 21/04/2026 is Tiradentes: taken as received on Wednesday 22/04
    assert appeal_deadline(D(2026, 4, 21), PLAIN) == appeal_deadline(D(2026, 4, 22), PLAIN)
    assert appeal_deadline(D(2026, 4, 21), PLAIN) != appeal_deadline(D(2026, 4, 20), PLAIN)


def test_art_59_p2_cpc_224_p3_revocation_appeal_received_on_saturday():
    # 10 business days: Saturday 07/03/2026 -> start Monday 09/03, day 1 Tuesday 10/03
    assert revocation_appeal_deadline(D(2026, 3, 7), PLAIN) == D(2026, 3, 23)
    assert revocation_appeal_deadline(D(2026, 3, 6), PLAIN) == D(2026, 3, 20)


def test_art_37_xviii_cpc_224_p3_an_object_found_on_sunday_is_handed_in_by_wednesday():
    # Found on Sunday 08/03/2026: the start is Monday, day 1 Tuesday, day 2 Wednesday
    assert handing_in_due(D(2026, 3, 8), PLAIN) == D(2026, 3, 11)
    assert handing_in_due(D(2026, 3, 6), PLAIN) == D(2026, 3, 10)


def test_cpc_224_p1_a_day_declared_closed_is_a_start_day_like_a_weekend():
    closed = Calendar(closed_days=[D(2026, 3, 9)])
    assert appeal_deadline(D(2026, 3, 9), closed) == appeal_deadline(D(2026, 3, 10), closed)


def _open_days() -> list[dt.date]:
    found = holidays.country_holidays("BR", subdiv="ES", years=range(2024, 2031))
    day, days = D(2024, 1, 1), []
    while day < D(2031, 1, 1):
        if day.weekday() < 5 and day not in found:
            days.append(day)
        day += dt.timedelta(days=1)
    return days


OPEN = _open_days()


def _reference(start: dt.date, n: int) -> dt.date:
    """The count as CPC art. 224 §§1 and 3 read: the first open day on or after the start
    is the day of the start (excluded); the n-th open day after it is the last."""
    first = next(i for i, day in enumerate(OPEN) if day >= start)
    return OPEN[first + n]


@pytest.mark.parametrize("rule", BUSINESS_RULES, ids=[rule.code for rule in BUSINESS_RULES])
def test_cpc_224_every_business_day_count_2024_2029_agrees_with_the_reference(rule):
    assert rule.length is not None
    day, wrong = D(2024, 1, 1), []
    while day <= D(2029, 12, 31):
        if due_date(rule, day, PLAIN) != _reference(day, rule.length):
            wrong.append(day)
        day += dt.timedelta(days=1)
    assert wrong == []


def test_the_rules_counted_in_business_days_are_the_appeals_and_the_lost_property():
    assert {rule.code for rule in BUSINESS_RULES} == {
        law_deadlines.APPEAL.code,
        law_deadlines.REVOCATION_APPEAL.code,
        law_deadlines.LOST_PROPERTY_HANDING_IN.code,
    }
