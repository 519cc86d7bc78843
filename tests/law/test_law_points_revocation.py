"""Revocation by accumulated points (Art. 59, V, d and e; Art. 49 halves)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from law.points import (
    LONG_WINDOW_MAX_POINTS,
    LONG_WINDOW_MONTHS,
    SHORT_WINDOW_MAX_POINTS,
    SHORT_WINDOW_MONTHS,
    PointEntry,
    points_in_window,
    revocation_due,
    revocation_grounds,
    titular_points_for_auxiliary,
    window_start,
)

PROPERTY_SETTINGS = settings(max_examples=200, deadline=None, database=None)

D = dt.date
ON = D(2026, 6, 15)


def pts(value: str | int) -> Decimal:
    return Decimal(value)


def test_thresholds_are_the_laws_art59_v_d_e() -> None:
    assert (SHORT_WINDOW_MAX_POINTS, SHORT_WINDOW_MONTHS) == (20, 12)
    assert (LONG_WINDOW_MAX_POINTS, LONG_WINDOW_MONTHS) == (50, 36)


def test_exactly_20_points_in_12_months_does_not_revoke_art59_v_d() -> None:
    # given 10 + 5 + 5 = 20 points in the last 12 months
    points = [(D(2026, 1, 10), pts(10)), (D(2026, 3, 1), pts(5)), (D(2026, 6, 15), pts(5))]
    # when / then "ultrapassar 20" means more than 20
    assert not revocation_due(points, ON)


def test_more_than_20_points_in_12_months_revokes_art59_v_d() -> None:
    # given 10 + 10 + 1 = 21 points in the last 12 months
    points = [(D(2025, 7, 1), pts(10)), (D(2026, 1, 10), pts(10)), (D(2026, 6, 1), pts(1))]
    # when / then
    assert revocation_due(points, ON)
    assert revocation_grounds(points, ON) == ("Art. 59 V d",)


def test_half_points_count_art49_art59_v_d() -> None:
    # given 10 + 5 + 5 points plus half of an auxiliary's 3-point infraction (1.5)
    points = [
        (D(2026, 1, 10), pts(10)),
        (D(2026, 2, 10), pts(5)),
        (D(2026, 3, 10), pts(5)),
        (D(2026, 4, 10), titular_points_for_auxiliary(3)),
    ]
    # when / then 21.5 > 20
    assert points_in_window(points, ON, 12) == pts("21.5")
    assert revocation_due(points, ON)


def test_titular_gets_half_of_auxiliary_points_art49() -> None:
    assert titular_points_for_auxiliary(5) == pts("2.5")
    assert titular_points_for_auxiliary(pts(10)) == pts(5)


def test_12_month_window_excludes_its_first_day_and_includes_on_art59_v_d() -> None:
    # given on = 15 June 2026; the window is (15 June 2025, 15 June 2026]
    assert window_start(ON, 12) == D(2025, 6, 15)
    points = [(D(2025, 6, 15), pts(10)), (D(2025, 6, 16), pts(2)), (ON, pts(3))]
    # when / then the point dated 15 June 2025 is outside
    assert points_in_window(points, ON, 12) == pts(5)


def test_points_after_on_are_ignored_art59_v_d() -> None:
    points = [(D(2026, 6, 16), pts(30))]
    assert points_in_window(points, ON, 12) == 0
    assert not revocation_due(points, ON)


def test_window_from_29_february_goes_back_to_28_february_art59_v_d() -> None:
    # given on = 29 February 2028; 12 months earlier is 28 February 2027
    on = D(2028, 2, 29)
    assert window_start(on, 12) == D(2027, 2, 28)
    points = [(D(2027, 2, 28), pts(10)), (D(2027, 3, 1), pts(10)), (on, pts(10))]
    # when / then only the two later points count (20, not above 20)
    assert points_in_window(points, on, 12) == pts(20)
    assert not revocation_due(points, on)


def test_window_from_31_march_clamps_to_end_of_february_art59_v_e() -> None:
    # given on = 31 March 2026; 36 months earlier is 31 March 2023, 12 months 31 March 2025
    assert window_start(D(2026, 3, 31), 36) == D(2023, 3, 31)
    assert window_start(D(2026, 3, 31), 1) == D(2026, 2, 28)


def test_more_than_50_points_in_36_months_revokes_art59_v_e() -> None:
    # given 51 points spread over three years, never more than 20 in 12 months
    points = [
        (D(2023, 7, 1), pts(10)),
        (D(2023, 12, 1), pts(10)),
        (D(2024, 8, 1), pts(10)),
        (D(2025, 1, 1), pts(10)),
        (D(2025, 12, 1), pts(10)),
        (D(2026, 6, 1), pts(1)),
    ]
    # when
    grounds = revocation_grounds(points, ON)
    # then
    assert points_in_window(points, ON, 12) == pts(11)
    assert points_in_window(points, ON, 36) == pts(51)
    assert grounds == ("Art. 59 V e",)
    assert revocation_due(points, ON)


def test_exactly_50_points_in_36_months_does_not_revoke_art59_v_e() -> None:
    # given 5 x 10 points within the 36 months before 15 June 2026
    days = [D(2023, 7, 1), D(2024, 1, 20), D(2024, 8, 20), D(2025, 3, 20), D(2025, 10, 20)]
    points = [(day, pts(10)) for day in days]
    # when / then "ultrapassar 50" means more than 50
    assert points_in_window(points, ON, 36) == pts(50)
    assert not revocation_due(points, ON)


def test_points_older_than_36_months_do_not_count_art59_v_e() -> None:
    # given 60 points on 15 June 2023, exactly 36 months before
    points = [(D(2023, 6, 15), pts(60))]
    assert points_in_window(points, ON, 36) == 0
    assert points_in_window(points, D(2026, 6, 14), 36) == pts(60)
    # a later infraction's windows do not reach back to it
    later = [*points, (ON, pts(1))]
    assert not revocation_due(later, ON, involving=ON)


def test_both_grounds_reported_art59_v_d_e() -> None:
    points = [(D(2026, 6, 1), pts(51))]
    assert revocation_grounds(points, ON) == ("Art. 59 V d", "Art. 59 V e")


def test_accepts_a_generator_once_art59_v_d_e() -> None:
    points = ((D(2026, 6, i), pts(11)) for i in (1, 2))
    assert revocation_due(points, ON)


def test_negative_points_are_rejected_art59_v_d() -> None:
    with pytest.raises(ValueError):
        points_in_window([(ON, pts(-1))], ON, 12)


point_values = st.sampled_from([pts(v) for v in ("1", "1.5", "2", "2.5", "3", "5", "10")])
point_entries = st.tuples(
    st.dates(min_value=D(2021, 1, 1), max_value=D(2027, 12, 31)), point_values
)


@PROPERTY_SETTINGS
@given(
    points=st.lists(point_entries, max_size=25),
    extra=point_entries,
    on=st.dates(min_value=D(2022, 1, 1), max_value=D(2027, 12, 31)),
)
def test_revocation_due_is_monotone_art59_v_d_e(
    points: list[PointEntry], extra: PointEntry, on: dt.date
) -> None:
    # given the decision for some points
    before = revocation_due(points, on)
    # when one more infraction is added
    after = revocation_due([*points, extra], on)
    # then a revocation already due stays due
    assert after or not before


@PROPERTY_SETTINGS
@given(
    points=st.lists(point_entries, max_size=25),
    on=st.dates(min_value=D(2022, 1, 1), max_value=D(2027, 12, 31)),
)
def test_short_window_is_contained_in_long_window_art59_v_d_e(
    points: list[PointEntry], on: dt.date
) -> None:
    short = points_in_window(points, on, SHORT_WINDOW_MONTHS)
    long = points_in_window(points, on, LONG_WINDOW_MONTHS)
    assert 0 <= short <= long <= sum((value for _, value in points), pts(0))
