"""Art. 62: clandestine transport — seizure, fine, and doubling on recidivism."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from law.clandestine import Doubling, PastSeizure, clandestine_penalty


def test_a_first_notice_seizes_15_days_and_fines_1500_vrte_art62():
    penalty = clandestine_penalty(on=dt.date(2026, 5, 10))
    assert (penalty.seizure_days, penalty.fine_vrte, penalty.recidivist) == (
        15, Decimal("1500"), False)


def test_recidivism_within_6_months_of_the_last_notice_doubles_both_art62_p1():
    history = [PastSeizure(dt.date(2026, 1, 10), Decimal("1500"), 15)]
    penalty = clandestine_penalty(on=dt.date(2026, 7, 10), history=history)
    assert (penalty.seizure_days, penalty.fine_vrte, penalty.recidivist) == (
        30, Decimal("3000"), True)
    assert "Art. 62 §1" in penalty.articles


def test_the_day_after_the_6_months_is_no_longer_recidivism_art62_p1():
    history = [PastSeizure(dt.date(2026, 1, 10), Decimal("1500"), 15)]
    assert not clandestine_penalty(on=dt.date(2026, 7, 11), history=history).recidivist


def test_each_recidivism_doubles_the_last_infractions_values_art62_p1():
    history = [PastSeizure(dt.date(2026, 1, 10), Decimal("1500"), 15),
               PastSeizure(dt.date(2026, 3, 1), Decimal("3000"), 30)]
    penalty = clandestine_penalty(on=dt.date(2026, 4, 1), history=history)
    assert (penalty.seizure_days, penalty.fine_vrte) == (60, Decimal("6000"))


def test_art_62_p1_the_base_once_setting_doubles_the_base_however_many_repeats():
    history = [PastSeizure(dt.date(2026, 1, 10), Decimal("1500"), 15),
               PastSeizure(dt.date(2026, 3, 1), Decimal("3000"), 30)]
    penalty = clandestine_penalty(
        on=dt.date(2026, 4, 1), history=history, doubling=Doubling.BASE_ONCE
    )
    assert (penalty.seizure_days, penalty.fine_vrte, penalty.recidivist) == (
        30, Decimal("3000"), True)


def test_art_62_p1_the_penalty_names_the_record_that_made_it_a_recidivism():
    earlier = PastSeizure(dt.date(2026, 3, 1), Decimal("1500"), 15, reference="2026/000007")
    penalty = clandestine_penalty(on=dt.date(2026, 4, 1), history=[earlier])
    assert penalty.because_of == earlier
