"""Art. 37 VII: at least 50 % of the fleet at every shift, "inclusive" at night, on
Saturdays, Sundays and holidays."""

from __future__ import annotations

import datetime as dt

import pytest

from law import roster as law
from law.calendar import Calendar
from law.errors import LawError

PLAIN = Calendar()
TUESDAY = dt.date(2026, 3, 3)
SATURDAY = dt.date(2026, 3, 7)
SUNDAY = dt.date(2026, 3, 8)
TIRADENTES = dt.date(2026, 4, 21)  # a Tuesday, national holiday


def test_art_37_vii_half_the_fleet_rounded_up():
    assert [law.minimum_in_service(n) for n in (0, 1, 6, 7, 40)] == [0, 1, 3, 4, 20]


def test_art_37_vii_every_shift_is_guarded_weekday_day_shifts_included():
    """Art. 37 VII: "atendimento normal e ininterrupto, inclusive nos períodos noturnos e
    aos sábados, domingos e feriados" — "inclusive" extends the minimum, it does not
    restrict it to those shifts (issue 19, item 12)."""
    assert law.is_guarded(TUESDAY, law.NIGHT, PLAIN)
    assert law.is_guarded(TUESDAY, law.DAY, PLAIN)


def test_art_37_vii_a_monday_day_shift_with_0_of_10_taxis_is_a_shortfall():
    monday = dt.date(2026, 3, 2)
    found = law.shortfalls(
        days=[monday], scheduled={(monday, law.NIGHT): 5}, fleet=10, calendar=PLAIN
    )
    assert found == [law.Shortfall(day=monday, shift=law.DAY, scheduled=0, required=5)]


def test_art_37_vii_each_day_is_judged_with_its_own_fleet():
    days = [TUESDAY, SATURDAY]
    scheduled = {(day, shift): 2 for day in days for shift in law.SHIFTS}
    found = law.shortfalls(
        days=days, scheduled=scheduled, fleet={TUESDAY: 4, SATURDAY: 6}, calendar=PLAIN
    )
    assert [(s.day, s.required) for s in found] == [(SATURDAY, 3), (SATURDAY, 3)]


def test_art_37_vii_saturdays_sundays_and_holidays_are_guarded_all_day():
    for day in (SATURDAY, SUNDAY, TIRADENTES):
        assert law.is_guarded(day, law.DAY, PLAIN), day
    assert law.is_holiday(TIRADENTES, PLAIN) and not law.is_holiday(SATURDAY, PLAIN)


def test_art_37_vii_a_declared_closed_day_counts_as_a_holiday():
    calendar = Calendar(closed_days=[TUESDAY])
    assert law.is_guarded(TUESDAY, law.DAY, calendar)


def test_art_37_vii_unknown_shift_refused():
    with pytest.raises(LawError) as exc:
        law.is_guarded(TUESDAY, "evening", PLAIN)
    assert exc.value.article == "Art. 37 VII"


def test_art_37_vii_shortfalls_lists_the_shifts_below_half():
    days = [TUESDAY, SATURDAY]
    scheduled = {
        (TUESDAY, law.DAY): 3,
        (TUESDAY, law.NIGHT): 2,
        (SATURDAY, law.DAY): 1,
        (SATURDAY, law.NIGHT): 3,
    }
    found = law.shortfalls(days=days, scheduled=scheduled, fleet=5, calendar=PLAIN)
    assert found == [
        law.Shortfall(day=TUESDAY, shift=law.NIGHT, scheduled=2, required=3),
        law.Shortfall(day=SATURDAY, shift=law.DAY, scheduled=1, required=3),
    ]
