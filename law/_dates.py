"""Month and year arithmetic shared by the rules counted in months or years.

Internal helper module. Two directions, one rule (Código Civil art. 132 §3: "Os prazos
de meses e anos expiram no dia de igual número do de início, ou no imediato, se faltar
exata correspondência"):

- :func:`add_months` / :func:`add_years` go *forward* from the start of a period to the
  day it expires: the day with the same number, or the next day when the target month
  lacks it (29 February plus one year is 1 March; 31 January plus one month is
  1 March).
- :func:`months_before` goes *back* from a day to the exclusive lower bound of "the last
  N months" (Art. 59 V d-e, Art. 27 §2): the same day number, clamped to the end of a
  shorter month. A day ``d`` is inside the window ending on ``on`` exactly when the
  period of N months starting on ``d`` has not yet expired on ``on`` — the two functions
  are the two faces of the same §3 count.

See ``docs/interpretations.md``.
"""

from __future__ import annotations

import calendar as _stdlib_calendar
import datetime as dt
from typing import Final

MONTHS_PER_YEAR: Final = 12


def _shift(day: dt.date, months: int) -> tuple[int, int, int]:
    """Year, month and last day of the month ``months`` after ``day``'s month."""
    index = day.year * MONTHS_PER_YEAR + (day.month - 1) + months
    year, month_index = divmod(index, MONTHS_PER_YEAR)
    month = month_index + 1
    return year, month, _stdlib_calendar.monthrange(year, month)[1]


def add_months(day: dt.date, months: int) -> dt.date:
    """The day a period of ``months`` months starting on ``day`` expires (CC art. 132 §3).

    The day with the same number in the target month, or — when that month is shorter —
    the first day of the month after ("no imediato"). ``months`` must not be negative:
    going back is :func:`months_before`.
    """
    if months < 0:
        raise ValueError(f"months must not be negative, got {months}; use months_before")
    year, month, last_day = _shift(day, months)
    if day.day <= last_day:
        return dt.date(year, month, day.day)
    return dt.date(year, month, last_day) + dt.timedelta(days=1)


def add_years(day: dt.date, years: int) -> dt.date:
    """The day a period of ``years`` years starting on ``day`` expires (CC art. 132 §3).

    29 February plus one year is 1 March.
    """
    return add_months(day, years * MONTHS_PER_YEAR)


def months_before(day: dt.date, months: int) -> dt.date:
    """Exclusive lower bound of the last ``months`` months ending on ``day``.

    The same day number ``months`` months earlier, clamped to the end of a shorter month
    (31 March minus one month is 28 or 29 February; 29 February minus 12 months is
    28 February).
    """
    if months < 0:
        raise ValueError(f"months must not be negative, got {months}")
    year, month, last_day = _shift(day, -months)
    return dt.date(year, month, min(day.day, last_day))


def require_date(day: object, name: str = "day") -> dt.date:
    """Return ``day`` if it is a plain ``datetime.date``, else raise ``TypeError``.

    ``datetime.datetime`` is rejected: it is a subclass of ``date`` but never
    compares equal to one, so it would silently miss every holiday lookup.
    """
    if isinstance(day, dt.datetime) or not isinstance(day, dt.date):
        raise TypeError(f"{name} must be a datetime.date, got {type(day).__name__}")
    return day
