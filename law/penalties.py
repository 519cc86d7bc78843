"""Penalty assessment for a violation notice (Arts. 56, 57, 59).

A pure function: the offender's history of final infractions and the new infraction go
in; the penalties of Art. 59 and the articles applied come out. The cases only apply
what this decides.

Two points the law leaves open are policy (see docs/interpretations.md):

- how long a past infraction counts for recidivism (``recidivism_months``), and whether
  recidivism means the same item again or any item of the same range of Art. 59
  (``recidivism_scope``);
- whether the written warning for a first group 1-2 infraction (Art. 59 I) replaces the
  fine of Art. 59 II or comes with it (``warning``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from typing import Final

from law._dates import months_before
from law.infractions import IMPEDIMENT_MAX_DAYS, INFRACTIONS, Infraction, infraction

DEFAULT_RECIDIVISM_MONTHS: Final = 12
"""Months a final infraction counts for recidivism (policy; the law is silent)."""

# Art. 59 III a-c and V a: the ranges of items the recidivism rules speak of.
RANGE_I_XII: Final = (1, 12)
RANGE_XIII_XXII: Final = (13, 22)
RANGE_XXIII_XXIX: Final = (23, 29)
RANGE_XIII_XXIX: Final = (13, 29)


class RecidivismScope(StrEnum):
    SAME_ITEM = "same_item"  # the same item of Art. 58 again
    SAME_RANGE = "same_range"  # any item of the same range of Art. 59


class WarningPolicy(StrEnum):
    INSTEAD_OF_FINE = "instead"  # the first group 1-2 infraction: warning, no fine
    WITH_FINE = "as_well"  # warning and fine


@dataclass(frozen=True)
class Policy:
    recidivism_months: int = DEFAULT_RECIDIVISM_MONTHS
    recidivism_scope: RecidivismScope = RecidivismScope.SAME_ITEM
    # Art. 59 I: the reading more favourable to the driver (docs/interpretations.md).
    warning: WarningPolicy = WarningPolicy.INSTEAD_OF_FINE


@dataclass(frozen=True)
class PastInfraction:
    """A final (not annulled, archived or overturned) infraction of the same driver.

    ``regularize_until`` matters for items XXI and XXII only (Art. 59 §4): the last day
    of the suspension served for it, the time the holder had to regularize the vehicle;
    ``None`` while that suspension has not been served.
    """

    item: str
    on: dt.date
    regularize_until: dt.date | None = None


REGULARIZE_ITEMS: Final = frozenset({"XXI", "XXII"})
"""Art. 59 §4: "Após a advertência pelo descumprimento dos incisos XXI e XXII, o taxista
terá o prazo da suspensão sofrida para regularizar o veículo, sob pena de reincidência"."""


def _counts_for(entry: Infraction, past: PastInfraction, on: dt.date) -> bool:
    """Art. 59 §4: a XXI/XXII repeat is a recidivism only once the time to regularize
    (the suspension served for the earlier one) has passed."""
    if entry.item not in REGULARIZE_ITEMS or past.item != entry.item:
        return True
    return past.regularize_until is not None and on > past.regularize_until


@dataclass(frozen=True)
class Assessment:
    item: str
    group: int
    points: int
    fine_vrte: Decimal
    recidivist: bool
    warning: bool
    suspension_days: int
    impediment_max_days: int
    revocation: bool
    articles: tuple[str, ...] = field(default=())


def _in_range(entry: Infraction, bounds: tuple[int, int]) -> bool:
    return bounds[0] <= entry.number <= bounds[1]


def _range_of(entry: Infraction) -> tuple[int, int]:
    for bounds in (RANGE_I_XII, RANGE_XIII_XXII, RANGE_XXIII_XXIX):
        if _in_range(entry, bounds):
            return bounds
    raise AssertionError(entry.item)


