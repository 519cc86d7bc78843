"""Vehicle requirements (Art. 10, II, b-e; Art. 11, II; Art. 12), the 36-month
transitions (Arts. 10, §2 and 70) and CNH categories (Art. 10, I, b)."""

from __future__ import annotations

import datetime as dt

import pytest

from law.calendar import Calendar
from law.vehicles import (
    CNH_CATEGORIES,
    COLOUR_CHANGE_MONTHS,
    TRANSITION_ENDS,
    Failure,
    age_deadline,
    colour_change_deadline,
    is_cnh_category_allowed,
    must_leave_service_by,
    nominal_age_deadline,
    vehicle_requirements_failures,
)

D = dt.date


def compliant(**overrides: object) -> list[Failure]:
    values: dict[str, object] = {
        "manufacture_year": 2020,
        "doors": 4,
        "capacity": 5,
        "air_conditioning": True,
        "colour_is_white": True,
        "on": D(2026, 11, 30),
    }
    values.update(overrides)
    return vehicle_requirements_failures(**values)  # type: ignore[arg-type]


def codes(failures: list[Failure]) -> list[str]:
    return [failure.code for failure in failures]


def test_must_leave_service_by_31_december_of_year_turning_8_art12() -> None:
    assert must_leave_service_by(2018) == D(2026, 12, 31)
    assert must_leave_service_by(2016) == D(2024, 12, 31)


def test_compliant_vehicle_has_no_failures_art10_ii() -> None:
    assert compliant() == []


def test_vehicle_serves_until_31_december_of_year_turning_8_art11_ii_art12() -> None:
    # given a vehicle made in 2018
    # when / then it is fine on 31 December 2026 and too old on 1 January 2027
    assert compliant(manufacture_year=2018, on=D(2026, 12, 31)) == []
    failures = compliant(manufacture_year=2018, on=D(2027, 1, 1))
    assert codes(failures) == ["age"]
    assert "Art. 11 II" in failures[0].article
    assert "31/12/2026" in failures[0].message


def test_vehicle_in_service_at_publication_had_until_28_july_2026_art70() -> None:
    # given a 2015 vehicle, already in service in July 2023 (Art. 12 alone: 31/12/2023)
    assert D(2026, 7, 28) == TRANSITION_ENDS
    assert nominal_age_deadline(2015) == D(2023, 12, 31)
    # a Sunday, then New Year's Day: the last day moves to 02/01/2024 (CC art. 132 §1)
    assert age_deadline(2015, calendar=Calendar()) == D(2024, 1, 2)
    assert age_deadline(2015, in_service_at_publication=True) == D(2026, 7, 28)
    # when / then it is tolerated until 28 July 2026, not after
    assert compliant(manufacture_year=2015, on=D(2026, 7, 28), in_service_at_publication=True) == []
    late = compliant(manufacture_year=2015, on=D(2026, 7, 29), in_service_at_publication=True)
    assert codes(late) == ["age"]
    # and a newer vehicle keeps its own, later Art. 12 date
    assert age_deadline(2019, in_service_at_publication=True) == D(2027, 12, 31)


@pytest.mark.parametrize(
    ("doors", "ok"), [(2, False), (3, False), (4, True), (5, True), (6, False)]
)
def test_four_or_five_doors_art10_ii_c(doors: int, ok: bool) -> None:
    failures = compliant(doors=doors)
    assert (failures == []) is ok
    if not ok:
        assert failures[0].article == "Art. 10 II c"


@pytest.mark.parametrize(("capacity", "ok"), [(5, True), (7, True), (8, False)])
def test_up_to_seven_occupants_art10_ii_c(capacity: int, ok: bool) -> None:
    assert (codes(compliant(capacity=capacity)) == []) is ok


def test_air_conditioning_required_art10_ii_d() -> None:
    failures = compliant(air_conditioning=False)
    assert failures == [
        Failure("air_conditioning", "Art. 10 II d", "O veículo deve possuir ar-condicionado.")
    ]


def test_white_colour_required_art10_ii_e() -> None:
    failures = compliant(colour_is_white=False)
    assert codes(failures) == ["colour"]
    assert failures[0].article == "Art. 10 II e"


def test_colour_grace_for_vehicles_in_service_at_publication_art10_par2_art70() -> None:
    # given a non-white vehicle in service in July 2023
    # when / then tolerated until 28 July 2026 (36 months), required afterwards
    grace = compliant(colour_is_white=False, on=D(2026, 7, 28), in_service_at_publication=True)
    assert grace == []
    after = compliant(colour_is_white=False, on=D(2026, 7, 29), in_service_at_publication=True)
    assert codes(after) == ["colour"]


def test_all_failures_are_reported_together_art10_ii_art11_ii() -> None:
    failures = compliant(
        manufacture_year=2010,
        doors=2,
        capacity=9,
        air_conditioning=False,
        colour_is_white=False,
    )
    assert codes(failures) == ["age", "doors", "capacity", "air_conditioning", "colour"]


def test_impossible_inputs_are_rejected_art10_ii() -> None:
    with pytest.raises(ValueError):
        compliant(manufacture_year=2027)
    with pytest.raises(ValueError):
        compliant(capacity=0)


def test_colour_change_deadline_is_36_months_art10_par2_art70() -> None:
    assert COLOUR_CHANGE_MONTHS == 36
    assert colour_change_deadline(D(2023, 7, 28)) == D(2026, 7, 28)
    assert colour_change_deadline(D(2024, 2, 29)) == D(2027, 3, 1)  # CC art. 132 §3
    assert colour_change_deadline(D(2025, 10, 31)) == D(2028, 10, 31)


@pytest.mark.parametrize(
    ("category", "ok"),
    [
        ("B", True),
        ("C", True),
        ("D", True),
        ("E", True),
        ("AB", True),
        ("AD", True),
        ("ae", True),
        (" A B ", True),
        ("A", False),
        ("ACC", False),
        ("", False),
        ("X", False),
        ("BX", False),
    ],
)
def test_cnh_category_b_c_d_or_e_art10_i_b(category: str, ok: bool) -> None:
    assert frozenset({"B", "C", "D", "E"}) == CNH_CATEGORIES
    assert is_cnh_category_allowed(category) is ok
