"""Accumulated points and revocation (cassação) by points.

Art. 59, V: the authorization is revoked

- d) when the points accumulated "ultrapassar 20 (vinte) pontos nos últimos
  12 (doze) meses";
- e) when they "ultrapassar 50 (cinquenta) pontos nos últimos 36 (trinta e
  seis) meses".

"Ultrapassar" is read as strictly more than. The window of the last ``m``
months before a day ``on`` holds the dates ``d`` with
``on - m months < d <= on``, months subtracted calendar-wise (29 February
minus 12 months is 28 February).

Points are ``Decimal`` because Art. 49 gives a titular half the points of an
infraction committed by his auxiliary.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from decimal import Decimal
from typing import Final

from law._dates import add_months, require_date

SHORT_WINDOW_MAX_POINTS: Final = 20
"""Art. 59, V, d: more than 20 points in the short window revokes."""
SHORT_WINDOW_MONTHS: Final = 12
"""Art. 59, V, d: the short window, 12 months."""

LONG_WINDOW_MAX_POINTS: Final = 50
"""Art. 59, V, e: more than 50 points in the long window revokes."""
LONG_WINDOW_MONTHS: Final = 36
"""Art. 59, V, e: the long window, 36 months."""

TITULAR_SHARE_OF_AUXILIARY_POINTS: Final = Decimal("0.5")
"""Art. 49: the titular receives "o equivalente à metade dos pontos" of his auxiliary."""

ARTICLE_SHORT_WINDOW: Final = "Art. 59, V, d"
ARTICLE_LONG_WINDOW: Final = "Art. 59, V, e"

PointEntry = tuple[dt.date, Decimal]
"""A point record: the date of the infraction and the points it carries."""


def window_start(on: dt.date, months: int) -> dt.date:
    """Exclusive lower bound of the window of the last ``months`` months before ``on``.

    Art. 59, V, d-e: ``on`` minus ``months`` calendar months, clamped to the
    end of the month (29 February - 12 months = 28 February).
    """
    if months < 0:
        raise ValueError(f"months must not be negative, got {months}")
    return add_months(require_date(on, "on"), -months)


def points_in_window(points: Iterable[PointEntry], on: dt.date, months: int) -> Decimal:
    """Sum of the points dated ``d`` with ``on - months months < d <= on``.

    Art. 59, V, d-e. Negative points raise ``ValueError``.
    """
    start = window_start(on, months)
    total = Decimal(0)
    for day, value in points:
        if value < 0:
            raise ValueError(f"points must not be negative, got {value} on {day}")
        if start < require_date(day, "point date") <= on:
            total += value
    return total


def revocation_grounds(points: Iterable[PointEntry], on: dt.date) -> tuple[str, ...]:
    """The articles (``"Art. 59, V, d"``, ``"Art. 59, V, e"``) whose point limit is exceeded.

    Art. 59, V, d: more than 20 points in the last 12 months; Art. 59, V, e:
    more than 50 points in the last 36 months. Empty when neither applies.
    """
    entries = list(points)
    grounds: list[str] = []
    if points_in_window(entries, on, SHORT_WINDOW_MONTHS) > SHORT_WINDOW_MAX_POINTS:
        grounds.append(ARTICLE_SHORT_WINDOW)
    if points_in_window(entries, on, LONG_WINDOW_MONTHS) > LONG_WINDOW_MAX_POINTS:
        grounds.append(ARTICLE_LONG_WINDOW)
    return tuple(grounds)


def revocation_due(points: Iterable[PointEntry], on: dt.date) -> bool:
    """Whether the points lead to revocation on ``on`` (Art. 59, V, d and e).

    True when more than 20 points fall in the last 12 months or more than 50
    in the last 36 months (windows as in :func:`points_in_window`).
    """
    return bool(revocation_grounds(points, on))


def titular_points_for_auxiliary(points: Decimal | int) -> Decimal:
    """Points recorded for the titular when his auxiliary commits an infraction (Art. 49).

    The auxiliary receives the full points; the titular half of them.
    """
    return Decimal(points) * TITULAR_SHARE_OF_AUXILIARY_POINTS
