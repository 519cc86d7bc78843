"""The municipal calendar's yearly declarations, as pure functions.

The offices' optional days (ponto facultativo) are not public holidays: the municipality
declares each year whether it closes on them (``law.calendar.HOLIDAY_CATEGORIES``). They are
Carnival Monday and Tuesday, Corpus Christi, 24 and 31 December. A reminder opens each
December for the next year's declarations.

A declaration takes effect from the day it is made: a day already past is not declared
closed or open afterwards, since a deadline that ended on it has already ended (CPC art.
224 §1 speaks of the days "em que o expediente forense for encerrado antes ou iniciado
depois da hora normal"; a later decree cannot reopen a closed case).
"""

from __future__ import annotations

import datetime as dt
from typing import Final

from law._dates import require_date
from law.errors import LawError
from law.i18n import N_

CPC_224: Final = "CPC Art. 224 §1"

REMINDER_MONTH: Final = 12
"""The declarations of a year are due in the December before it."""

CARNIVAL_MONDAY: Final = N_("Segunda-feira de Carnaval")
CARNIVAL_TUESDAY: Final = N_("Terça-feira de Carnaval")
CORPUS_CHRISTI: Final = N_("Corpus Christi")
CHRISTMAS_EVE: Final = N_("Véspera de Natal")
NEW_YEARS_EVE: Final = N_("Véspera de Ano-Novo")


def easter(year: int) -> dt.date:
    """Easter Sunday of ``year`` (Gregorian calendar; Meeus/Jones/Butcher algorithm)."""
    a = year % 19
    b, c = divmod(year, 100)
    d, e = divmod(b, 4)
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    ell = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * ell) // 451
    month, day = divmod(h + ell - 7 * m + 114, 31)
    return dt.date(year, month, day + 1)


def optional_days(year: int) -> list[tuple[dt.date, str]]:
    """The optional days of ``year`` the municipality declares closed or open, in order."""
    sunday = easter(year)
    return [
        (sunday - dt.timedelta(days=48), CARNIVAL_MONDAY),
        (sunday - dt.timedelta(days=47), CARNIVAL_TUESDAY),
        (sunday + dt.timedelta(days=60), CORPUS_CHRISTI),
        (dt.date(year, 12, 24), CHRISTMAS_EVE),
        (dt.date(year, 12, 31), NEW_YEARS_EVE),
    ]


def reminder_year(today: dt.date) -> int | None:
    """In December, the next year, whose optional days are to be declared; else None."""
    require_date(today, "today")
    return today.year + 1 if today.month == REMINDER_MONTH else None


def check_declaration(*, day: dt.date, act: str, today: dt.date) -> None:
    """A day is declared closed or open by an act, from today on (see module docstring)."""
    require_date(day, "day")
    if not act.strip():
        raise LawError(
            N_("Informe o ato que declara o dia (decreto ou portaria)."), article=CPC_224
        )
    if day < require_date(today, "today"):
        raise LawError(
            N_("O dia %(day)s já passou: não pode ser declarado retroativamente."),
            article=CPC_224,
            day=f"{day:%d/%m/%Y}",
        )
