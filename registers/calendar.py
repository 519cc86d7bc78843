"""The municipality's calendar: the statute's Calendar fed with what the database knows.

Days are declared by `municipal.services.calendar.calendar_day_declare`, the one service
that writes them (with the act) and moves the deadlines a closed day covers:

Declaring a day closed — or a municipal holiday — after deadlines were set moves every
pending deadline row whose period covers it (Art. 63; CPC art. 224 §1: the count skips
days without office hours, and a last day on one moves to the next business day). It
happens in the declaring transaction, row by row under lock, each move written on its
case's timeline, so no deadline is swept on a stale last day. A row is recomputed from
what it was computed from (`Deadline.rule` and `Deadline.starts_on`); a fixed-date row has
no rule and its own handler re-checks its date when it falls due (the vehicle rows of
`workflows.substitution.tracking` do so).

A deadline never becomes shorter: declaring a day *open* (or revoking a closure) applies
to deadlines set afterwards, while those already running keep the last day the citizen was
told (legitimate expectation; docs/interpretations.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings

from law.calendar import Calendar

if TYPE_CHECKING:
    pass



def _municipal_holidays() -> tuple[tuple[int, int], ...]:
    pairs = []
    for item in settings.MUNICIPAL_HOLIDAYS:
        month, day = item.split("-")
        pairs.append((int(month), int(day)))
    return tuple(pairs)


def municipal_calendar() -> Calendar:
    from registers.models import CalendarDay

    rows = list(CalendarDay.objects.values_list("day", "kind", "reason"))
    closing = (CalendarDay.Kind.CLOSED, CalendarDay.Kind.HOLIDAY)
    return Calendar(
        closed_days=tuple(d for d, k, _r in rows if k in closing),
        open_days=tuple(d for d, k, _r in rows if k == CalendarDay.Kind.OPEN),
        municipal_holidays=_municipal_holidays(),
        # What a deadline's explanation says of each closed day: its act (issue 24 §3).
        acts={d: r for d, k, r in rows if k in closing},
        declared_holidays=tuple(d for d, k, _r in rows if k == CalendarDay.Kind.HOLIDAY),
    )
