"""Advertising on taxis (Art. 67).

Art. 67: "Os veículos de aluguel (táxi) poderão circular com publicidade afixada
somente no vidro traseiro do veículo, de maneira que não impeça a visibilidade
de seu interior para o exterior, sendo que demais publicidades dependem de
prévia autorização do Poder Executivo Municipal."

Readings (docs/interpretations.md, "Advertising on taxis (Art. 67)"):

- an advertisement on the rear window that keeps the view from the inside out is
  allowed by the law itself and needs no request; every other advertisement
  (another place on the vehicle) needs the Executive's prior authorization, so a
  request is for a place other than the rear window;
- the authorization is for a period: it starts on a day not in the past, ends
  after it starts, and lasts at most 12 months (the law sets no length; a year
  matches the IM's yearly term, Art. 18, and a longer campaign asks again);
- "prévia" autorização: nothing is in force before the decision, so a decision
  taken after the requested first day starts the period on the decision day.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import Final

from law._dates import add_months, require_date
from law.errors import LawError
from law.i18n import N_, format_date

ARTICLE: Final = "Art. 67"

MAX_MONTHS: Final = 12
"""Reading of Art. 67: one authorization covers at most 12 months."""


class Placement(StrEnum):
    """Where on the vehicle the advertisement is put."""

    REAR_WINDOW = "rear_window"
    SIDE_DOORS = "side_doors"
    REAR_BODY = "rear_body"
    ROOF = "roof"
    OTHER = "other"

    @property
    def label(self) -> str:
        """Portuguese label (marked with N_ for translation)."""
        return _PLACEMENT_LABELS[self]

    @property
    def needs_authorization(self) -> bool:
        """Art. 67: only the rear window is allowed without an authorization."""
        return self is not Placement.REAR_WINDOW


_PLACEMENT_LABELS: Final[Mapping[Placement, str]] = MappingProxyType(
    {
        Placement.REAR_WINDOW: N_("Vidro traseiro"),
        Placement.SIDE_DOORS: N_("Portas laterais"),
        Placement.REAR_BODY: N_("Tampa traseira ou para-choque"),
        Placement.ROOF: N_("Teto (luminoso ou suporte)"),
        Placement.OTHER: N_("Outro local (descreva)"),
    }
)


class AdvertisingError(LawError):
    """A request for advertising the law does not allow (Art. 67); ``code`` says which."""

    code: str = "advertising"


class NoAuthorizationNeeded(AdvertisingError):
    """Art. 67: the rear window is allowed by the law itself."""

    code = "no_authorization_needed"


class InvalidAdvertisingPeriod(AdvertisingError):
    """The period of an advertisement outside the reading of Art. 67."""


def placement_check(placement: Placement) -> None:
    """Raise ``NoAuthorizationNeeded`` for the rear window (Art. 67)."""
    if not placement.needs_authorization:
        raise NoAuthorizationNeeded(
            N_(
                "A publicidade no vidro traseiro é permitida pela lei sem autorização, "
                "desde que não impeça a visibilidade do interior para o exterior; "
                "a autorização é para publicidade em outro local do veículo."
            ),
            article=ARTICLE,
        )


def last_allowed_day(start: dt.date) -> dt.date:
    """The last day a period starting on ``start`` may reach: 12 months, start included."""
    require_date(start, "start")
    return add_months(start, MAX_MONTHS) - dt.timedelta(days=1)


def period_check(start: dt.date, end: dt.date, *, today: dt.date) -> None:
    """Raise ``InvalidAdvertisingPeriod`` unless ``today <= start <= end <= start + 12 months - 1``.

    Art. 67 asks for a *prior* authorization: a period that already began cannot be asked.
    """
    require_date(start, "start")
    require_date(end, "end")
    require_date(today, "today")
    if start < today:
        error = InvalidAdvertisingPeriod(
            N_("O início da publicidade (%(start)s) não pode ser anterior a hoje (%(today)s)."),
            article=ARTICLE,
            start=format_date(start),
            today=format_date(today),
        )
        error.code = "start_in_past"
        raise error
    # A one-day campaign (an event, a fair) is a period too: its first day is its last.
    if end < start:
        error = InvalidAdvertisingPeriod(
            N_("O fim da publicidade (%(end)s) não pode ser anterior ao início (%(start)s)."),
            article=ARTICLE,
            start=format_date(start),
            end=format_date(end),
        )
        error.code = "end_before_start"
        raise error
    if end > last_allowed_day(start):
        error = InvalidAdvertisingPeriod(
            N_(
                "A autorização de publicidade vale por no máximo %(months)d meses: "
                "com início em %(start)s, o fim pode ser até %(last)s."
            ),
            article=ARTICLE,
            months=MAX_MONTHS,
            start=format_date(start),
            last=format_date(last_allowed_day(start)),
        )
        error.code = "period_too_long"
        raise error


def period_days(start: dt.date, end: dt.date) -> int:
    """The days of the period, the first and the last included."""
    return (end - start).days + 1


def authorized_from(start: dt.date, decided_on: dt.date) -> dt.date:
    """The first day in force: the requested one, or the decision's if that came later
    (a prior authorization covers nothing before itself)."""
    return max(start, decided_on)


def period_over(end: dt.date, decided_on: dt.date) -> bool:
    """The requested period ended before the decision: nothing is left to authorize."""
    return end < decided_on


def in_force(start: dt.date, end: dt.date, on: dt.date) -> bool:
    """An authorized advertisement is in force from its first to its last day, inclusive."""
    return start <= on <= end
