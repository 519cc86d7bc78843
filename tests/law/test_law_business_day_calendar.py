"""Business days and day counting (CPC arts. 219 and 224, applied by Art. 63).

Reference window, April 2026 (BR-ES public holidays checked with ``holidays``):

    Wed 01  Thu 02  Fri 03 Good Friday (national)  Sat 04  Sun 05
    Mon 06  Tue 07  Wed 08  Thu 09  Fri 10  Sat 11  Sun 12
    Mon 13 Nossa Senhora da Penha (ES state)  Tue 14 ... Fri 17  Sat 18  Sun 19
    Mon 20  Tue 21 Tiradentes (national)  Wed 22 ... Thu 30
    Fri 01/05 Labour Day (national)
"""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from law.calendar import Calendar

PROPERTY_SETTINGS = settings(max_examples=200, deadline=None, database=None)

D = dt.date
GOOD_FRIDAY_2026 = D(2026, 4, 3)
PENHA_2026 = D(2026, 4, 13)
TIRADENTES_2026 = D(2026, 4, 21)

dates = st.dates(min_value=D(2020, 1, 1), max_value=D(2035, 12, 31))
month_days = st.dates(min_value=D(2000, 1, 1), max_value=D(2000, 12, 31)).map(
    lambda d: (d.month, d.day)
)
calendars = st.builds(
    Calendar,
    closed_days=st.frozensets(dates, max_size=15),
    open_days=st.frozensets(dates, max_size=15),
    municipal_holidays=st.frozensets(month_days, max_size=5),
)


def test_weekdays_are_business_days_and_weekends_are_not_cpc_art219() -> None:
    # given a plain calendar
    calendar = Calendar()
    # when / then
    assert calendar.is_business_day(D(2026, 4, 7))  # Tuesday
    assert not calendar.is_business_day(D(2026, 4, 4))  # Saturday
    assert not calendar.is_business_day(D(2026, 4, 5))  # Sunday


def test_national_holidays_are_not_business_days_cpc_art219() -> None:
    # given a plain calendar
    calendar = Calendar()
    # when / then: Good Friday, Tiradentes, Labour Day, Christmas 2026
    for holiday in (GOOD_FRIDAY_2026, TIRADENTES_2026, D(2026, 5, 1), D(2026, 12, 25)):
        assert not calendar.is_business_day(holiday), holiday


def test_espirito_santo_state_holiday_is_not_a_business_day_cpc_art219() -> None:
    # given a plain calendar
    calendar = Calendar()
    # when / then: Nossa Senhora da Penha, ES state holiday (Monday after Easter week)
    assert not calendar.is_business_day(PENHA_2026)
    assert not calendar.is_business_day(D(2025, 4, 28))


def test_optional_holidays_are_business_days_unless_declared_closed_cpc_art219() -> None:
    # given Carnival Tuesday and Christmas Eve 2026, "ponto facultativo" only
    carnival, christmas_eve = D(2026, 2, 17), D(2026, 12, 24)
    # when the municipality did not declare them closed
    plain = Calendar()
    # then they are business days
    assert plain.is_business_day(carnival)
    assert plain.is_business_day(christmas_eve)
    # when it did
    declared = Calendar(closed_days=[carnival, christmas_eve])
    # then they are not
    assert not declared.is_business_day(carnival)
    assert not declared.is_business_day(christmas_eve)


def test_municipal_holiday_recurs_every_year_cpc_art219() -> None:
    # given a (hypothetical) municipal holiday on 9 April
    calendar = Calendar(municipal_holidays=[(4, 9)])
    # when / then it closes 9 April of every year
    assert not calendar.is_business_day(D(2026, 4, 9))
    assert not calendar.is_business_day(D(2027, 4, 9))
    assert calendar.is_business_day(D(2026, 4, 10))


def test_closed_day_is_not_a_business_day_cpc_art219() -> None:
    # given Wednesday 8 April 2026 declared closed
    calendar = Calendar(closed_days=[D(2026, 4, 8)])
    # when / then
    assert not calendar.is_business_day(D(2026, 4, 8))
    assert Calendar().is_business_day(D(2026, 4, 8))


def test_open_day_overrides_weekend_holiday_and_closed_day_cpc_art219() -> None:
    # given a Saturday, a state holiday and a closed day all declared open
    saturday, closed = D(2026, 4, 11), D(2026, 4, 8)
    calendar = Calendar(
        closed_days=[closed],
        open_days=[saturday, PENHA_2026, closed],
        municipal_holidays=[(4, 11)],
    )
    # when / then all three are business days
    assert calendar.is_business_day(saturday)
    assert calendar.is_business_day(PENHA_2026)
    assert calendar.is_business_day(closed)


def test_next_business_day_keeps_a_business_day_cpc_art224_par1() -> None:
    assert Calendar().next_business_day(D(2026, 4, 2)) == D(2026, 4, 2)


def test_next_business_day_skips_holiday_and_weekend_cpc_art224_par1() -> None:
    # given Good Friday, followed by a weekend
    # when / then the next business day is Monday 6 April
    assert Calendar().next_business_day(GOOD_FRIDAY_2026) == D(2026, 4, 6)


def test_add_business_days_excludes_start_and_skips_non_business_days_cpc_art224() -> None:
    # given Thursday 2 April 2026 and a plain calendar
    # when counting 10 business days: 6,7,8,9,10,14,15,16,17,20 (3 GF, 13 Penha skipped)
    # then the 10th is Monday 20 April
    assert Calendar().add_business_days(D(2026, 4, 2), 10) == D(2026, 4, 20)


