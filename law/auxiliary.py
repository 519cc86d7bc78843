"""Art. 27 §§1-2 and Art. 28: the auxiliary driver's rules, as pure functions.

Pure, like the rest of the statute package. The readings chosen (also in
docs/interpretations.md):

- **Yearly term (Art. 27 §1)**: "deverá ser renovada anualmente". A binding is valid for one
  year from the day of the decision that grants or renews it; the last valid day is the
  eve of the same date a year later (as the IM of Art. 18). A renewal decided before the
  end starts the new year on the decision day: renewing early shortens nothing that is
  not given back, and two renewals never stack into two years.
- **Swaps (Art. 27 §2)**: "até 2 (duas) autorizações anuais para troca de auxiliar". A
  swap is the replacement of an auxiliary by the holder's own choice: either in one step
  (registering a new auxiliary in place of the current one, reason `swap`) or in two (the
  holder dismisses the auxiliary — the binding ends with reason `swap` — and later
  registers another; the registration completes the swap and is the one counted). The
  count is of swaps *granted* whose decision fell in the 12 months ending on the day of the
  new decision, i.e. decided on a day `d` with `on − 12 months < d ≤ on` (the window of
  Art. 59 V d, read the same way). "Anuais" could also be read as per calendar year; the
  rolling window was chosen because it cannot be gamed by swapping twice in December and
  twice in January. Flag for the municipal attorney.
- **Exceptions (Art. 27 §2)**: resignation, death or another force majeure not caused by
  the holder do not count, "desde que apresente documentos probatórios": a proof document
  is required, and the executive judges it when deciding.
- **Retired holder (Art. 28)**: may go on "com a obrigação de colocar um auxiliar". The
  holder may therefore not dismiss his only auxiliary without registering a replacement;
  when the auxiliary leaves for a reason the holder does not control (resignation, death,
  force majeure, non-renewal, revocation), the end cannot be refused, and the holder is
  flagged as having to register a new auxiliary.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from enum import StrEnum
from typing import Final

from law._dates import add_months, months_before, require_date
from law.deadlines import AUXILIARY_TERM, due_date
from law.errors import LawError
from law.i18n import N_, format_date

ART_27: Final = "Art. 27"
ART_27_P1: Final = "Art. 27 §1"
ART_27_P2: Final = "Art. 27 §2"
ART_28: Final = "Art. 28"

SWAPS_PER_YEAR: Final = 2
"""Art. 27 §2: "até 2 (duas) autorizações anuais para troca de auxiliar"."""

SWAP_WINDOW_MONTHS: Final = 12
"""Art. 27 §2, "anuais": read as the 12 months ending on the day of the decision."""

# Why an auxiliary leaves (values shared with registers.AuxiliaryBinding.EndReason).
SWAP: Final = "swap"
RESIGNATION: Final = "resignation"
DEATH: Final = "death"
FORCE_MAJEURE: Final = "force_majeure"

EXCEPTIONAL_REASONS: Final = frozenset({RESIGNATION, DEATH, FORCE_MAJEURE})
"""Art. 27 §2: reasons that do not count as a swap, if proved by documents."""

DEPARTURE_REASONS: Final = frozenset({SWAP}) | EXCEPTIONAL_REASONS


def binding_valid_until(start: dt.date) -> dt.date:
    """Art. 27 §1: the last day of a binding granted or renewed on `start` (one year)."""
    return due_date(AUXILIARY_TERM, require_date(start, "start"))


class SwapCount(StrEnum):
    """Art. 27 §2, "até 2 (duas) autorizações anuais": over which year swaps are counted."""

    ROLLING_12_MONTHS = "rolling_12_months"
    """The 12 months ending on the day of the new decision."""

    CALENDAR_YEAR = "calendar_year"
    """The calendar year of the new decision (1 January to 31 December)."""


def swap_window_opens(on: dt.date, count: SwapCount = SwapCount.ROLLING_12_MONTHS) -> dt.date:
    """Art. 27 §2: the window is the days `d` with `swap_window_opens(on) < d ≤ on`."""
    day = require_date(on, "on")
    if count is SwapCount.CALENDAR_YEAR:
        return dt.date(day.year - 1, 12, 31)
    return months_before(day, SWAP_WINDOW_MONTHS)


def swaps_in_window(
    decided_on: Iterable[dt.date],
    on: dt.date,
    *,
    count: SwapCount = SwapCount.ROLLING_12_MONTHS,
) -> int:
    """Art. 27 §2: how many of the swaps decided on `decided_on` fall in `on`'s window."""
    opens = swap_window_opens(on, count)
    return sum(1 for day in decided_on if opens < day <= on)


