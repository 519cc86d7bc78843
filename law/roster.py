"""The drivers' service roster, Art. 37 VII, as pure functions.

"Estabelecer, em conjunto com os demais Taxistas, escala de serviço de forma a manter
atendimento normal e ininterrupto, inclusive nos períodos noturnos e aos sábados, domingos
e feriados, com no mínimo 50% (cinquenta por cento) da frota."

Readings chosen:

- The roster has two shifts a day: day (06:00-18:00) and night (18:00-06:00 of the next
  day, belonging to the day it starts).
- The 50 % minimum is checked for every shift of every day: "atendimento normal e
  ininterrupto, *inclusive* nos períodos noturnos e aos sábados, domingos e feriados" —
  "inclusive" extends the minimum to nights, weekends and holidays, it does not restrict
  it to them (issue 19, item 12). A holiday is still marked (a weekday that is not a
  business day in the municipal calendar: national, state and municipal holidays and the
  days the municipality declared closed), for the clerks reading the roster.
- 50 % of the fleet is rounded up: with 7 taxis, 4 must be in service. The fleet is that
  of the day judged (the taxis whose authorization was in force then), so a past month is
  judged with its own fleet, not today's.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from law._dates import require_date
from law.calendar import SATURDAY, Calendar
from law.errors import LawError
from law.i18n import N_

ART_37_VII: Final = "Art. 37 VII"

DAY: Final = "day"
NIGHT: Final = "night"
SHIFTS: Final = (DAY, NIGHT)

MIN_SHARE_PERCENT: Final = 50
"""Art. 37 VII: "no mínimo 50% (cinquenta por cento) da frota"."""


def check_shift(shift: str) -> None:
    """Art. 37 VII: the roster is kept by day and shift (day or night)."""
    if shift not in SHIFTS:
        raise LawError(N_("Turno inválido: diurno ou noturno."), article=ART_37_VII)


def minimum_in_service(fleet: int) -> int:
    """Art. 37 VII: at least half the fleet, rounded up (a half taxi is a whole one)."""
    if fleet < 0:
        raise ValueError(f"fleet must not be negative, got {fleet}")
    return -(-fleet * MIN_SHARE_PERCENT // 100)


def is_holiday(day: dt.date, calendar: Calendar) -> bool:
    """A weekday without office hours (holiday or declared closed day); see module doc."""
    require_date(day)
    return day.weekday() < SATURDAY and not calendar.is_business_day(day)


def is_guarded(day: dt.date, shift: str, calendar: Calendar) -> bool:
    """Art. 37 VII: whether the 50 % minimum applies to this day's shift: always, weekday
    day shifts included (see module doc)."""
    check_shift(shift)
    require_date(day)
    return True


@dataclass(frozen=True)
class Shortfall:
    """A guarded shift with fewer taxis than Art. 37 VII requires."""

    day: dt.date
    shift: str
    scheduled: int
    required: int


def shortfalls(
    *,
    days: Iterable[dt.date],
    scheduled: Mapping[tuple[dt.date, str], int],
    fleet: int | Mapping[dt.date, int],
    calendar: Calendar,
) -> list[Shortfall]:
    """Art. 37 VII: every guarded shift of ``days`` below the minimum, in order.

    ``fleet``: the fleet of each day (a mapping), or one number for all of them."""
    found = []
    for day in days:
        required = minimum_in_service(fleet if isinstance(fleet, int) else fleet[day])
        for shift in SHIFTS:
            if not is_guarded(day, shift, calendar):
                continue
            count = scheduled.get((day, shift), 0)
            if count < required:
                found.append(Shortfall(day=day, shift=shift, scheduled=count, required=required))
    return found
