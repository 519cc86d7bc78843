"""How long requests take, measured from the timeline (issue 24 §2).

For every kind and state, the durations recorded by closed cases from the day they last
entered that state to the day they were decided (closed), in calendar days between local
dates (legal time is the local date, DESIGN principle 5). Their median and 90th percentile
are stored in `ProcessingTime` by a nightly task (config/schedule.py); the pages read that
small table, never the timeline, so the portal stays one indexed read per case.

The percentiles are defined here once: the median as the middle value (the mean of the
two middle ones for an even count, Python's `statistics.median`), the 90th percentile by
the nearest rank (the ⌈0.9·n⌉-th smallest value: a day that some case really took).
"""

from __future__ import annotations

import datetime as dt
import math
import statistics
from collections import defaultdict
from collections.abc import Sequence
from decimal import Decimal

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from cases.models import AuditEvent, ProcessingTime
from cases.workflow import all_workflows

# Rows read from the timeline per round trip while measuring.
_CHUNK = 5000


def median_days(values: Sequence[int]) -> Decimal:
    """The median of `values` (days), to one decimal place."""
    return Decimal(str(statistics.median(values))).quantize(Decimal("0.1"))


def p90_days(values: Sequence[int]) -> int:
    """The 90th percentile of `values` (days) by the nearest rank: 90% of the cases took at
    most this many days."""
    ordered = sorted(values)
    return ordered[max(math.ceil(0.9 * len(ordered)), 1) - 1]


def _local_day(moment: dt.datetime) -> dt.date:
    return timezone.localtime(moment).date()


def _durations(kind: str, final_states: frozenset[str]) -> dict[str, list[int]]:
    """Days from the last entry into each state to the decision, per state, over the closed
    cases of `kind`."""
    rows = (
        AuditEvent.objects.filter(case__kind=kind, case__closed_at__isnull=False)
        .exclude(to_state=F("from_state"))
        .order_by("case_id", "at", "id")
        .values_list("case_id", "to_state", "at", "case__closed_at")
    )
    by_state: dict[str, list[int]] = defaultdict(list)
    current: int | None = None
    entered: dict[str, dt.datetime] = {}
    closed_at: dt.datetime | None = None

    def flush() -> None:
        if closed_at is None:
            return
        decided = _local_day(closed_at)
        for state, at in entered.items():
            if state not in final_states:
                by_state[state].append(max((decided - _local_day(at)).days, 0))

    for case_id, to_state, at, closed in rows.iterator(chunk_size=_CHUNK):
        if case_id != current:
            flush()
            current, entered, closed_at = case_id, {}, closed
        entered[to_state] = at  # the last entry counts: the clock restarts on re-entry
    flush()
    return by_state


def processing_times_refresh(*, now: dt.datetime | None = None) -> int:
    """Recompute every kind's measured times from the timeline; returns the rows stored.

    Idempotent: the table is replaced in one transaction, so a page never reads half of
    a refresh, and two refreshes at once leave the result of one of them.
    """
    now = now or timezone.now()
    rows: list[ProcessingTime] = []
    for workflow in all_workflows():
        for state, values in _durations(workflow.kind, workflow.final_states).items():
            rows.append(
                ProcessingTime(
                    kind=workflow.kind,
                    state=state,
                    samples=len(values),
                    median_days=median_days(values),
                    p90_days=p90_days(values),
                    computed_at=now,
                )
            )
    with transaction.atomic():
        ProcessingTime.objects.all().delete()
        ProcessingTime.objects.bulk_create(rows)
    return len(rows)
