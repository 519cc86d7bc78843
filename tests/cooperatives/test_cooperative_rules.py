"""Art. 3 §§1-5: associations, their members and their executive taxis."""

from __future__ import annotations

import datetime as dt

import pytest

from law import cooperatives as law
from law.errors import LawError

NOW = dt.datetime(2026, 3, 2, 9, tzinfo=dt.UTC)
GOOD = {
    "air_conditioning": True,
    "doors": 4,
    "airbag": True,
    "seal": "SE-01",
    "colour": "prata",
    "association_colour": "prata",
    "standard_colour": "branca",
}


def test_art_3_par_1_ii_ten_percent_of_the_members_rounded_down():
    assert [law.max_vehicles(n) for n in (19, 20, 29, 30, 105)] == [1, 2, 2, 3, 10]


def test_art_3_par_1_iii_at_least_twenty_members_with_authorization():
    with pytest.raises(LawError) as exc:
        law.check_may_add_vehicle(members=19, vehicles=0, parking_approved=True, parking_places=5)
    assert exc.value.article == "Art. 3 §1 III"
    law.check_may_add_vehicle(members=20, vehicles=0, parking_approved=True, parking_places=5)


def test_art_3_par_1_ii_no_vehicle_beyond_ten_percent():
    with pytest.raises(LawError) as exc:
        law.check_may_add_vehicle(members=25, vehicles=2, parking_approved=True, parking_places=5)
    assert exc.value.article == "Art. 3 §1 II"


def test_art_3_par_1_iv_parking_approved_and_large_enough():
    with pytest.raises(LawError) as unapproved:
        law.check_may_add_vehicle(members=30, vehicles=0, parking_approved=False, parking_places=5)
    assert unapproved.value.article == "Art. 3 §1 IV"
    with pytest.raises(LawError):
        law.check_may_add_vehicle(members=30, vehicles=1, parking_approved=True, parking_places=1)


def test_art_3_caput_a_member_joins_each_association_once():
    with pytest.raises(LawError) as exc:
        law.check_not_yet_member(already_member=True)
    assert exc.value.article == "Art. 3"
    law.check_not_yet_member(already_member=False)


def test_art_3_par_2_members_counted_elsewhere_do_not_raise_the_limit():
    # 30 members, 12 of them counted first by another association: limit 10 % of 18 → 1
    law.check_may_add_vehicle(
        members=30, counted=18, vehicles=0, parking_approved=True, parking_places=5
    )
    with pytest.raises(LawError) as exc:
        law.check_may_add_vehicle(
            members=30, counted=18, vehicles=1, parking_approved=True, parking_places=5
        )
    assert exc.value.article == "Art. 3 §1 II"


def test_art_3_par_1_ii_iii_the_fleet_is_checked_again_at_each_use():
    law.check_fleet_in_bounds(members=20, counted=20, vehicles=2)
    with pytest.raises(LawError) as fewer:
        law.check_fleet_in_bounds(members=5, counted=5, vehicles=1)
    assert fewer.value.article == "Art. 3 §1 III"
    with pytest.raises(LawError) as over:
        law.check_fleet_in_bounds(members=25, counted=19, vehicles=2)
    assert over.value.article == "Art. 3 §1 II"


def test_art_3_par_1_an_executive_taxi_needs_the_associations_declared_colour():
    with pytest.raises(LawError) as exc:
        law.check_vehicle(**{**GOOD, "association_colour": ""})
    assert exc.value.article == "Art. 3 §1"


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("air_conditioning", False),
        ("doors", 2),
        ("airbag", False),
        ("seal", " "),
    ],
)
def test_art_3_par_3_vehicle_requirements(field, value):
    with pytest.raises(LawError) as exc:
        law.check_vehicle(**{**GOOD, field: value})
    assert exc.value.article == "Art. 3 §3"


def test_art_3_par_1_own_colour_not_the_standard():
    law.check_vehicle(**GOOD)
    with pytest.raises(LawError):
        law.check_vehicle(**{**GOOD, "colour": "preta"})
    with pytest.raises(LawError):
        law.check_vehicle(**{**GOOD, "colour": "Branca", "association_colour": "branca"})


def test_art_3_par_4_use_only_under_contract():
    with pytest.raises(LawError) as exc:
        law.check_use(contract="", member_active=True, started_at=NOW, ended_at=None)
    assert exc.value.article == "Art. 3 §4"
    law.check_use(
        contract="Contrato 5/2026 — Hospital", member_active=True, started_at=NOW, ended_at=None
    )


def test_art_3_par_5_own_taxi_retained_once():
    with pytest.raises(LawError) as exc:
        law.check_own_taxi_free(own_taxi_retained=True)
    assert exc.value.article == "Art. 3 §5"
