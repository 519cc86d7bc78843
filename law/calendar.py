"""Business days and day counting.

Art. 63 of Lei nº 1.764/2023 orders the appeal deadline to be counted "com a
fórmula de contagem de prazo do Código de Processo Civil"; the other deadlines
of the law are counted in calendar days whose last day, when it is not a
business day, moves to the next business day. This module provides both
counts, following the CPC (Lei nº 13.105/2015):

- art. 219: deadlines in days count business days only;
- art. 224: the start day is excluded and the last day included;
- art. 224, §1: a last day without office hours moves to the next business day.

A day is a business day unless it is a Saturday, a Sunday, a national or
Espírito Santo state public holiday (from the ``holidays`` package), a
municipal holiday or a day the municipality declared closed; a day listed in
``open_days`` is a business day whatever else applies.

The municipal data (holidays and closed days) lives in the Django database;
the Django side installs a provider with :func:`set_default_calendar_provider`
so that :func:`default_calendar` returns a calendar that knows it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from types import MappingProxyType
from typing import Final

import holidays

from law._dates import require_date

COUNTRY: Final = "BR"
"""ISO code of the country whose national holidays apply."""

SUBDIVISION: Final = "ES"
"""Espírito Santo, the state whose holidays apply to Mantenópolis."""

HOLIDAY_CATEGORIES: Final = (holidays.PUBLIC,)
"""Only public holidays close the offices; optional ones (ponto facultativo,
e.g. Carnival, Corpus Christi) must be declared as ``closed_days``."""

SATURDAY: Final = 5
"""``date.weekday()`` of Saturday; Saturday and Sunday are not business days."""

ONE_DAY: Final = dt.timedelta(days=1)

LEAP_YEAR: Final = 2000
"""A leap year, used to validate recurring (month, day) municipal holidays."""

NAME_LANGUAGES: Final = frozenset({"pt_BR", "en_US"})
"""The languages the ``holidays`` package names Brazil's holidays in, and that a
:class:`Closure` may be asked in (the Portuguese of the law by default)."""


class DayOff(StrEnum):
    """Why a day is not a business day (CPC art. 219; art. 224 §1)."""

    SATURDAY = "saturday"
    SUNDAY = "sunday"
    PUBLIC_HOLIDAY = "public_holiday"
    """A national or Espírito Santo public holiday; ``Closure.name`` is its name."""
    MUNICIPAL_HOLIDAY = "municipal_holiday"
    """A municipal holiday; ``Closure.name`` is the act that declares it, when known."""
    CLOSED = "closed"
    """A day the municipality declared without office hours; ``Closure.name`` is the act."""


@dataclass(frozen=True)
class Closure:
    """A day that is not a business day, and why: what a count skips and says it skipped."""

    day: dt.date
    why: DayOff
    name: str = ""


@cache
def _public_holidays(year: int) -> frozenset[dt.date]:
    """National and Espírito Santo public holidays of ``year`` (cached per year)."""
    found = holidays.country_holidays(
        COUNTRY, subdiv=SUBDIVISION, years=year, categories=HOLIDAY_CATEGORIES
    )
    return frozenset(found.keys())


@cache
def _public_holiday_names(year: int, language: str) -> Mapping[dt.date, str]:
    """The names of ``year``'s public holidays in ``language`` (the package's own
    translations: "Sexta-feira Santa" / "Good Friday"), cached per year and language."""
    found = holidays.country_holidays(
        COUNTRY,
        subdiv=SUBDIVISION,
        years=year,
        categories=HOLIDAY_CATEGORIES,
        language=language,
    )
    return MappingProxyType({day: str(name) for day, name in found.items()})


def _check_month_day(month_day: tuple[int, int]) -> tuple[int, int]:
    """Validate a recurring (month, day) holiday; 29 February is accepted."""
    month, day = month_day
    try:
        dt.date(LEAP_YEAR, month, day)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"invalid municipal holiday (month, day): {month_day!r}") from exc
    return (month, day)


@dataclass(frozen=True, init=False)
class Calendar:
    """Which days are business days for the municipal administration.

    ``closed_days``: specific dates the municipality declared closed (ponto
    facultativo, decreed closures). ``open_days``: specific dates declared
    open; they override weekends, holidays and closed days. A day in both
    sets is open. ``municipal_holidays``: (month, day) pairs recurring every
    year.
    """

    closed_days: frozenset[dt.date]
    open_days: frozenset[dt.date]
    municipal_holidays: frozenset[tuple[int, int]]
    # What a count says of a skipped day, not which days are skipped: left out of
    # equality. ``acts``: the act (decree, ordinance) behind a closed day;
    # ``declared_holidays``: the closed days that are municipal holidays.
    acts: Mapping[dt.date, str] = field(compare=False)
    declared_holidays: frozenset[dt.date] = field(compare=False)

    def __init__(
        self,
        closed_days: Iterable[dt.date] = (),
        open_days: Iterable[dt.date] = (),
        municipal_holidays: Iterable[tuple[int, int]] = (),
        *,
        acts: Mapping[dt.date, str] | None = None,
        declared_holidays: Iterable[dt.date] = (),
    ) -> None:
        object.__setattr__(
            self, "closed_days", frozenset(require_date(d, "closed day") for d in closed_days)
        )
        object.__setattr__(
            self, "open_days", frozenset(require_date(d, "open day") for d in open_days)
        )
        object.__setattr__(
            self,
            "municipal_holidays",
            frozenset(_check_month_day(md) for md in municipal_holidays),
        )
        object.__setattr__(
            self,
            "acts",
            MappingProxyType(
                {require_date(d, "closed day"): str(act) for d, act in (acts or {}).items()}
            ),
        )
        object.__setattr__(
            self,
            "declared_holidays",
            frozenset(require_date(d, "holiday") for d in declared_holidays),
        )

    def is_business_day(self, day: dt.date) -> bool:
        """Whether ``day`` is a business day (CPC art. 219; see module docstring).

        ``open_days`` win over everything else; otherwise Saturdays, Sundays,
        national and ES public holidays, municipal holidays and
        ``closed_days`` are not business days.
        """
        require_date(day)
        if day in self.open_days:
            return True
        if day.weekday() >= SATURDAY:
            return False
        if day in _public_holidays(day.year):
            return False
        if (day.month, day.day) in self.municipal_holidays:
            return False
        return day not in self.closed_days

    def closure(self, day: dt.date, language: str = "pt_BR") -> Closure | None:
        """Why ``day`` is not a business day, or None when it is one.

        The same tests as :meth:`is_business_day`, in its order, so a count and what it
        says it skipped cannot disagree. ``language`` names public holidays
        (:data:`NAME_LANGUAGES`).
        """
        require_date(day)
        if language not in NAME_LANGUAGES:
            raise ValueError(f"holiday names are in {sorted(NAME_LANGUAGES)}, not {language!r}")
        if day in self.open_days:
            return None
        if day.weekday() >= SATURDAY:
            return Closure(day, DayOff.SATURDAY if day.weekday() == SATURDAY else DayOff.SUNDAY)
        if day in _public_holidays(day.year):
            return Closure(
                day, DayOff.PUBLIC_HOLIDAY, _public_holiday_names(day.year, language).get(day, "")
            )
        if (day.month, day.day) in self.municipal_holidays or (
            day in self.closed_days and day in self.declared_holidays
        ):
            return Closure(day, DayOff.MUNICIPAL_HOLIDAY, self.acts.get(day, ""))
        if day in self.closed_days:
            return Closure(day, DayOff.CLOSED, self.acts.get(day, ""))
        return None

    def next_business_day(self, day: dt.date) -> dt.date:
        """``day`` itself if it is a business day, else the first one after it."""
        current = require_date(day)
        while not self.is_business_day(current):
            current += ONE_DAY
        return current

    def add_business_days(self, start: dt.date, n: int) -> dt.date:
        """The ``n``-th business day strictly after ``start`` (CPC arts. 219 and 224).

        The start day is excluded and only business days are counted, so the
        result is always a business day when ``n >= 1``. ``n == 0`` returns
        ``start`` unchanged; a negative ``n`` raises ``ValueError``.
        """
        current = require_date(start, "start")
        if n < 0:
            raise ValueError(f"n must not be negative, got {n}")
        counted = 0
        while counted < n:
            current += ONE_DAY
            if self.is_business_day(current):
                counted += 1
        return current

    def add_calendar_days(self, start: dt.date, n: int) -> dt.date:
        """``start + n`` calendar days, moved to the next business day (CPC art. 224, §1).

        The start day is excluded (CPC art. 224; Código Civil art. 132). A
        negative ``n`` raises ``ValueError``.
        """
        require_date(start, "start")
        if n < 0:
            raise ValueError(f"n must not be negative, got {n}")
        return self.next_business_day(start + dt.timedelta(days=n))


_PLAIN_CALENDAR: Final = Calendar()

_default_provider: Callable[[], Calendar] | None = None


def set_default_calendar_provider(provider: Callable[[], Calendar] | None) -> None:
    """Install (or, with ``None``, remove) the factory behind :func:`default_calendar`.

    The Django side installs a provider that builds a :class:`Calendar` with
    the municipal holidays and closed/open days kept in its database.
    """
    global _default_provider
    _default_provider = provider


def default_calendar() -> Calendar:
    """The provider's calendar if one is installed, else a plain ``Calendar()``.

    A plain calendar knows weekends and national and ES public holidays only.
    """
    provider = _default_provider
    if provider is None:
        return _PLAIN_CALENDAR
    calendar = provider()
    if not isinstance(calendar, Calendar):
        raise TypeError(
            f"the default calendar provider returned {type(calendar).__name__}, not Calendar"
        )
    return calendar
