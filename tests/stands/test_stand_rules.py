"""The statute's rules for stands (Arts. 32-36), as pure functions."""

from __future__ import annotations

import datetime as dt

import pytest

from law import stands as law
from law.errors import LawError

T0 = dt.datetime(2026, 3, 2, 8, 0, tzinfo=dt.UTC)


def _arrivals(*plates: str) -> list[law.Arrival]:
    return [
        law.Arrival(plate=p, arrived_at=T0 + dt.timedelta(minutes=i)) for i, p in enumerate(plates)
    ]


def test_art_32_a_stand_needs_its_act_and_at_least_one_place():
    start = dt.date(2026, 1, 5)
    with pytest.raises(LawError) as no_act:
        law.check_stand(kind=law.FIXED, places=2, act_number=" ", ends_on=None, starts_on=start)
    assert no_act.value.article == "Art. 32"
    with pytest.raises(LawError) as no_place:
        law.check_stand(kind=law.FIXED, places=0, act_number="D 1", ends_on=None, starts_on=start)
    assert str(no_place.value) == (
        "O ponto deve ter ao menos 1 vaga fixada pelo ato; foram informadas 0."
    )
    law.check_stand(kind=law.FIXED, places=1, act_number="D 1", ends_on=None, starts_on=start)


def test_art_32_par_2_iii_a_provisional_stand_has_an_end():
    with pytest.raises(LawError) as exc:
        law.check_stand(
            kind=law.PROVISIONAL,
            places=4,
            act_number="P 2",
            ends_on=None,
            starts_on=dt.date(2026, 7, 1),
        )
    assert exc.value.article == "Art. 32 §2 III"
    law.check_stand(
        kind=law.PROVISIONAL,
        places=4,
        act_number="P 2",
        ends_on=dt.date(2026, 7, 3),
        starts_on=dt.date(2026, 7, 1),
    )


def test_art_32_par_2_i_only_fixed_stands_take_assigned_taxis():
    law.check_assignable(kind=law.FIXED)
    for kind in (law.ROTATING, law.PROVISIONAL):
        with pytest.raises(LawError) as exc:
            law.check_assignable(kind=kind)
        assert exc.value.article == "Art. 32 §2 I"


def test_art_32_par_2_i_vacancies_are_the_places_of_the_act():
    assert law.has_vacancy(places=3, assigned=2) is True
    assert law.has_vacancy(places=3, assigned=3) is False


def test_art_32_places_cannot_drop_below_the_taxis_assigned():
    with pytest.raises(LawError):
        law.check_places_cover_assigned(places=2, assigned=3)
    law.check_places_cover_assigned(places=3, assigned=3)


def test_art_35_out_of_town_taxi_barred_from_a_fixed_stand():
    with pytest.raises(LawError) as exc:
        law.check_may_stop(kind=law.FIXED, registered_here=False, assigned_here=False)
    assert exc.value.article == "Art. 35"


def test_art_32_par_2_ii_rotating_stand_is_for_taxis_registered_here():
    with pytest.raises(LawError) as exc:
        law.check_may_stop(kind=law.ROTATING, registered_here=False, assigned_here=False)
    assert exc.value.article == "Art. 32 §2 II"
    law.check_may_stop(kind=law.ROTATING, registered_here=True, assigned_here=False)


def test_art_32_par_2_i_a_local_taxi_not_assigned_may_not_wait_at_a_fixed_stand():
    with pytest.raises(LawError) as exc:
        law.check_may_stop(kind=law.FIXED, registered_here=True, assigned_here=False)
    assert exc.value.article == "Art. 32 §2 I"
    law.check_may_stop(kind=law.FIXED, registered_here=True, assigned_here=True)


def test_art_36_order_of_arrival():
    shuffled = [
        law.Arrival("BBB2B22", T0 + dt.timedelta(minutes=5)),
        law.Arrival("AAA1A11", T0),
        law.Arrival("CCC3C33", T0 + dt.timedelta(minutes=9)),
    ]
    assert [a.plate for a in law.departure_order(shuffled)] == ["AAA1A11", "BBB2B22", "CCC3C33"]
    law.check_departure(arrivals=shuffled, plate="AAA1A11")
    with pytest.raises(LawError) as exc:
        law.check_departure(arrivals=shuffled, plate="BBB2B22")
    assert exc.value.article == "Art. 36"
    assert str(exc.value) == "A saída obedece à ordem de chegada: o primeiro da fila é AAA1A11."


def test_art_36_sole_paragraph_passenger_call_skips_the_line():
    line = _arrivals("AAA1A11", "BBB2B22")
    law.check_departure(arrivals=line, plate="BBB2B22", passenger_call=True)
    with pytest.raises(LawError):
        law.check_departure(arrivals=line, plate="ZZZ9Z99", passenger_call=True)
