"""Art. 59, V, d-e: the point windows end at each infraction date, not only on the day a
penalty becomes final (issue 9, item 3)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from law.points import PointsExcess, points_excesses, revocation_grounds

D = dt.date

# 10 + 10 + 2 points: 22 points in the 12 months ending 20/12/2025.
RECORD = [
    (D(2025, 1, 5), Decimal(10)),
    (D(2025, 11, 20), Decimal(10)),
    (D(2025, 12, 20), Decimal(2)),
]


def test_art_59_v_d_22_points_within_12_months_revoke_when_final_on_17_02_2026() -> None:
    # given the third infraction becomes final on 17/02/2026, when the window ending that
    # day holds only 12 points (05/01/2025 fell out of it)
    final_on = D(2026, 2, 17)
    # when
    grounds = revocation_grounds(RECORD, final_on, involving=D(2025, 12, 20))
    # then the window ending on 20/12/2025 held 22 points: revocation
    assert grounds == ("Art. 59 V d",)


def test_art_59_v_d_the_excess_names_its_window_and_points() -> None:
    excesses = points_excesses(RECORD, D(2026, 2, 17), involving=D(2025, 12, 20))
    assert excesses == (
        PointsExcess(
            article="Art. 59 V d",
            first_day=D(2024, 12, 21),
            last_day=D(2025, 12, 20),
            points=Decimal(22),
            limit=20,
        ),
    )


def test_art_59_v_d_an_old_excess_does_not_revoke_again_for_an_unrelated_infraction() -> None:
    # given the driver exceeded in 2025 and commits a 2-point infraction in 2027
    record = [*RECORD, (D(2027, 6, 1), Decimal(2))]
    # when the 2027 infraction becomes final, only windows holding it are checked
    assert revocation_grounds(record, D(2027, 8, 1), involving=D(2027, 6, 1)) == ()


def test_art_59_v_d_an_earlier_infraction_final_late_counts_in_a_later_window() -> None:
    # given the infraction of 20/11/2025 becomes final after the one of 20/12/2025
    # when it is checked, the window ending 20/12/2025 (which holds it) exceeds
    assert revocation_grounds(RECORD, D(2026, 3, 1), involving=D(2025, 11, 20)) == ("Art. 59 V d",)


def test_art_59_v_e_the_36_month_window_ends_at_each_infraction_date() -> None:
    # given 51 points in the 36 months ending 01/06/2025, final long after
    record = [
        (D(2022, 7, 1), Decimal(10)),
        (D(2023, 1, 1), Decimal(10)),
        (D(2023, 8, 1), Decimal(10)),
        (D(2024, 3, 1), Decimal(10)),
        (D(2024, 10, 1), Decimal(10)),
        (D(2025, 6, 1), Decimal(1)),
    ]
    # when checked on 01/12/2025, the window ending that day holds 41 points
    grounds = revocation_grounds(record, D(2025, 12, 1), involving=D(2025, 6, 1))
    # then
    assert grounds == ("Art. 59 V e",)


def test_art_59_v_d_points_dated_after_the_check_day_are_ignored() -> None:
    record = [(D(2026, 1, 1), Decimal(15)), (D(2026, 3, 1), Decimal(15))]
    assert revocation_grounds(record, D(2026, 2, 1)) == ()