def test_add_business_days_with_closed_day_cpc_art219() -> None:
    # given 8 April closed: 6,7,9,10,14,15,16,17,20,22 (21 Tiradentes skipped)
    calendar = Calendar(closed_days=[D(2026, 4, 8)])
    # when / then
    assert calendar.add_business_days(D(2026, 4, 2), 10) == D(2026, 4, 22)


def test_add_business_days_with_closed_day_and_open_saturday_cpc_art219() -> None:
    # given 8 April closed and Saturday 11 April open: 6,7,9,10,11,14,15,16,17,20
    calendar = Calendar(closed_days=[D(2026, 4, 8)], open_days=[D(2026, 4, 11)])
    # when / then
    assert calendar.add_business_days(D(2026, 4, 2), 10) == D(2026, 4, 20)


def test_add_business_days_starting_on_a_holiday_cpc_art224() -> None:
    # given the start on Good Friday; day 1 is Monday 6 April
    # when / then
    assert Calendar().add_business_days(GOOD_FRIDAY_2026, 1) == D(2026, 4, 6)


def test_add_business_days_zero_returns_start_and_negative_is_rejected_cpc_art224() -> None:
    assert Calendar().add_business_days(D(2026, 4, 4), 0) == D(2026, 4, 4)
    with pytest.raises(ValueError):
        Calendar().add_business_days(D(2026, 4, 4), -1)


def test_add_calendar_days_lands_on_business_day_unchanged_cpc_art224_par1() -> None:
    # given Tuesday 7 April + 10 days = Friday 17 April, a business day
    assert Calendar().add_calendar_days(D(2026, 4, 7), 10) == D(2026, 4, 17)


def test_add_calendar_days_moves_off_a_national_holiday_cpc_art224_par1() -> None:
    # given Saturday 11 April + 10 = Tiradentes (Tue 21) -> Wednesday 22
    assert Calendar().add_calendar_days(D(2026, 4, 11), 10) == D(2026, 4, 22)


def test_add_calendar_days_moves_off_a_state_holiday_cpc_art224_par1() -> None:
    # given Good Friday + 10 = Penha (Mon 13) -> Tuesday 14
    assert Calendar().add_calendar_days(GOOD_FRIDAY_2026, 10) == D(2026, 4, 14)


def test_add_calendar_days_moves_off_a_weekend_unless_open_cpc_art224_par1() -> None:
    # given Wednesday 8 April + 10 = Saturday 18 April
    start = D(2026, 4, 8)
    # when / then: a plain calendar moves it to Monday 20; an open Saturday keeps it
    assert Calendar().add_calendar_days(start, 10) == D(2026, 4, 20)
    assert Calendar(open_days=[D(2026, 4, 18)]).add_calendar_days(start, 10) == D(2026, 4, 18)


def test_add_calendar_days_moves_off_a_closed_day_cpc_art224_par1() -> None:
    # given Tuesday 7 April + 10 = Friday 17 April, declared closed -> Monday 20
    calendar = Calendar(closed_days=[D(2026, 4, 17)])
    assert calendar.add_calendar_days(D(2026, 4, 7), 10) == D(2026, 4, 20)


def test_calendar_rejects_datetimes_and_invalid_month_days_cpc_art219() -> None:
    with pytest.raises(TypeError):
        Calendar().is_business_day(dt.datetime(2026, 4, 7, 12, 0))  # noqa: DTZ001
    with pytest.raises(ValueError):
        Calendar(municipal_holidays=[(2, 30)])
    assert not Calendar(municipal_holidays=[(2, 29)]).is_business_day(D(2028, 2, 29))


def test_calendar_is_hashable_and_compares_by_value_cpc_art219() -> None:
    first = Calendar(closed_days=[D(2026, 4, 8)], municipal_holidays=[(4, 9)])
    second = Calendar(closed_days=(D(2026, 4, 8),), municipal_holidays={(4, 9)})
    assert first == second
    assert hash(first) == hash(second)


@PROPERTY_SETTINGS
@given(calendar=calendars, start=dates, n=st.integers(min_value=1, max_value=40))
def test_add_business_days_lands_on_nth_business_day_after_start_cpc_art224(
    calendar: Calendar, start: dt.date, n: int
) -> None:
    # when
    result = calendar.add_business_days(start, n)
    # then it is a business day after the start, and exactly n business days were counted
    assert result > start
    assert calendar.is_business_day(result)
    span = (result - start).days
    counted = sum(
        calendar.is_business_day(start + dt.timedelta(days=i)) for i in range(1, span + 1)
    )
    assert counted == n


@PROPERTY_SETTINGS
@given(calendar=calendars, start=dates, n=st.integers(min_value=0, max_value=90))
def test_add_calendar_days_lands_on_first_business_day_from_target_cpc_art224_par1(
    calendar: Calendar, start: dt.date, n: int
) -> None:
    # when
    result = calendar.add_calendar_days(start, n)
    target = start + dt.timedelta(days=n)
    # then it is a business day, not before the target, with no business day in between
    assert result >= target
    assert calendar.is_business_day(result)
    for i in range((result - target).days):
        assert not calendar.is_business_day(target + dt.timedelta(days=i))
