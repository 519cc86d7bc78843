"""When a notice counts as received (Arts. 46 and 47 §2).

The offender's clocks (appeal, Art. 63; payment, Art. 55) start on the day the notice is
received. Art. 46 admits personal delivery or post with return receipt (AR); Art. 46 §2
and Art. 47 §2 make a letter returned because the driver's address on file was out of date
count as received, on the date of the postman's visit written on the AR.
"""

from __future__ import annotations

import datetime as dt
from enum import StrEnum
from typing import Final

from law import deadlines as law_deadlines
from law._dates import require_date
from law.calendar import Calendar
from law.errors import LawError
from law.i18n import N_

ART_46_P1_53_II: Final = "Art. 46 §1; Art. 53 II"


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


def check_notice_can_be_issued(
    *, found_on: dt.date, on: dt.date, calendar: Calendar | None = None
) -> None:
    """Art. 46 caput and §1, Art. 53 II: a notice may be issued only while the 60 days to
    notify the offender, counted from the finding ("constatada a infração"), run.

    After them the notice could only be archived as insubsistent, so it is refused with
    the reason (the last day). A finding dated after ``on`` raises ``ValueError``.
    """
    require_date(found_on, "found_on")
    require_date(on, "on")
    if found_on > on:
        raise ValueError(f"found_on {found_on} is after {on}")
    limit = law_deadlines.notification_limit(found_on, calendar)
    if on > limit:
        raise LawError(
            N_(
                "A infração constatada em %(found)s não pode mais ser autuada: o prazo de 60 "
                "dias para notificar o infrator terminou em %(limit)s (Art. 46 §1 e Art. 53 "
                "II)."
            ),
            article=ART_46_P1_53_II,
            found=f"{found_on:%d/%m/%Y}",
            limit=f"{limit:%d/%m/%Y}",
        )


def delivered_in_time(
    *, found_on: dt.date, delivered_on: dt.date, calendar: Calendar | None = None
) -> bool:
    """Art. 46 §1 and Art. 53 II: whether the notice reached the offender within the 60
    days. The delivery (or visit, Art. 46 §2) date on the AR decides, not the day the AR
    came back to the municipality."""
    return require_date(delivered_on, "delivered_on") <= law_deadlines.notification_limit(
        found_on, calendar
    )
