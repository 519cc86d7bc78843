"""Clandestine or irregular transport of passengers (Arts. 60-62).

Seizure of the vehicle for 15 days and a fine of 1,500 VRTE (Art. 62 I-II); on recidivism
within 6 months of the last notice, the last infraction's fine and seizure are doubled
(§1) — so each recidivism within the window doubles the previous values. The vehicle is
held until everything owed is paid, even after the seizure (§3).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from law._dates import add_months

SEIZURE_DAYS: Final = 15
"""Art. 62 I."""
FINE_VRTE: Final = Decimal("1500")
"""Art. 62 II."""
RECIDIVISM_MONTHS: Final = 6
"""Art. 62 §1: counted from the notice of the last infraction."""
RECIDIVISM_MULTIPLIER: Final = 2
"""Art. 62 §1."""


@dataclass(frozen=True)
class PastSeizure:
    noticed_on: dt.date
    fine_vrte: Decimal
    seizure_days: int


@dataclass(frozen=True)
class ClandestinePenalty:
    fine_vrte: Decimal
    seizure_days: int
    recidivist: bool
    articles: tuple[str, ...]


def clandestine_penalty(*, on: dt.date, history: Iterable[PastSeizure] = ()) -> ClandestinePenalty:
    """Art. 62: the penalty for a notice issued on `on`, given the earlier ones."""
    earlier = sorted((p for p in history if p.noticed_on <= on), key=lambda p: p.noticed_on)
    if earlier and on <= add_months(earlier[-1].noticed_on, RECIDIVISM_MONTHS):
        last = earlier[-1]
        return ClandestinePenalty(
            fine_vrte=last.fine_vrte * RECIDIVISM_MULTIPLIER,
            seizure_days=last.seizure_days * RECIDIVISM_MULTIPLIER,
            recidivist=True,
            articles=("Art. 62 I", "Art. 62 II", "Art. 62 §1"),
        )
    return ClandestinePenalty(
        fine_vrte=FINE_VRTE, seizure_days=SEIZURE_DAYS, recidivist=False,
        articles=("Art. 62 I", "Art. 62 II"),
    )
