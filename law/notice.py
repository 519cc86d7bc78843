"""When a notice counts as received (Arts. 46 and 47 §2).

The offender's clocks (appeal, Art. 63; payment, Art. 55) start on the day the notice is
received. Art. 46 admits personal delivery or post with return receipt (AR); Art. 46 §2
and Art. 47 §2 make a letter returned because the driver's address on file was out of date
count as received, on the date of the postman's visit written on the AR.
"""

from __future__ import annotations

import datetime as dt
from enum import StrEnum


class ReturnReason(StrEnum):
    """The reasons printed on the Correios AR card."""

    MOVED = "moved"  # mudou-se
    INSUFFICIENT_ADDRESS = "insufficient_address"  # endereço insuficiente
    NO_SUCH_NUMBER = "no_such_number"  # não existe o número
    UNKNOWN = "unknown"  # desconhecido
    REFUSED = "refused"  # recusado
    NOT_CLAIMED = "not_claimed"  # não procurado
    ABSENT = "absent"  # ausente
    DECEASED = "deceased"  # falecido
    OTHER = "other"  # outros


# Returns that show the address on file no longer reaches the driver: Art. 47 §2.
OUTDATED_ADDRESS_REASONS = frozenset(
    {
        ReturnReason.MOVED,
        ReturnReason.INSUFFICIENT_ADDRESS,
        ReturnReason.NO_SUCH_NUMBER,
        ReturnReason.UNKNOWN,
    }
)


class ClockStart(StrEnum):
    """Which date on the AR starts the clock (a setting; see docs/interpretations.md)."""

    DELIVERY = "delivery"  # the delivery date, or the visit date of Art. 46 §2
    AR_ATTACHED = "ar_attached"  # the date the AR was attached to the file (CPC art. 231 I)


def return_counts_as_received(reason: ReturnReason, *, refusal_counts: bool) -> bool:
    """Art. 47 §2: a return for an out-of-date address is valid for every purpose.

    A refusal to receive is the recipient's own act; whether it counts is a setting
    (`refusal_counts`). Absence, an unclaimed letter, death and other reasons do not count:
    the notice must be tried again.
    """
    if reason in OUTDATED_ADDRESS_REASONS:
        return True
    return reason is ReturnReason.REFUSED and refusal_counts


def received_on(
    *,
    clock: ClockStart,
    delivered_on: dt.date | None = None,
    visit_on: dt.date | None = None,
    ar_attached_on: dt.date | None = None,
    return_reason: ReturnReason | None = None,
    refusal_counts: bool = True,
) -> dt.date | None:
    """The date the notice counts as received, or None when it does not count (Art. 46)."""
    if return_reason is None:
        if delivered_on is None:
            return None
        event_day = delivered_on
    else:
        if not return_counts_as_received(return_reason, refusal_counts=refusal_counts):
            return None
        if visit_on is None:
            return None
        event_day = visit_on
    if clock is ClockStart.AR_ATTACHED:
        return ar_attached_on
    return event_day
