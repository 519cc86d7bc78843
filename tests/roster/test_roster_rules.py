"""Art. 37 VII: at night, on Saturdays, Sundays and holidays, at least 50 % of the fleet."""

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


def test_art_37_vii_every_night_is_guarded():
    assert law.is_guarded(TUESDAY, law.NIGHT, PLAIN)
    assert not law.is_guarded(TUESDAY, law.DAY, PLAIN)


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


def test_art_37_vii_shortfalls_lists_only_guarded_shifts_below_half():
    days = [TUESDAY, SATURDAY]
    scheduled = {(TUESDAY, law.NIGHT): 2, (SATURDAY, law.DAY): 1, (SATURDAY, law.NIGHT): 3}
    found = law.shortfalls(days=days, scheduled=scheduled, fleet=5, calendar=PLAIN)
    assert found == [
        law.Shortfall(day=TUESDAY, shift=law.NIGHT, scheduled=2, required=3),
        law.Shortfall(day=SATURDAY, shift=law.DAY, scheduled=1, required=3),
    ]
