"""Settings where reasonable readings of the law differ (issue 9, item 13): each reading
is available, and the defaults are the documented ones."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.conf import settings

from law.auxiliary import SwapCount, check_swap_allowed, next_swap_possible_on, swaps_in_window
from law.errors import InvalidSuspensionPeriod, LawError
from law.penalties import Policy, WarningPolicy, assess
from law.suspension import ExtensionLimit, check_extension

D = dt.date


def test_art_59_i_the_first_offence_warning_replaces_the_fine_by_default() -> None:
    # the reading more favourable to the driver (docs/interpretations.md)
    assert settings.FIRST_OFFENCE_WARNING == "instead"
    assert Policy().warning is WarningPolicy.INSTEAD_OF_FINE
    first = assess(item="I", on=D(2026, 5, 4))
    assert (first.warning, first.fine_vrte) == (True, Decimal("0"))
    assert "Art. 59 II" not in first.articles


def test_art_24_the_extension_is_up_to_the_original_length_by_default() -> None:
    assert settings.SUSPENSION_EXTENSION_LIMIT == "original_length"
    with pytest.raises(InvalidSuspensionPeriod):
        check_extension(30, 31, 0)


def test_art_24_the_other_reading_allows_an_extension_of_up_to_120_days() -> None:
    check_extension(30, 120, 0, limit=ExtensionLimit.MAX_PERIOD)
    with pytest.raises(InvalidSuspensionPeriod):
        check_extension(30, 121, 0, limit=ExtensionLimit.MAX_PERIOD)


def test_art_27_p2_swaps_counted_per_rolling_12_months_by_default() -> None:
    assert settings.AUXILIARY_SWAP_COUNT == "rolling_12_months"
    # two swaps in December 2026: a third in January 2027 is refused
    december = [D(2026, 12, 10), D(2026, 12, 20)]
    with pytest.raises(LawError):
        check_swap_allowed(december, D(2027, 1, 5))


def test_art_27_p2_swaps_counted_per_calendar_year_in_the_other_reading() -> None:
    december = [D(2026, 12, 10), D(2026, 12, 20)]
    calendar_year = SwapCount.CALENDAR_YEAR
    assert swaps_in_window(december, D(2027, 1, 5), count=calendar_year) == 0
    check_swap_allowed(december, D(2027, 1, 5), count=calendar_year)
    with pytest.raises(LawError):
        check_swap_allowed(december, D(2026, 12, 28), count=calendar_year)
    assert next_swap_possible_on(december, D(2026, 12, 28), count=calendar_year) == D(2027, 1, 1)


def test_art_62_p1_and_art_59_settings_have_their_documented_defaults() -> None:
    assert settings.CLANDESTINE_DOUBLING == "last_penalty"
    assert settings.RECIDIVISM_REASSESS_ON_FINAL is False
