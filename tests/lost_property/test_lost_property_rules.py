"""Art. 37 XVIII: objects handed in within 2 business days, against a receipt."""

from __future__ import annotations

import datetime as dt

import pytest

from law import lost_property as law
from law.calendar import Calendar
from law.errors import LawError

PLAIN = Calendar()


def test_art_37_xviii_two_business_days_skip_the_weekend():
    friday = dt.date(2026, 3, 6)
    assert law.handing_in_due(friday, PLAIN) == dt.date(2026, 3, 10)


def test_art_37_xviii_two_business_days_skip_good_friday():
    assert law.handing_in_due(dt.date(2026, 4, 2), PLAIN) == dt.date(2026, 4, 7)


def test_art_37_xviii_two_business_days_skip_a_declared_closed_day():
    calendar = Calendar(closed_days=[dt.date(2026, 3, 3)])
    assert law.handing_in_due(dt.date(2026, 3, 2), calendar) == dt.date(2026, 3, 5)


def test_art_37_xviii_late_only_after_the_second_business_day():
    found = dt.date(2026, 3, 6)
    assert not law.is_late(found_on=found, handed_in_on=dt.date(2026, 3, 10), calendar=PLAIN)
    assert law.is_late(found_on=found, handed_in_on=dt.date(2026, 3, 11), calendar=PLAIN)


def test_art_37_xviii_dates_cannot_be_future_or_out_of_order():
    today = dt.date(2026, 3, 10)
    with pytest.raises(LawError) as future:
        law.check_found_on(found_on=dt.date(2026, 3, 11), today=today)
    assert future.value.article == "Art. 37 XVIII"
    with pytest.raises(LawError):
        law.check_handed_in_on(
            found_on=dt.date(2026, 3, 9), handed_in_on=dt.date(2026, 3, 8), today=today
        )


def test_art_37_xviii_returning_needs_who_receives_it():
    with pytest.raises(LawError):
        law.check_destination(destination=law.RETURNED, owner_name="Ana", owner_document="")
    law.check_destination(destination=law.RETURNED, owner_name="Ana", owner_document="RG 1")
    law.check_destination(destination=law.DONATED, owner_name="", owner_document="")
