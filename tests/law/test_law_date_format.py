"""Dates in the statute's messages and the application's letters: dd/mm/aaaa."""

from __future__ import annotations

import datetime as dt

from law.i18n import format_date


def test_a_date_is_written_day_month_year_with_leading_zeros_art70() -> None:
    assert format_date(dt.date(2026, 7, 28)) == "28/07/2026"
    assert format_date(dt.date(2026, 3, 5)) == "05/03/2026"
    assert format_date(dt.date(1, 1, 1)) == "01/01/0001"
