"""Every deadline explains its count (issue 24 §3): `law.deadlines.count` returns the last
day with the day counted from, the days counted and every day skipped with its reason, and
`due_date` is that count's last day — so a deadline and its explanation cannot disagree.

Known calendars: Carnival 2026 falls on 16-17 February (optional days, closed only when
declared, CPC art. 224 §1); Good Friday is 03/04/2026, Our Lady of Penha (ES) 13/04/2026
and Tiradentes 21/04/2026.
"""

from __future__ import annotations

import datetime as dt

import pytest

from law.calendar import Calendar, Closure, DayOff
from law.deadlines import (
    APPEAL,
    PAYMENT,
    PENALTY_SUSPENSION,
    REGISTRATION_TERM,
    RULES,
    Counting,
    StartBasis,
    count,
    due_date,
)

D = dt.date
CARNIVAL = Calendar(
    closed_days=[D(2026, 2, 16), D(2026, 2, 17)],
    acts={D(2026, 2, 16): "Decreto nº 10/2026", D(2026, 2, 17): "Decreto nº 10/2026"},
)


def test_art_63_cpc_219_a_count_over_carnival_skips_the_declared_days_with_their_act():
    # Received on Friday 13/02/2026; the 30 business days skip the weekends and Carnival.
    result = count(APPEAL, D(2026, 2, 13), CARNIVAL)
    assert result.count_from == D(2026, 2, 13)
    assert result.start_closure is None
    assert result.first_day == D(2026, 2, 18)  # Ash Wednesday, the first day counted
    assert result.skipped[:4] == (
        Closure(D(2026, 2, 14), DayOff.SATURDAY),
        Closure(D(2026, 2, 15), DayOff.SUNDAY),
        Closure(D(2026, 2, 16), DayOff.CLOSED, "Decreto nº 10/2026"),
        Closure(D(2026, 2, 17), DayOff.CLOSED, "Decreto nº 10/2026"),
    )
    assert result.due_on == D(2026, 3, 31)
    assert result.due_on == due_date(APPEAL, D(2026, 2, 13), CARNIVAL)
    # Without the decree, Carnival is counted and the last day comes two days earlier.
    assert due_date(APPEAL, D(2026, 2, 13), Calendar()) == D(2026, 3, 27)


def test_art_63_cpc_224_p1_a_saturday_receipt_counts_from_monday_and_says_so():
    result = count(APPEAL, D(2026, 3, 7), Calendar())
    assert result.start_closure == Closure(D(2026, 3, 7), DayOff.SATURDAY)
    assert result.count_from == D(2026, 3, 9)  # Monday, excluded (CPC art. 224 §3)
    assert result.first_day == D(2026, 3, 10)
    assert result.skipped[0] == Closure(D(2026, 3, 8), DayOff.SUNDAY)
    holidays = [c for c in result.skipped if c.why is DayOff.PUBLIC_HOLIDAY]
    assert [(c.day, c.name) for c in holidays] == [
        (D(2026, 4, 3), "Sexta-feira Santa"),
        (D(2026, 4, 13), "Nossa Senhora da Penha"),
        (D(2026, 4, 21), "Tiradentes"),
    ]
    assert result.due_on == D(2026, 4, 23)


def test_art_63_holiday_names_follow_the_language_asked():
    result = count(APPEAL, D(2026, 3, 7), Calendar(), language="en_US")
    names = [c.name for c in result.skipped if c.why is DayOff.PUBLIC_HOLIDAY]
    assert names == ["Good Friday", "Our Lady of Penha", "Tiradentes' Day"]


def test_art_55_cpc_224_p1_a_calendar_count_ending_on_a_closed_day_moves_and_says_why():
    # 10 calendar days from 06/02/2026 end on Monday 16/02, Carnival declared closed.
    result = count(PAYMENT, D(2026, 2, 6), CARNIVAL)
    assert result.nominal_end == D(2026, 2, 16)
    assert result.moved
    assert result.skipped == (
        Closure(D(2026, 2, 16), DayOff.CLOSED, "Decreto nº 10/2026"),
        Closure(D(2026, 2, 17), DayOff.CLOSED, "Decreto nº 10/2026"),
    )
    assert result.due_on == D(2026, 2, 18)


def test_cpc_224_p1_a_declared_municipal_holiday_is_named_as_one():
    day = D(2026, 5, 20)
    calendar = Calendar(
        closed_days=[day], acts={day: "Lei municipal nº 1/1960"}, declared_holidays=[day]
    )
    result = count(PAYMENT, D(2026, 5, 10), calendar)
    assert result.skipped == (Closure(day, DayOff.MUNICIPAL_HOLIDAY, "Lei municipal nº 1/1960"),)
    assert result.due_on == D(2026, 5, 21)


def test_art_59_iii_a_period_served_counts_every_day_the_first_included():
    result = count(PENALTY_SUSPENSION, D(2026, 2, 14), CARNIVAL, length=30)
    assert (result.count_from, result.first_day, result.due_on) == (
        D(2026, 2, 14),
        D(2026, 2, 14),
        D(2026, 3, 15),
    )
    assert result.skipped == ()


def test_art_18_a_term_in_months_ends_on_the_eve():
    result = count(REGISTRATION_TERM, D(2026, 3, 10))
    assert result.due_on == D(2027, 3, 9)


def test_a_day_declared_open_is_counted_and_not_skipped():
    # Open on Carnival Monday despite everything: counted like any business day.
    calendar = Calendar(closed_days=[D(2026, 2, 16)], open_days=[D(2026, 2, 16)])
    assert calendar.closure(D(2026, 2, 16)) is None


@pytest.mark.parametrize(
    "rule",
    [r for r in RULES.values() if r.counting in (Counting.BUSINESS_DAYS, Counting.CALENDAR_DAYS)],
    ids=lambda r: r.code,
)
def test_cpc_219_224_the_explanation_and_the_count_agree_for_every_counted_rule(rule):
    # Every start day of a year: the days counted plus the days skipped make up the whole
    # span, and each skipped day is one the calendar closes.
    day = D(2026, 1, 1)
    while day < D(2027, 1, 1):
        result = count(rule, day, CARNIVAL)
        assert result.due_on == due_date(rule, day, CARNIVAL)
        assert all(CARNIVAL.closure(c.day) == c for c in result.skipped)
        assert CARNIVAL.is_business_day(result.due_on)
        if rule.counting is Counting.BUSINESS_DAYS:
            span = (result.due_on - result.start).days
            assert span == rule.length + len(result.skipped) + (result.count_from != day)
        day += dt.timedelta(days=1)


def test_every_counted_rule_names_what_it_counts_from():
    for rule in RULES.values():
        if rule.counting is Counting.FIXED_DATE:
            assert rule.starts_from is StartBasis.FIXED
        else:
            assert rule.starts_from is not StartBasis.FIXED, rule.code
