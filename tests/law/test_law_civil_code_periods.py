"""Periods in months and years, and last days fixed by a date (Art. 12; Código Civil
art. 132 §§1 and 3) — issue 9, item 12."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from law._dates import add_months, add_years, months_before
from law.auxiliary import binding_valid_until
from law.bars import auxiliary_bar_ends, cancellation_bar_ends, revocation_bar_ends
from law.calendar import Calendar
from law.clandestine import PastSeizure, clandestine_penalty
from law.vehicles import (
    age_deadline,
    must_leave_service_by,
    registration_valid_until,
    vehicle_requirements_failures,
)

D = dt.date
PLAIN = Calendar()


def test_cc_132_p3_a_year_from_29_february_ends_on_1_march() -> None:
    # "no imediato, se faltar exata correspondência"
    assert add_years(D(2028, 2, 29), 1) == D(2029, 3, 1)
    assert add_months(D(2026, 1, 31), 1) == D(2026, 3, 1)
    assert add_months(D(2026, 3, 31), 1) == D(2026, 4, 30) + dt.timedelta(days=1)
    assert add_months(D(2026, 1, 15), 1) == D(2026, 2, 15)


def test_cc_132_p3_a_window_back_from_31_march_starts_after_28_february() -> None:
    # the exclusive lower bound of "the last month" before 31/03 (Art. 59 V d windows)
    assert months_before(D(2026, 3, 31), 1) == D(2026, 2, 28)
    assert months_before(D(2028, 2, 29), 12) == D(2027, 2, 28)


def test_art_18_cc_132_p3_im_valid_from_29_02_2028_is_valid_through_28_02_2029() -> None:
    assert registration_valid_until(D(2028, 2, 29)) == D(2029, 2, 28)
    assert registration_valid_until(D(2026, 6, 10)) == D(2027, 6, 9)


def test_art_27_p1_cc_132_p3_binding_from_29_02_2028_runs_through_28_02_2029() -> None:
    assert binding_valid_until(D(2028, 2, 29)) == D(2029, 2, 28)


def test_art_59_p5_cc_132_p3_revoked_on_29_02_2028_barred_through_1_march_2033() -> None:
    assert revocation_bar_ends(D(2028, 2, 29)) == D(2033, 3, 1)
    assert cancellation_bar_ends(D(2024, 2, 29)) == D(2029, 3, 1)
    assert auxiliary_bar_ends(D(2024, 2, 29)) == D(2025, 3, 1)


def test_art_62_p1_cc_132_p3_six_months_from_31_august_reach_1_march() -> None:
    history = [PastSeizure(occurred_on=D(2026, 8, 31), fine_vrte=Decimal(1500), seizure_days=15)]
    assert clandestine_penalty(on=D(2027, 3, 1), history=history).recidivist
    assert not clandestine_penalty(on=D(2027, 3, 2), history=history).recidivist


def test_art_12_cc_132_p1_last_day_on_a_sunday_moves_to_the_next_business_day() -> None:
    # 31/12/2028 is a Sunday and 01/01/2029 a holiday: the vehicle may serve until 02/01/2029
    assert must_leave_service_by(2020) == D(2028, 12, 31)
    assert age_deadline(2020, calendar=PLAIN) == D(2029, 1, 2)


def test_art_12_cc_132_p1_a_day_declared_closed_moves_the_last_day_again() -> None:
    closed = Calendar(closed_days=[D(2029, 1, 2)])
    assert age_deadline(2020, calendar=closed) == D(2029, 1, 3)


def test_art_12_a_last_day_on_a_business_day_does_not_move() -> None:
    # 31/12/2026 is a Thursday
    assert age_deadline(2018, calendar=PLAIN) == D(2026, 12, 31)


def test_art_12_a_2020_vehicle_still_meets_the_age_requirement_on_2_january_2029() -> None:
    common = {
        "manufacture_year": 2020,
        "doors": 4,
        "capacity": 5,
        "air_conditioning": True,
        "colour_is_white": True,
    }
    assert vehicle_requirements_failures(on=D(2029, 1, 2), calendar=PLAIN, **common) == []
    late = vehicle_requirements_failures(on=D(2029, 1, 3), calendar=PLAIN, **common)
    assert [(f.code, f.params["deadline"]) for f in late] == [("age", "02/01/2029")]
