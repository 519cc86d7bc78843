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

The limits are checked on the windows ending at *each infraction date* (up to
the day of the check), not only on the window ending on the day a penalty
becomes final: the law counts the points "nos últimos 12 meses" of the
driver's conduct, and a slow appeal must not let 22 points in 12 months pass
because the last of them became final two months later.

Points are ``Decimal`` because Art. 49 gives a titular half the points of an
infraction committed by his auxiliary.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from law._dates import months_before, require_date

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

ARTICLE_SHORT_WINDOW: Final = "Art. 59 V d"
ARTICLE_LONG_WINDOW: Final = "Art. 59 V e"

PointEntry = tuple[dt.date, Decimal]
"""A point record: the date of the infraction and the points it carries."""


def window_start(on: dt.date, months: int) -> dt.date:
    """Exclusive lower bound of the window of the last ``months`` months before ``on``.

    Art. 59, V, d-e: ``on`` minus ``months`` calendar months, clamped to the
    end of the month (29 February - 12 months = 28 February).
    """
    if months < 0:
        raise ValueError(f"months must not be negative, got {months}")
    return months_before(require_date(on, "on"), months)


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


@dataclass(frozen=True)
class PointsExcess:
    """A window in which the points went beyond a limit of Art. 59, V, d or e.

    ``first_day`` and ``last_day`` are both inside the window; ``last_day`` is
    the infraction date the window ends on. The notice and the revocation case
    quote them so the driver can check the sum.
    """

    article: str
    first_day: dt.date
    last_day: dt.date
    points: Decimal
    limit: int


_RULES: Final = (
    (ARTICLE_SHORT_WINDOW, SHORT_WINDOW_MONTHS, SHORT_WINDOW_MAX_POINTS),
    (ARTICLE_LONG_WINDOW, LONG_WINDOW_MONTHS, LONG_WINDOW_MAX_POINTS),
)


def points_excesses(
    points: Iterable[PointEntry], on: dt.date, *, involving: dt.date | None = None
) -> tuple[PointsExcess, ...]:
    """For each limit of Art. 59, V, d-e that was exceeded, the window with the most points.

    The windows checked end at each infraction date up to ``on`` (and on ``on``
    itself, which adds nothing: every point of that window lies in the window
    ending at its latest infraction). With ``involving`` (the date of the
    infraction whose penalty just became final), only windows that hold that
    date count, so an excess the administration already dealt with is not
    raised again by an unrelated later infraction. Ties go to the earliest
    window.
    """
    require_date(on, "on")
    entries = [(require_date(day, "point date"), value) for day, value in points]
    ends = sorted({day for day, _ in entries if day <= on} | {on})
    found: list[PointsExcess] = []
    for article, months, limit in _RULES:
        best: PointsExcess | None = None
        for end in ends:
            start = window_start(end, months)
            if involving is not None and not start < involving <= end:
                continue
            total = points_in_window(entries, end, months)
            if total > limit and (best is None or total > best.points):
                best = PointsExcess(
                    article=article,
                    first_day=start + dt.timedelta(days=1),
                    last_day=end,
                    points=total,
                    limit=limit,
                )
        if best is not None:
            found.append(best)
    return tuple(found)


def revocation_grounds(
    points: Iterable[PointEntry], on: dt.date, *, involving: dt.date | None = None
) -> tuple[str, ...]:
    """The articles (``"Art. 59, V, d"``, ``"Art. 59, V, e"``) whose point limit is exceeded.

    Art. 59, V, d: more than 20 points in 12 months; Art. 59, V, e: more than
    50 points in 36 months; each window ending at an infraction date up to
    ``on`` (see :func:`points_excesses`). Empty when neither applies.
    """
    return tuple(excess.article for excess in points_excesses(points, on, involving=involving))


def revocation_due(
    points: Iterable[PointEntry], on: dt.date, *, involving: dt.date | None = None
) -> bool:
    """Whether the points lead to revocation on ``on`` (Art. 59, V, d and e).

    True when, in a window ending at an infraction date up to ``on``, more
    than 20 points fall in 12 months or more than 50 in 36 months.
    """
    return bool(revocation_grounds(points, on, involving=involving))


def titular_points_for_auxiliary(points: Decimal | int) -> Decimal:
    """Points recorded for the titular when his auxiliary commits an infraction (Art. 49).

    The auxiliary receives the full points; the titular half of them.
    """
    return Decimal(points) * TITULAR_SHARE_OF_AUXILIARY_POINTS