def requires_proof(reason: str) -> bool:
    """Art. 27 §2: an exceptional reason counts only "desde que apresente documentos"."""
    return reason in EXCEPTIONAL_REASONS


def counts_as_swap(*, replacing_reason: str | None, previous_end_reason: str | None) -> bool:
    """Art. 27 §2: whether registering a new auxiliary is a swap that counts.

    `replacing_reason` is the reason the current auxiliary leaves when the new one replaces
    him in the same request (None when nobody is bound now); `previous_end_reason` is how
    the last binding of the holder ended (None when there was none). A swap counts when
    the holder chose it: a direct replacement for reason `swap`, or a registration after
    the holder dismissed the previous auxiliary (end reason `swap`). A first auxiliary, or
    one after a resignation, death, force majeure, non-renewal or revocation, does not.
    """
    if replacing_reason is not None:
        if replacing_reason not in DEPARTURE_REASONS:
            raise ValueError(f"unknown departure reason {replacing_reason!r}")
        return replacing_reason == SWAP
    return previous_end_reason == SWAP


def next_swap_possible_on(
    decided_on: Iterable[dt.date],
    on: dt.date,
    *,
    count: SwapCount = SwapCount.ROLLING_12_MONTHS,
) -> dt.date:
    """Art. 27 §2: the first day from `on` on which one more ordinary swap is allowed."""
    days = sorted(decided_on)
    day = require_date(on, "on")
    if swaps_in_window(days, day, count=count) < SWAPS_PER_YEAR:
        return day
    if count is SwapCount.CALENDAR_YEAR:
        return dt.date(day.year + 1, 1, 1)
    in_window = [d for d in days if swap_window_opens(day) < d <= day]
    # The oldest swaps must leave the window until only SWAPS_PER_YEAR - 1 remain.
    leaving = in_window[len(in_window) - SWAPS_PER_YEAR]
    candidate = max(day, add_months(leaving, SWAP_WINDOW_MONTHS))
    while swaps_in_window(days, candidate) >= SWAPS_PER_YEAR:
        candidate += dt.timedelta(days=1)
    return candidate


def check_swap_allowed(
    decided_on: Iterable[dt.date],
    on: dt.date,
    *,
    count: SwapCount = SwapCount.ROLLING_12_MONTHS,
) -> None:
    """Art. 27 §2: refuse a third ordinary swap in the window ending on `on`.

    `count` is the municipality's reading of "anuais" (a setting)."""
    days = sorted(decided_on)
    found = swaps_in_window(days, on, count=count)
    if found < SWAPS_PER_YEAR:
        return
    template = _SWAP_LIMIT_ROLLING
    if count is SwapCount.CALENDAR_YEAR:
        template = _SWAP_LIMIT_CALENDAR_YEAR
    raise LawError(
        template,
        article=ART_27_P2,
        count=found,
        year=on.year,
        limit=SWAPS_PER_YEAR,
        day=format_date(on),
        next=format_date(next_swap_possible_on(days, on, count=count)),
    )


_SWAP_LIMIT_ROLLING: Final = N_(
    "O titular já obteve %(count)d autorizações de troca de auxiliar nos 12 meses "
    "até %(day)s; o limite é de %(limit)d por ano. Uma nova troca comum só é "
    "possível a partir de %(next)s. Pedido de demissão, falecimento ou outro "
    "motivo de força maior, comprovados por documentos, não entram nessa conta."
)
_SWAP_LIMIT_CALENDAR_YEAR: Final = N_(
    "O titular já obteve %(count)d autorizações de troca de auxiliar no ano de %(year)d "
    "(até %(day)s); o limite é de %(limit)d por ano. Uma nova troca comum só é "
    "possível a partir de %(next)s. Pedido de demissão, falecimento ou outro "
    "motivo de força maior, comprovados por documentos, não entram nessa conta."
)


def check_retired_may_dismiss(*, retired: bool, reason: str) -> None:
    """Art. 28: a retired holder may not dismiss his only auxiliary without a replacement.

    Reasons the holder does not control (resignation, death, force majeure) cannot be
    refused; the caller flags the holder instead (`retired_needs_auxiliary`).
    """
    if retired and reason == SWAP:
        raise LawError(
            N_(
                "O titular aposentado só pode continuar na exploração da autorização com um "
                "auxiliar. Para trocar de auxiliar, peça o cadastro do novo auxiliar em "
                "substituição ao atual."
            ),
            article=ART_28,
        )


def retired_needs_auxiliary(*, retired: bool, has_auxiliary: bool) -> bool:
    """Art. 28: a retired holder without an auxiliary must register one to go on."""
    return retired and not has_auxiliary
