"""Waiting periods before a new application (Art. 23, sole paragraph;
Art. 27, §2; Art. 59, §5)."""

from __future__ import annotations

import datetime as dt

from law.bars import (
    AUXILIARY_BAR_MONTHS,
    CANCELLATION_BAR_YEARS,
    REVOCATION_BAR_YEARS,
    BarReason,
    application_barred_until,
    auxiliary_bar_ends,
    cancellation_bar_ends,
    is_application_barred,
    revocation_bar_ends,
)

D = dt.date


def test_periods_are_the_laws_art23_art27_par2_art59_par5() -> None:
    assert (CANCELLATION_BAR_YEARS, REVOCATION_BAR_YEARS, AUXILIARY_BAR_MONTHS) == (5, 5, 12)


def test_cancellation_bars_for_5_years_art23_sole_paragraph() -> None:
    assert cancellation_bar_ends(D(2026, 3, 10)) == D(2031, 3, 10)
    assert cancellation_bar_ends(D(2024, 2, 29)) == D(2029, 3, 1)  # CC art. 132 §3


def test_revocation_bars_for_5_years_art59_par5() -> None:
    assert revocation_bar_ends(D(2026, 11, 30)) == D(2031, 11, 30)
    assert revocation_bar_ends(D(2028, 2, 29)) == D(2033, 3, 1)  # CC art. 132 §3


def test_auxiliary_revocation_bars_for_12_months_art27_par2() -> None:
    assert auxiliary_bar_ends(D(2026, 1, 31)) == D(2027, 1, 31)
    assert auxiliary_bar_ends(D(2024, 2, 29)) == D(2025, 3, 1)  # CC art. 132 §3


def test_no_events_no_bar_art23_art59_par5() -> None:
    assert application_barred_until([]) is None
    assert not is_application_barred([], D(2026, 11, 30))


def test_latest_bar_wins_art23_art27_par2_art59_par5() -> None:
    # given a cancellation in 2020 and a later auxiliary revocation
    events = [
        (BarReason.CANCELLATION_ON_REQUEST, D(2020, 5, 4)),
        (BarReason.AUXILIARY_WITHDRAWAL, D(2024, 1, 10)),
        (BarReason.REVOCATION, D(2019, 1, 1)),
    ]
    # when / then the cancellation's bar (4 May 2025) beats 10 Jan 2025 and 1 Jan 2024
    assert application_barred_until(events) == D(2025, 5, 4)


def test_barred_through_last_day_free_the_next_art59_par5() -> None:
    events = [(BarReason.REVOCATION, D(2026, 3, 10))]
    assert is_application_barred(events, D(2031, 3, 10))
    assert not is_application_barred(events, D(2031, 3, 11))


def test_bar_reasons_cite_their_articles() -> None:
    assert BarReason.CANCELLATION_ON_REQUEST.article == "Art. 23 parágrafo único"
    assert BarReason.REVOCATION.article == "Art. 59 §5"
    assert BarReason.AUXILIARY_WITHDRAWAL.article == "Art. 27 §2"
