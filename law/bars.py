"""Waiting periods before a new application.

- Art. 23, sole paragraph: a taxista who requested the cancellation of his
  authorization may apply again only "após 05 (cinco) anos a contar do
  efetivo cancelamento".
- Art. 59, §5: a taxista whose authorization was revoked (cassada) "ficará
  impedido de receber nova autorização pelo prazo de 05 (cinco) anos".
- Art. 27, §2: an auxiliary whose authorization the executive revoked
  (revogação, when he leaves the holder) "somente poderá efetuar nova
  inscrição após 12 (doze) meses" — as auxiliary.

An auxiliary whose authorization is *cassada* (Art. 59 V) falls under §5 like a
holder: "do auxiliar será exigido o cumprimento das mesmas prescrições legais
referentes aos taxistas" (Art. 27 §4).

Reading (docs/interpretations.md): the period counts from the event, start
day excluded; it expires on the day with the same number in the target
year/month, or on the next day when that month lacks it (Código Civil
art. 132 §3: 29 February → 1 March). The functions ``*_bar_ends`` return
that expiry day, the last day on which the person is still barred; a new
application is possible from the next day.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import Final

from law._dates import add_months, add_years, require_date

CANCELLATION_BAR_YEARS: Final = 5
"""Art. 23, sole paragraph: years after an effective cancellation on request."""

REVOCATION_BAR_YEARS: Final = 5
"""Art. 59, §5: years after a revocation (cassação)."""

AUXILIARY_BAR_MONTHS: Final = 12
"""Art. 27, §2: months after the revogação of an auxiliary's authorization."""


class BarReason(StrEnum):
    """The events that bar a new application."""

    CANCELLATION_ON_REQUEST = "cancellation_on_request"
    """Art. 23, sole paragraph."""
    REVOCATION = "revocation"
    """Art. 59, §5: cassação, of a holder's or of an auxiliary's authorization."""
    AUXILIARY_WITHDRAWAL = "auxiliary_withdrawal"
    """Art. 27, §2: revogação of an auxiliary's authorization; bars a new registration
    as auxiliary only."""

    @property
    def article(self) -> str:
        """The provision establishing the bar."""
        return _ARTICLES[self]


_ARTICLES: Final[Mapping[BarReason, str]] = MappingProxyType(
    {
        BarReason.CANCELLATION_ON_REQUEST: "Art. 23 parágrafo único",
        BarReason.REVOCATION: "Art. 59 §5",
        BarReason.AUXILIARY_WITHDRAWAL: "Art. 27 §2",
    }
)

BarEvent = tuple[BarReason, dt.date]
"""A barring event: its reason and the day it took effect."""


def cancellation_bar_ends(cancelled_on: dt.date) -> dt.date:
    """Last barred day after a cancellation on request effective on ``cancelled_on``.

    Art. 23, sole paragraph: 5 years from the effective cancellation.
    """
    return add_years(require_date(cancelled_on, "cancelled_on"), CANCELLATION_BAR_YEARS)


def revocation_bar_ends(revoked_on: dt.date) -> dt.date:
    """Last barred day after a revocation (cassação) on ``revoked_on``.

    Art. 59, §5: 5 years.
    """
    return add_years(require_date(revoked_on, "revoked_on"), REVOCATION_BAR_YEARS)


def auxiliary_bar_ends(revoked_on: dt.date) -> dt.date:
    """Last barred day, as auxiliary, after the revogação of an auxiliary's authorization.

    Art. 27, §2: 12 months. (A cassação is :func:`revocation_bar_ends`.)
    """
    return add_months(require_date(revoked_on, "revoked_on"), AUXILIARY_BAR_MONTHS)


def bar_ends(reason: BarReason, on: dt.date) -> dt.date:
    """Last barred day for an event of ``reason`` on ``on`` (Arts. 23, 27 §2, 59 §5)."""
    if reason is BarReason.CANCELLATION_ON_REQUEST:
        return cancellation_bar_ends(on)
    if reason is BarReason.REVOCATION:
        return revocation_bar_ends(on)
    return auxiliary_bar_ends(on)


def application_barred_until(events: Iterable[BarEvent]) -> dt.date | None:
    """Last barred day over all ``events``, or ``None`` when there are none.

    Arts. 23, sole paragraph, 27, §2 and 59, §5. The caller passes the events
    relevant to the application at hand (e.g. the Art. 27, §2 bar concerns a
    new registration as auxiliary).
    """
    ends = [bar_ends(reason, on) for reason, on in events]
    return max(ends) if ends else None


def is_application_barred(events: Iterable[BarEvent], on: dt.date) -> bool:
    """Whether an application made on ``on`` is barred by any of ``events``."""
    require_date(on, "on")
    until = application_barred_until(events)
    return until is not None and on <= until
