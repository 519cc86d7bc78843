"""Month and year arithmetic shared by the rules counted in months or years.

Internal helper module. Months are added calendar-wise: the result keeps the
day of the month when it exists and is clamped to the last day of the target
month otherwise (so 29 February plus one year is 28 February, and 31 March
minus one month is 28 or 29 February). See ``docs/interpretations.md``.
"""

from __future__ import annotations

import calendar as _stdlib_calendar
import datetime as dt
from typing import Final

MONTHS_PER_YEAR: Final = 12


def add_months(day: dt.date, months: int) -> dt.date:
    """Return ``day`` shifted by ``months`` calendar months (negative goes back).

    The day of the month is clamped to the length of the target month.
    """
    index = day.year * MONTHS_PER_YEAR + (day.month - 1) + months
    year, month_index = divmod(index, MONTHS_PER_YEAR)
    month = month_index + 1
    last_day = _stdlib_calendar.monthrange(year, month)[1]
    return dt.date(year, month, min(day.day, last_day))


def add_years(day: dt.date, years: int) -> dt.date:
    """Return ``day`` shifted by ``years`` years; 29 February becomes 28 February."""
    return add_months(day, years * MONTHS_PER_YEAR)


def require_date(day: object, name: str = "day") -> dt.date:
    """Return ``day`` if it is a plain ``datetime.date``, else raise ``TypeError``.

    ``datetime.datetime`` is rejected: it is a subclass of ``date`` but never
    compares equal to one, so it would silently miss every holiday lookup.
    """
    if isinstance(day, dt.datetime) or not isinstance(day, dt.date):
        raise TypeError(f"{name} must be a datetime.date, got {type(day).__name__}")
    return day
