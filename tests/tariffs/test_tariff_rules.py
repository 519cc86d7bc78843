"""The statute's tariff rules (Arts. 29-31 and the "tabela em vigor" of Art. 58 XVI)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from law import tariffs as law
from law.errors import LawError


def test_art_31_igpm_adjustment_rounds_each_value_half_up_to_the_cent():
    values = {"bandeirada": Decimal("6.00"), "km": Decimal("3.50"), "hora": Decimal("40.05")}
    assert law.adjust(values, Decimal("4.2583")) == {
        "bandeirada": Decimal("6.26"),  # 6.25498
        "km": Decimal("3.65"),  # 3.64904
        "hora": Decimal("41.76"),  # 41.75545 → half up
    }


def test_art_31_a_negative_igpm_keeps_the_prices_by_default():
    assert law.adjust({"km": Decimal("3.50")}, Decimal("-3.18")) == {"km": Decimal("3.50")}


def test_art_31_a_negative_igpm_lowers_the_prices_when_the_reading_applies_it():
    assert law.adjust({"km": Decimal("3.50")}, Decimal("-3.18"), law.NegativeIndex.APPLY) == {
        "km": Decimal("3.39")
    }


def test_art_31_an_index_of_minus_100_percent_is_refused():
    with pytest.raises(LawError) as exc:
        law.adjust({"km": Decimal("3.50")}, Decimal("-100"))
    assert exc.value.article == "Art. 31"


def test_art_31_the_adjustment_takes_effect_in_its_year_even_after_january():
    law.check_adjustment_date(valid_from=dt.date(2027, 1, 15), year=2027)
    law.check_adjustment_date(valid_from=dt.date(2027, 2, 10), year=2027)
    for wrong in (dt.date(2028, 1, 3), dt.date(2026, 12, 15)):
        with pytest.raises(LawError) as exc:
            law.check_adjustment_date(valid_from=wrong, year=2027)
        assert exc.value.article == "Art. 31"


def test_art_31_one_adjustment_a_year():
    law.check_one_adjustment_per_year(adjusted_years=[2025], year=2026)
    with pytest.raises(LawError):
        law.check_one_adjustment_per_year(adjusted_years=[2025, 2026], year=2026)


def test_art_29_a_table_needs_its_act_and_cannot_precede_it():
    with pytest.raises(LawError) as no_number:
        law.check_act(act_number="", act_date=dt.date(2026, 1, 5), valid_from=dt.date(2026, 1, 5))
    assert no_number.value.article == "Art. 29"
    with pytest.raises(LawError):
        law.check_act(
            act_number="D 1", act_date=dt.date(2026, 1, 5), valid_from=dt.date(2026, 1, 4)
        )


def test_art_30_a_price_table_has_items_and_no_negative_price():
    with pytest.raises(LawError):
        law.check_values({})
    with pytest.raises(LawError) as exc:
        law.check_values({"km": Decimal("-1")})
    assert exc.value.article == "Art. 30"


def test_art_58_xvi_table_in_force_on_the_day_of_the_fact():
    tables = [(dt.date(2025, 1, 2), "2025"), (dt.date(2026, 1, 10), "2026")]
    assert law.in_force_on(tables, dt.date(2025, 1, 1)) is None
    assert law.in_force_on(tables, dt.date(2026, 1, 9)) == "2025"
    assert law.in_force_on(tables, dt.date(2026, 1, 10)) == "2026"
    assert law.in_force_on(list(reversed(tables)), dt.date(2026, 6, 1)) == "2026"


def test_art_31_the_reminder_is_due_in_january_until_the_year_is_adjusted():
    assert law.adjustment_due(today=dt.date(2027, 1, 3), adjusted_years=[2026]) == 2027
    assert law.adjustment_due(today=dt.date(2027, 1, 3), adjusted_years=[2027]) is None
    assert law.adjustment_due(today=dt.date(2027, 2, 1), adjusted_years=[]) is None