def _counting(
    history: Iterable[PastInfraction],
    on: dt.date,
    months: int,
    entry: Infraction | None = None,
) -> list[Infraction]:
    start = months_before(on, months)
    return [
        INFRACTIONS[p.item]
        for p in history
        if start < p.on <= on
        and p.item in INFRACTIONS
        and (entry is None or _counts_for(entry, p, on))
    ]


def is_recidivism(
    entry: Infraction, history: Iterable[PastInfraction], on: dt.date, policy: Policy
) -> bool:
    """Art. 59 §1 and III a: a previous final infraction that counts, per the policy."""
    previous = _counting(history, on, policy.recidivism_months, entry)
    if policy.recidivism_scope is RecidivismScope.SAME_ITEM:
        return any(p.item == entry.item for p in previous)
    bounds = _range_of(entry)
    return any(_in_range(p, bounds) for p in previous)


def _revocation_recidivism(
    entry: Infraction, history: Iterable[PastInfraction], on: dt.date, policy: Policy
) -> bool:
    """Art. 59 V a: recidivism in items XIII-XXIX."""
    if not _in_range(entry, RANGE_XIII_XXIX):
        return False
    previous = _counting(history, on, policy.recidivism_months, entry)
    if policy.recidivism_scope is RecidivismScope.SAME_ITEM:
        return any(p.item == entry.item for p in previous)
    return any(_in_range(p, RANGE_XIII_XXIX) for p in previous)


def assess(
    *,
    item: str,
    on: dt.date,
    history: Iterable[PastInfraction] = (),
    policy: Policy = Policy(),  # noqa: B008 — frozen, shared safely
) -> Assessment:
    """The penalties of one infraction (Art. 51: each infraction has its own).

    - points by group (Art. 56);
    - the fine by group in VRTE (Art. 57; Art. 59 II), doubled on recidivism (§1);
    - a written warning the first time a group 1 or 2 infraction occurs (Art. 59 I);
    - suspension: 15 days on recidivism in I-XII, 30 days for XIII-XXII, 60 days for
      XXIII-XXIX (Art. 59 III a-c);
    - vehicle impediment of up to 90 days for XIII, XV, XVIII, XIX, XXI, XXII (IV a);
    - revocation on recidivism in XIII-XXIX (V a). The point thresholds (V d-e) are
      checked on the driver's whole record by law.points.revocation_due.
    """
    entry = infraction(item)
    history = list(history)
    recidivist = is_recidivism(entry, history, on, policy)
    articles = [entry.article, "Art. 56", "Art. 57"]

    first_light = entry.warning_on_first_offence and not any(
        INFRACTIONS[p.item].warning_on_first_offence
        for p in _counting(history, on, policy.recidivism_months)
    )
    warning = first_light
    if warning:
        articles.append("Art. 59 I")
    fine = entry.fine_vrte
    if recidivist:
        fine = entry.fine_vrte_on_recidivism
        articles.append("Art. 59 §1")
    if warning and policy.warning is WarningPolicy.INSTEAD_OF_FINE:
        fine = Decimal("0")
    else:
        articles.append("Art. 59 II")

    suspension = 0
    if entry.suspension_requires_recidivism:
        if recidivist:
            suspension = entry.suspension_days
            articles.append("Art. 59 III a")
    else:
        suspension = entry.suspension_days
        articles.append("Art. 59 III b" if _in_range(entry, RANGE_XIII_XXII) else "Art. 59 III c")

    impediment = 0
    if entry.impediment_eligible:
        impediment = IMPEDIMENT_MAX_DAYS
        articles.append("Art. 59 IV a")

    revocation = _revocation_recidivism(entry, history, on, policy)
    if revocation:
        if entry.item in REGULARIZE_ITEMS:
            articles.append("Art. 59 §4")
        articles.append("Art. 59 V a")

    return Assessment(
        item=entry.item, group=entry.group, points=entry.points, fine_vrte=fine,
        recidivist=recidivist, warning=warning, suspension_days=suspension,
        impediment_max_days=impediment, revocation=revocation, articles=tuple(articles),
    )
