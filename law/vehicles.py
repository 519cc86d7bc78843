"""Requirements on taxi vehicles and on the driver's licence category.

- Art. 10, I, b: drivers hold a CNH of category B, C, D or E.
- Art. 10, II, b-e: the vehicle is at most 8 years old, has 4 or 5 doors and
  carries up to 7 occupants, has air conditioning and is white.
- Art. 11, II: age not above 8 years; Art. 12 (wording of Lei nº 1.799/2024):
  the vehicle must be replaced by 31 December of the year it turns 8.
- Arts. 10, §2 and 70 (wording of Lei nº 1.799/2024): 36 months, from the
  publication, to repaint the vehicles (colour change) and to replace those
  older than 8 years; for the other standards, 60 days.
- Art. 18: the IM is renewed each year; its validity runs one year.

A last day fixed by a date (31 December, 28 July 2026) is the day the holder
must have acted by; when the offices are closed on it, it moves to the next
business day (Código Civil art. 132 §1, CPC art. 224 §1), as every other
calendar-day end of the law does. Periods in months and years follow Código
Civil art. 132 §3 (``law._dates``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

from law._dates import add_months, add_years, require_date
from law.calendar import Calendar, default_calendar
from law.i18n import N_, format_date
from law.statute import PUBLICATION_DATE

MAX_AGE_YEARS: Final = 8
"""Arts. 10, II, b; 11, II; 12: maximum age of the vehicle, in years."""

LAST_MONTH: Final = 12
LAST_DAY_OF_YEAR: Final = 31
"""Art. 12: the vehicle leaves service by 31 December ("até 31 de dezembro")."""

MIN_DOORS: Final = 4
MAX_DOORS: Final = 5
"""Art. 10, II, c: 4 or 5 doors."""

MAX_OCCUPANTS: Final = 7
"""Art. 10, II, c: capacity of up to 7 occupants (also Art. 4, III)."""

COLOUR_CHANGE_MONTHS: Final = 36
"""Arts. 10, §2 and 70: months to adapt to the colour change (repainting)."""

AGE_TRANSITION_MONTHS: Final = 36
"""Art. 70: months, from the publication, to replace vehicles older than 8 years."""

TRANSITION_ENDS: Final = add_months(PUBLICATION_DATE, AGE_TRANSITION_MONTHS)
"""Art. 70: last day of the 36-month transition, 28 July 2026."""

CNH_CATEGORIES: Final = frozenset("BCDE")
"""Art. 10, I, b: CNH categories allowing to drive a taxi."""

CNH_KNOWN_LETTERS: Final = frozenset("ABCDE")
"""Letters of the CNH categories (Código de Trânsito Brasileiro, art. 143)."""

CNH_MOPED_AUTHORIZATION: Final = "ACC"
"""Autorização para Conduzir Ciclomotor: not a category, despite its letter C."""


def in_service_at_publication(
    *, authorization_predates_law: bool, manufacture_year: int, entered_after_publication: bool
) -> bool:
    """Art. 70: was the vehicle already in the taxi service when the law was published?

    Only the vehicle of an authorization existing at the publication (Arts. 22 §2, 69)
    can be; not one made after the publication year, nor one that entered the service
    later (a substitution). Such a vehicle has the 36-month transition of Art. 70 for its
    age and its colour (``age_deadline``, ``vehicle_requirements_failures``).
    """
    return (
        authorization_predates_law
        and manufacture_year <= PUBLICATION_DATE.year
        and not entered_after_publication
    )


@dataclass(frozen=True)
class Failure:
    """A requirement the vehicle does not meet.

    ``code`` is stable for storage, ``article`` the provision, ``message`` a
    Portuguese explanation. ``template`` and ``params`` are what ``message``
    was made of (``message == template % params``), so the Django side can
    show ``gettext(template) % params`` in the user's language; an empty
    ``template`` means ``message`` has no translatable form. Equality compares
    ``code``, ``article`` and ``message`` only.
    """

    code: str
    article: str
    message: str
    template: str = field(default="", compare=False)
    params: Mapping[str, object] = field(
        default_factory=lambda: MappingProxyType({}), compare=False
    )


def _failure(code: str, article: str, template: str, **params: object) -> Failure:
    """A :class:`Failure` whose message is ``template % params``."""
    return Failure(
        code=code,
        article=article,
        message=template % params,
        template=template,
        params=MappingProxyType(params),
    )


def must_leave_service_by(manufacture_year: int) -> dt.date:
    """Last day a vehicle made in ``manufacture_year`` may serve as a taxi.

    Art. 12 (wording of Lei nº 1.799/2024): 31 December of the year the
    vehicle turns 8, i.e. ``date(manufacture_year + 8, 12, 31)``.
    """
    return dt.date(manufacture_year + MAX_AGE_YEARS, LAST_MONTH, LAST_DAY_OF_YEAR)


def nominal_age_deadline(
    manufacture_year: int, *, in_service_at_publication: bool = False
) -> dt.date:
    """The date the law names as the vehicle's last day, the Art. 70 transition included.

    Art. 12 gives 31 December of the year the vehicle turns 8. Art. 70 gives
    the vehicles already in service when the law was published 36 months
    from the publication (until 28 July 2026) to be replaced because of age;
    for them the later of the two dates applies.
    """
    deadline = must_leave_service_by(manufacture_year)
    if in_service_at_publication:
        return max(deadline, TRANSITION_ENDS)
    return deadline


def age_deadline(
    manufacture_year: int,
    *,
    in_service_at_publication: bool = False,
    calendar: Calendar | None = None,
) -> dt.date:
    """Last day the vehicle may serve: :func:`nominal_age_deadline` on a business day.

    Arts. 12 and 70 with Código Civil art. 132 §1: a last day on a weekend,
    a holiday or a day declared closed moves to the next business day
    (31 December 2028, a Sunday, ends on 2 January 2029). ``calendar`` ``None``
    means :func:`law.calendar.default_calendar`.
    """
    cal = default_calendar() if calendar is None else calendar
    return cal.next_business_day(
        nominal_age_deadline(manufacture_year, in_service_at_publication=in_service_at_publication)
    )


def colour_change_deadline(start: dt.date) -> dt.date:
    """Last day to repaint the vehicle, 36 months after ``start`` (Arts. 10, §2 and 70).

    Months are added calendar-wise; the day of the month is clamped to the
    end of a shorter month (29 February + 36 months = 28 February).
    """
    return add_months(require_date(start, "start"), COLOUR_CHANGE_MONTHS)


def colour_change_last_day(start: dt.date, calendar: Calendar | None = None) -> dt.date:
    """:func:`colour_change_deadline` moved to a business day (Código Civil art. 132 §1)."""
    cal = default_calendar() if calendar is None else calendar
    return cal.next_business_day(colour_change_deadline(start))


IM_VALIDITY_YEARS: Final = 1
"""Art. 18: the IM is renewed "a cada ano"."""


def registration_valid_until(valid_from: dt.date) -> dt.date:
    """Last valid day of an IM issued valid from ``valid_from`` (Arts. 17 V, 18).

    One year: the period expires on the same date a year later, or on the next
    day when that month lacks it (Código Civil art. 132 §3), and the IM is
    valid through the eve of that day. From 29/02/2028 the year expires on
    01/03/2029, so the IM is valid through 28/02/2029. A validity is a date
    printed on the card, not a deadline: it does not move to a business day.
    """
    return add_years(require_date(valid_from, "valid_from"), IM_VALIDITY_YEARS) - dt.timedelta(
        days=1
    )


def is_cnh_category_allowed(category: str) -> bool:
    """Whether a CNH category allows driving a taxi (Art. 10, I, b).

    Accepts combined categories ("AB", "AD", "ae"): valid when any of B, C,
    D or E is present. Letters outside A-E and the moped authorization "ACC"
    are not valid categories.
    """
    normalized = "".join(category.split()).upper()
    if not normalized or normalized == CNH_MOPED_AUTHORIZATION:
        return False
    if not set(normalized) <= CNH_KNOWN_LETTERS:
        return False
    return bool(set(normalized) & CNH_CATEGORIES)


def vehicle_requirements_failures(
    *,
    manufacture_year: int,
    doors: int,
    capacity: int,
    air_conditioning: bool,
    colour_is_white: bool,
    on: dt.date,
    in_service_at_publication: bool = False,
    calendar: Calendar | None = None,
) -> list[Failure]:
    """Requirements of Art. 10, II, b-e and Art. 11, II the vehicle fails on ``on``.

    - Age (Arts. 10, II, b; 11, II; 12): fails after 31 December of the year
      the vehicle turns 8; with ``in_service_at_publication``, not before the
      end of the Art. 70 transition (28 July 2026) either.
    - Doors (Art. 10, II, c): 4 or 5.
    - Capacity (Art. 10, II, c): up to 7 occupants.
    - Air conditioning (Art. 10, II, d).
    - White colour (Art. 10, II, e); with ``in_service_at_publication`` the
      colour is not required until the end of the 36 months of Arts. 10, §2
      and 70.

    Both last days move to the next business day when the offices are closed
    on them (Código Civil art. 132 §1; ``calendar`` ``None`` means the
    default calendar). An empty list means the vehicle meets these requirements. A manufacture
    year after ``on`` or a capacity below 1 raises ``ValueError``.
    """
    require_date(on, "on")
    if manufacture_year > on.year:
        raise ValueError(f"manufacture_year {manufacture_year} is after {on.isoformat()}")
    if capacity < 1:
        raise ValueError(f"capacity must be at least 1, got {capacity}")

    failures: list[Failure] = []
    cal = default_calendar() if calendar is None else calendar
    deadline = age_deadline(
        manufacture_year, in_service_at_publication=in_service_at_publication, calendar=cal
    )
    if on > deadline:
        failures.append(
            _failure(
                "age",
                "Art. 10 II b; Art. 11 II; Art. 12",
                N_(
                    "Veículo fabricado em %(year)d com mais de %(max_years)d anos de "
                    "fabricação: deveria ter sido substituído até %(deadline)s."
                ),
                year=manufacture_year,
                max_years=MAX_AGE_YEARS,
                deadline=format_date(deadline),
            )
        )
    if not MIN_DOORS <= doors <= MAX_DOORS:
        failures.append(
            _failure(
                "doors",
                "Art. 10 II c",
                N_("O veículo deve ter %(min_doors)d ou %(max_doors)d portas; tem %(doors)d."),
                min_doors=MIN_DOORS,
                max_doors=MAX_DOORS,
                doors=doors,
            )
        )
    if capacity > MAX_OCCUPANTS:
        failures.append(
            _failure(
                "capacity",
                "Art. 10 II c",
                N_(
                    "A capacidade do veículo deve ser de até %(max_occupants)d ocupantes; "
                    "é de %(capacity)d."
                ),
                max_occupants=MAX_OCCUPANTS,
                capacity=capacity,
            )
        )
    if not air_conditioning:
        failures.append(
            _failure(
                "air_conditioning",
                "Art. 10 II d",
                N_("O veículo deve possuir ar-condicionado."),
            )
        )
    colour_grace = in_service_at_publication and on <= colour_change_last_day(PUBLICATION_DATE, cal)
    if not colour_is_white and not colour_grace:
        failures.append(_failure("colour", "Art. 10 II e", N_("O veículo deve ser de cor branca.")))
    return failures


CNH_MAX_VALIDITY_YEARS: Final = 10
"""The longest a CNH is valid from its issue: its holder's medical examination is renewed
every 10 years at most (Código de Trânsito Brasileiro, Lei nº 9.503/1997, Art. 147 §2).
A CNH said to be valid for longer from today is a typing mistake, not a document."""


def is_cnh_expiry_plausible(expires_on: dt.date, today: dt.date) -> bool:
    """Whether a CNH could really be valid until ``expires_on`` (Art. 10, I, b).

    No CNH issued on or before ``today`` is valid more than CNH_MAX_VALIDITY_YEARS later.
    """
    latest = add_years(require_date(today, "today"), CNH_MAX_VALIDITY_YEARS)
    return require_date(expires_on, "expires_on") <= latest
