"""The municipal calendar's yearly declarations (optional days; CPC art. 224 §1)."""

from __future__ import annotations

import datetime as dt

import pytest

from law import municipal_calendar as law
from law.errors import LawError


@pytest.mark.parametrize(
    ("year", "sunday"),
    [
        (2024, dt.date(2024, 3, 31)),
        (2026, dt.date(2026, 4, 5)),
        (2027, dt.date(2027, 3, 28)),
        (2038, dt.date(2038, 4, 25)),
    ],
)
def test_easter_sunday(year, sunday):
    assert law.easter(year) == sunday


def test_optional_days_of_2026_carnival_corpus_christi_24_and_31_december():
    assert [d for d, _label in law.optional_days(2026)] == [
        dt.date(2026, 2, 16),
        dt.date(2026, 2, 17),
        dt.date(2026, 6, 4),
        dt.date(2026, 12, 24),
        dt.date(2026, 12, 31),
    ]


def test_the_reminder_is_for_next_year_in_december_only():
    assert law.reminder_year(dt.date(2026, 12, 1)) == 2027
    assert law.reminder_year(dt.date(2026, 11, 30)) is None


def test_cpc_224_a_declaration_needs_its_act_and_no_past_day():
    today = dt.date(2026, 12, 1)
    with pytest.raises(LawError) as no_act:
        law.check_declaration(day=dt.date(2027, 2, 8), act=" ", today=today)
    assert no_act.value.article == "CPC Art. 224 §1"
    with pytest.raises(LawError):
        law.check_declaration(day=dt.date(2026, 11, 30), act="Decreto 1", today=today)
    law.check_declaration(day=today, act="Decreto 1", today=today)
