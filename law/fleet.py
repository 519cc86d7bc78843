"""Fleet cap: how many taxi authorizations the municipality may have.

Art. 22, §2: one taxi for each 500 inhabitants, "ficando resguardadas as
autorizações já existentes na data da publicação desta Lei, que excedam ao
padrão de delimitação da frota". Art. 22, §3: the population is the IBGE's.
Art. 69: the authorizations existing at the publication are kept.

Reading (docs/interpretations.md): the cap limits the total number of active
authorizations, the grandfathered ones included. The grandfathered ones are
never cancelled because the fleet is above the cap; they simply occupy places,
so a new authorization can only be granted while the total is below the cap.
"""

from __future__ import annotations

import datetime as dt
from typing import Final

from law._dates import require_date
from law.statute import PUBLICATION_DATE

INHABITANTS_PER_TAXI: Final = 500
"""Art. 22, §2: one taxi authorization per 500 inhabitants."""


def _check_non_negative(value: int, name: str) -> None:
    if value < 0:
        raise ValueError(f"{name} must not be negative, got {value}")


def fleet_cap(population: int) -> int:
    """Maximum number of taxi authorizations for ``population`` inhabitants.

    Art. 22, §2: one per 500 inhabitants, rounded down (a fraction of 500
    inhabitants does not make a taxi). ``population`` is the IBGE figure
    (Art. 22, §3).
    """
    _check_non_negative(population, "population")
    return population // INHABITANTS_PER_TAXI


def free_places(population: int, active_count: int) -> int:
    """How many new authorizations may still be granted (never negative).

    Art. 22, §2. ``active_count`` is the number of active authorizations,
    those existing at the law's publication included (Art. 69).
    """
    _check_non_negative(active_count, "active_count")
    return max(0, fleet_cap(population) - active_count)


def has_free_place(population: int, active_count: int) -> bool:
    """Whether a new authorization may be granted (Art. 22, §2).

    ``active_count`` counts every active authorization, the grandfathered
    ones included: they are kept even above the cap (Arts. 22, §2 and 69) but
    they still occupy places, so nothing new is granted until the total falls
    below the cap.
    """
    return free_places(population, active_count) > 0


def excess_over_cap(population: int, active_count: int) -> int:
    """How many active authorizations exceed the cap (0 when within it).

    Art. 22, §2: an excess made of authorizations existing at the
    publication is lawful and does not lead to any cancellation.
    """
    _check_non_negative(active_count, "active_count")
    return max(0, active_count - fleet_cap(population))


def is_grandfathered(granted_on: dt.date) -> bool:
    """Whether an authorization granted on ``granted_on`` existed at the publication.

    Arts. 22, §2 and 69: authorizations existing on 28 July 2023 (the day of
    publication included) are kept even when they exceed the cap.
    """
    return require_date(granted_on, "granted_on") <= PUBLICATION_DATE
