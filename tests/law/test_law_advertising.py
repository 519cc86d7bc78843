"""Art. 67: the rules of an advertising request, in the pure statute package."""

from __future__ import annotations

import datetime as dt

import pytest

from law import advertising
from law.deadlines import ADVERTISING_PERIOD, due_date

TODAY = dt.date(2026, 3, 10)


def test_art_67_only_the_rear_window_goes_without_authorization():
    with pytest.raises(advertising.NoAuthorizationNeeded) as refused:
        advertising.placement_check(advertising.Placement.REAR_WINDOW)
    assert (refused.value.article, refused.value.code) == ("Art. 67", "no_authorization_needed")
    for placement in advertising.Placement:
        if placement is not advertising.Placement.REAR_WINDOW:
            advertising.placement_check(placement)


@pytest.mark.parametrize(
    ("start", "end", "code"),
    [
        (dt.date(2026, 3, 9), dt.date(2026, 4, 9), "start_in_past"),
        (dt.date(2026, 3, 20), dt.date(2026, 3, 19), "end_before_start"),
        (dt.date(2026, 3, 10), dt.date(2027, 3, 10), "period_too_long"),
    ],
)
def test_art_67_a_period_outside_the_reading_is_refused(start, end, code):
    with pytest.raises(advertising.InvalidAdvertisingPeriod) as refused:
        advertising.period_check(start, end, today=TODAY)
    assert (refused.value.code, refused.value.article) == (code, "Art. 67")


def test_art_67_twelve_months_start_included_is_the_longest_period():
    advertising.period_check(TODAY, dt.date(2027, 3, 9), today=TODAY)
    # CC art. 132 §3 (law._dates.add_months): 12 months from 29 Feb expire on 1 March.
    assert advertising.last_allowed_day(dt.date(2028, 2, 29)) == dt.date(2029, 2, 28)
    assert advertising.last_allowed_day(dt.date(2026, 1, 31)) == dt.date(2027, 1, 30)


def test_art_67_nothing_is_in_force_before_the_prior_authorization():
    assert advertising.authorized_from(dt.date(2026, 3, 12), TODAY) == dt.date(2026, 3, 12)
    assert advertising.authorized_from(dt.date(2026, 3, 1), TODAY) == TODAY
    assert advertising.period_over(dt.date(2026, 3, 9), TODAY)
    assert not advertising.period_over(TODAY, TODAY)


def test_art_67_in_force_from_the_first_to_the_last_day_inclusive():
    start, end = dt.date(2026, 3, 10), dt.date(2026, 4, 8)
    assert [advertising.in_force(start, end, day) for day in (
        dt.date(2026, 3, 9), start, end, dt.date(2026, 4, 9),
    )] == [False, True, True, False]


def test_art_67_the_deadline_row_ends_on_the_last_day_of_the_period():
    start, end = dt.date(2026, 3, 10), dt.date(2026, 4, 8)
    days = advertising.period_days(start, end)
    assert days == 30
    assert due_date(ADVERTISING_PERIOD, start, length=days) == end


def test_art_67_a_one_day_campaign_is_a_period():
    """Art. 67 (issue 19, item 14): a campaign of one day, its first day its last."""
    advertising.period_check(dt.date(2026, 3, 20), dt.date(2026, 3, 20), today=TODAY)
