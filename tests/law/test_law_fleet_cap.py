"""Fleet cap of one taxi per 500 inhabitants (Art. 22, §2) and the
authorizations kept from before the law (Arts. 22, §2 and 69)."""

from __future__ import annotations

import datetime as dt

import pytest

from law.fleet import (
    INHABITANTS_PER_TAXI,
    excess_over_cap,
    fleet_cap,
    free_places,
    has_free_place,
    is_grandfathered,
)


def test_one_taxi_per_500_inhabitants_rounded_down_art22_par2() -> None:
    assert INHABITANTS_PER_TAXI == 500
    assert fleet_cap(0) == 0
    assert fleet_cap(499) == 0
    assert fleet_cap(500) == 1
    assert fleet_cap(12_999) == 25
    assert fleet_cap(13_000) == 26


def test_free_place_while_below_the_cap_art22_par2() -> None:
    # given 13,000 inhabitants (cap 26) and 25 active authorizations
    # when / then one place is free
    assert free_places(13_000, 25) == 1
    assert has_free_place(13_000, 25)


def test_no_free_place_at_the_cap_art22_par2() -> None:
    assert free_places(13_000, 26) == 0
    assert not has_free_place(13_000, 26)


def test_grandfathered_excess_is_kept_but_blocks_new_grants_art22_par2_art69() -> None:
    # given 30 active authorizations, all existing at the publication, cap 26
    # when
    excess = excess_over_cap(13_000, 30)
    # then the 4 in excess are lawful (kept), and no new authorization is possible
    assert excess == 4
    assert free_places(13_000, 30) == 0
    assert not has_free_place(13_000, 30)


def test_grandfathered_means_existing_on_publication_day_art22_par2_art69() -> None:
    assert is_grandfathered(dt.date(2023, 7, 28))
    assert is_grandfathered(dt.date(1998, 1, 5))
    assert not is_grandfathered(dt.date(2023, 7, 29))


def test_negative_figures_are_rejected_art22_par2() -> None:
    with pytest.raises(ValueError):
        fleet_cap(-1)
    with pytest.raises(ValueError):
        has_free_place(13_000, -1)
