"""Clandestine or irregular transport of passengers (Arts. 60-62).

Seizure of the vehicle for 15 days and a fine of 1,500 VRTE (Art. 62 I-II). On recidivism
within 6 months (§1), "o valor da multa e o prazo de apreensão, cominados em razão da
última infração, serão dobrados". The vehicle is held until everything owed is paid, even
after the seizure (§3).

Recidivism is personal: it is the same *person* (Art. 62 caput: "a pessoa física ou
jurídica que realizar") who transports again, whatever the vehicle; the Django side
gives this module the earlier records of that person only. The 6 months run between the
dates of the facts, the earlier fact's day excluded and the day with the same number six
months later included (Código Civil art. 132 §3).

How far the doubling goes is a setting (:class:`Doubling`): each recidivism doubles the
last infraction's values (1,500 → 3,000 → 6,000 VRTE), or every recidivism doubles the
base once (always 3,000 VRTE and 30 days). See ``docs/interpretations.md``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import Final

from law._dates import add_months, require_date

SEIZURE_DAYS: Final = 15
"""Art. 62 I."""
FINE_VRTE: Final = Decimal("1500")
"""Art. 62 II."""
RECIDIVISM_MONTHS: Final = 6
"""Art. 62 §1: counted from the last infraction."""
RECIDIVISM_MULTIPLIER: Final = 2
"""Art. 62 §1."""


class Doubling(StrEnum):
    """Art. 62 §1: what a recidivism doubles."""

    LAST_PENALTY = "last_penalty"
    """The values "cominados em razão da última infração": a chain doubles again."""

    BASE_ONCE = "base_once"
    """The base values of Art. 62 I-II, doubled once however many repeats."""


@dataclass(frozen=True)
class PastSeizure:
    """An earlier record of the same person that still stands (not annulled).

    ``occurred_on`` is the date of the facts; ``reference`` names the record (its case
    number) so the penalty can say which record made it a recidivism.
    """

    occurred_on: dt.date
    fine_vrte: Decimal
    seizure_days: int
    reference: str = ""


@dataclass(frozen=True)
class ClandestinePenalty:
    fine_vrte: Decimal
    seizure_days: int
    recidivist: bool
    articles: tuple[str, ...]
    because_of: PastSeizure | None = None
    """The earlier record that made it a recidivism (None for a first one)."""


def recidivism_window_ends(occurred_on: dt.date) -> dt.date:
    """Last day of the 6 months of Art. 62 §1 after facts dated ``occurred_on``."""
    return add_months(require_date(occurred_on, "occurred_on"), RECIDIVISM_MONTHS)


def clandestine_penalty(
    *,
    on: dt.date,
    history: Iterable[PastSeizure] = (),
    doubling: Doubling = Doubling.LAST_PENALTY,
) -> ClandestinePenalty:
    """Art. 62: the penalty for facts dated ``on``, given the same person's earlier ones.

    ``history`` holds the records of the same person whose facts came before these
    (annulled ones left out by the caller). The latest of them makes this a recidivism
    when ``on`` is within its 6 months (§1).
    """
    require_date(on, "on")
    earlier = sorted((p for p in history if p.occurred_on <= on), key=lambda p: p.occurred_on)
    if earlier and on <= recidivism_window_ends(earlier[-1].occurred_on):
        last = earlier[-1]
        if doubling is Doubling.BASE_ONCE:
            fine, days = FINE_VRTE, SEIZURE_DAYS
        else:
            fine, days = last.fine_vrte, last.seizure_days
        return ClandestinePenalty(
            fine_vrte=fine * RECIDIVISM_MULTIPLIER,
            seizure_days=days * RECIDIVISM_MULTIPLIER,
            recidivist=True,
            articles=("Art. 62 I", "Art. 62 II", "Art. 62 §1"),
            because_of=last,
        )
    return ClandestinePenalty(
        fine_vrte=FINE_VRTE,
        seizure_days=SEIZURE_DAYS,
        recidivist=False,
        articles=("Art. 62 I", "Art. 62 II"),
    )
