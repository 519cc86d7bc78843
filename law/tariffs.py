"""Taxi tariffs, Arts. 29-31, as pure functions.

- **Art. 29**: the tariff is set by a normative act of the Executive, "mediante estudos
  efetuados conjuntamente com órgão representativo de classe": a table set by act records
  that joint study (:func:`check_joint_study`); a table is in force only once the act (its
  number and date) is recorded, from the day the act sets. The yearly IGP-M adjustment
  applies Art. 31's index to a table so studied and needs no new study.
- **Art. 30**: the car carries the price table of the tariff in force.
- **Art. 31**: the values are adjusted every year, in January, by the IGP-M accumulated
  over 12 months. January is when the adjustment is due, not a term after which the right
  lapses: an act published later in the year puts it in force from its own day
  (:func:`check_adjustment_date`). The index may be negative (it was in 2023): by default
  the values are kept (:class:`NegativeIndex`, a setting; docs/interpretations.md). Each
  value is rounded to the cent, half up, as money is paid.
- **Art. 58 XVI**: charging other than "a tabela em vigor" is measured against the table
  in force on the day of the fact, not today's: :func:`in_force_on` picks it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum
from typing import Final, TypeVar

from law._dates import require_date
from law.errors import LawError
from law.i18n import N_

ART_29: Final = "Art. 29"
ART_30: Final = "Art. 30"
ART_31: Final = "Art. 31"
ART_58_XVI: Final = "Art. 58 XVI"

ADJUSTMENT_MONTH: Final = 1
"""Art. 31: "reajustados anualmente, no mês de janeiro"."""

INDEX_MONTHS: Final = 12
"""Art. 31: the IGP-M accumulated over 12 months."""

CENT: Final = Decimal("0.01")
HUNDRED: Final = Decimal(100)
MIN_INDEX: Final = Decimal(-100)
"""An accumulated index of -100 % or less would make every price zero or negative."""

T = TypeVar("T")


class NegativeIndex(StrEnum):
    """Art. 31 when the 12-month IGP-M is negative (docs/interpretations.md)."""

    KEEP = "keep"
    """"Reajustados" names an update that preserves the fare's value: a negative index
    leaves the values as they are (the default)."""

    APPLY = "apply"
    """The index is applied as published, so the values go down."""


def check_act(*, act_number: str, act_date: dt.date, valid_from: dt.date) -> None:
    """Art. 29: a tariff comes from an act of the Executive, in force from its own day on."""
    require_date(act_date, "act_date")
    require_date(valid_from, "valid_from")
    if not act_number.strip():
        raise LawError(
            N_("Informe o número do ato do Poder Executivo que fixa a tarifa."), article=ART_29
        )
    if valid_from < act_date:
        raise LawError(
            N_("A tabela não pode vigorar (%(start)s) antes do ato que a fixa (%(act)s)."),
            article=ART_29,
            start=f"{valid_from:%d/%m/%Y}",
            act=f"{act_date:%d/%m/%Y}",
        )


def check_joint_study(*, joint_study: str) -> None:
    """Art. 29: the tariff is fixed "mediante estudos efetuados conjuntamente com órgão
    representativo de classe" — the table names that study (its reference and the class
    body that took part)."""
    if not joint_study.strip():
        raise LawError(
            N_(
                "Informe o estudo feito em conjunto com o órgão representativo da classe "
                "(referência e entidade) que embasa a tarifa."
            ),
            article=ART_29,
        )


def check_values(values: Mapping[str, Decimal]) -> None:
    """Art. 30: a price table has at least one item and no negative price."""
    if not values:
        raise LawError(N_("A tabela de preços deve ter ao menos um item."), article=ART_30)
    for code, value in values.items():
        if value < 0:
            raise LawError(
                N_("O valor do item %(code)s não pode ser negativo."), article=ART_30, code=code
            )


def check_index(index_percent: Decimal) -> None:
    """Art. 31: the accumulated 12-month IGP-M, in percent, as the FGV publishes it."""
    if index_percent <= MIN_INDEX:
        raise LawError(
            N_("IGP-M acumulado inválido: %(index)s %%."), article=ART_31, index=index_percent
        )


def adjust(
    values: Mapping[str, Decimal],
    index_percent: Decimal,
    negative: NegativeIndex = NegativeIndex.KEEP,
) -> dict[str, Decimal]:
    """Art. 31: each value times (1 + IGP-M/100), rounded half up to the cent.

    A negative index lowers the values only under ``NegativeIndex.APPLY``; by default the
    values are kept (the year's adjustment is still recorded, with its index)."""
    check_index(index_percent)
    if index_percent < 0 and negative is NegativeIndex.KEEP:
        index_percent = Decimal(0)
    factor = 1 + index_percent / HUNDRED
    return {
        code: (value * factor).quantize(CENT, rounding=ROUND_HALF_UP)
        for code, value in values.items()
    }


def check_adjustment_date(*, valid_from: dt.date, year: int) -> None:
    """Art. 31: the yearly adjustment takes effect in the year it is for, from January on.

    "No mês de janeiro" says when the adjustment is due, not that the right to it lapses:
    an act published after January (10/02/2026) puts it in force from the day the act
    sets, never before the act (Art. 29, :func:`check_act`). A day in another year is
    another year's adjustment."""
    require_date(valid_from, "valid_from")
    if valid_from.year != year or valid_from.month < ADJUSTMENT_MONTH:
        raise LawError(
            N_(
                "O reajuste anual de %(year)d vigora a partir de janeiro de %(year)d, dentro "
                "desse ano; a data informada é %(day)s."
            ),
            article=ART_31,
            year=year,
            day=f"{valid_from:%d/%m/%Y}",
        )


def check_one_adjustment_per_year(*, adjusted_years: Sequence[int], year: int) -> None:
    """Art. 31: one adjustment a year ("reajustados anualmente")."""
    if year in adjusted_years:
        raise LawError(
            N_("A tabela de %(year)d já foi reajustada pelo IGP-M."), article=ART_31, year=year
        )


def in_force_on(tables: Sequence[tuple[dt.date, T]], on: dt.date) -> T | None:
    """The table in force on ``on``: the one with the latest start on or before it.

    Art. 58 XVI ("a tabela em vigor") read on the day of the fact. ``tables`` are
    (valid_from, table) pairs of the published tables; two with the same start keep the
    one given last (the later act).
    """
    require_date(on, "on")
    found: T | None = None
    latest: dt.date | None = None
    for start, table in tables:
        if start <= on and (latest is None or start >= latest):
            found, latest = table, start
    return found


def adjustment_due(*, today: dt.date, adjusted_years: Sequence[int]) -> int | None:
    """The year whose January adjustment is still to be done, if it is January now.

    Art. 31: the reminder opens each January until the year's adjusted table is published.
    """
    require_date(today, "today")
    if today.month == ADJUSTMENT_MONTH and today.year not in adjusted_years:
        return today.year
    return None
