"""One bound for every date with legal meaning (issue 19, "One bound for every date").

A date a person types is declared with its bound beside the field (`LegalDateField`,
`LegalDateTimeField` in a serializer, `validators=[bound]` on a page's form field, and
`dates_within(bound, name=value)` at the top of the service that writes it): not
before its floor (the law's sanction for what only exists under the law, 1900 for what
may predate it, such as a CNH or a cooperative's registration), and not far in the
future. 01/01/0001 and 31/12/9999 answer 400 with a message everywhere, before any rule
runs and before anything is written.

The API's schema carries each bound (`x-not-before`, `x-not-after-years`), so
`tests/hardening/test_schema_dates_are_bounded.py` posts the hostile dates into every
date field of every operation, including one added tomorrow.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, replace
from typing import Any

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework import serializers

from core.errors import RuleViolation

# Lei nº 1.764, de 28 de julho de 2023: nothing it creates (a notice, a lost object's
# hand-in, an appeal) can be dated before it.
LAW_SANCTIONED = dt.date(2023, 7, 28)
# What may predate the law (a CNH's validity, a cooperative's registration, an old act).
ANY_PAST = dt.date(1900, 1, 1)
AHEAD_YEARS = 10
# A day in a query string: AAAA-MM-DD, what OpenAPI's `format: date` (RFC 3339) allows.
ISO_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def iso_day(raw: str) -> dt.date:
    """The day `raw` writes as AAAA-MM-DD, and nothing else (`fromisoformat` alone also
    takes 20250101 and week dates, which `format: date` refuses); ValueError otherwise."""
    if not ISO_DAY.fullmatch(raw):
        raise ValueError(raw)
    return dt.date.fromisoformat(raw)


def _shown(day: dt.date) -> str:
    return f"{day.day:02d}/{day.month:02d}/{day.year:04d}"


ACTED_ON = "acted_on"
"""The serializer context key of the row an operation acts on (a letter, a lost object):
the row whose fact a date bound with `after` may not precede."""


@dataclass(frozen=True)
class DateBound:
    """A validator: `floor` ≤ the date ≤ today + `ahead_years` (local dates); and, when it
    names a `fact` of the row the operation acts on, not before that fact's day."""

    floor: dt.date = LAW_SANCTIONED
    ahead_years: int = AHEAD_YEARS
    fact: str = ""
    """A path of attributes from the row acted on to the date-time or date of the case's
    fact the date cannot precede ("created_at": the letter was written; "found_on": the
    object was found). In the schema as `x-not-before-fact`."""
    fact_label: Any = ""
    """What the fact is, as the message names it (a lazy translation)."""

    def after(self, fact: str, label: Any) -> DateBound:
        """This bound, and not before `fact` of the row acted on (issue 19: a receipt the
        day before the notice was written is refused like the year 0001)."""
        return replace(self, fact=fact, fact_label=label)

    def fact_day(self, row: object) -> dt.date | None:
        """The local day of the fact on `row`; None when the row has not reached it."""
        return fact_day_of(row, self.fact) if self.fact else None

    def check_fact(self, value: dt.date | dt.datetime | None, row: object) -> None:
        """Refuse `value` before the day of the fact on `row` (ValidationError); a date
        outside the plausible range is told as such first, whatever the fact."""
        self(value)
        floor = self.fact_day(row) if value is not None else None
        if value is None or floor is None:
            return
        day = _local_day(value)
        if day < floor:
            raise ValidationError(
                _(
                    "A data (%(day)s) não pode ser anterior ao fato de que depende: "
                    "%(fact)s em %(floor)s."
                )
                % {"day": _shown(day), "fact": self.fact_label, "floor": _shown(floor)},
                code="before_the_fact",
            )

    def ceiling(self, today: dt.date | None = None) -> dt.date:
        today = today or timezone.localdate()
        return today.replace(year=today.year + self.ahead_years, day=min(today.day, 28))

    def __call__(self, value: dt.date | dt.datetime | None) -> None:
        if value is None:
            return
        day = _local_day(value)
        ceiling = self.ceiling()
        if not self.floor <= day <= ceiling:
            raise ValidationError(
                _("Data fora do intervalo aceito (%(floor)s a %(ceiling)s): %(day)s.")
                % {"floor": _shown(self.floor), "ceiling": _shown(ceiling), "day": _shown(day)},
                code="implausible_date",
            )


def fact_day_of(row: object, fact: str) -> dt.date | None:
    """The local day of `fact` (a path of attributes, "case.opened_at") on `row`."""
    value: Any = row
    for name in fact.split("."):
        value = getattr(value, name, None)
        if value is None:
            return None
    return _local_day(value)


def _local_day(value: dt.date | dt.datetime) -> dt.date:
    if not isinstance(value, dt.datetime):
        return value
    try:
        return timezone.localtime(value).date() if timezone.is_aware(value) else value.date()
    except OverflowError:  # a moment at the calendar's edge: its own day is out of bound too
        return value.date()


# The two bounds the application uses.
UNDER_THE_LAW = DateBound(floor=LAW_SANCTIONED)
MAY_PREDATE_THE_LAW = DateBound(floor=ANY_PAST)


class _Bounded:
    """What the serializer fields share: the bound as their validator and in the schema."""

    bound: DateBound

    def _bounded_init(self, bound: DateBound, kwargs: dict[str, Any]) -> dict[str, Any]:
        self.bound = bound
        kwargs["validators"] = [*kwargs.get("validators", []), bound]
        return kwargs

    def _after_the_fact(self, value: Any) -> Any:
        """The bound's fact, read on the row the view acts on (`ACTED_ON` in the
        serializer's context): the field names itself in the 400, before any service."""
        row = self.context.get(ACTED_ON)  # type: ignore[attr-defined]
        if self.bound.fact and row is not None:
            try:
                self.bound.check_fact(value, row)
            except ValidationError as exc:
                raise serializers.ValidationError(exc.messages, code="before_the_fact") from exc
        return value


class LegalDateField(_Bounded, serializers.DateField):
    def __init__(self, *, bound: DateBound = UNDER_THE_LAW, **kwargs: Any) -> None:
        super().__init__(**self._bounded_init(bound, kwargs))

    def to_internal_value(self, value: Any) -> dt.date:
        day = _as_validation_error(self.bound, super().to_internal_value, value)
        return self._after_the_fact(day)  # type: ignore[no-any-return]


class LegalDateTimeField(_Bounded, serializers.DateTimeField):
    def __init__(self, *, bound: DateBound = UNDER_THE_LAW, **kwargs: Any) -> None:
        super().__init__(**self._bounded_init(bound, kwargs))

    def to_internal_value(self, value: Any) -> dt.datetime:
        moment = _as_validation_error(self.bound, super().to_internal_value, value)
        return self._after_the_fact(moment)  # type: ignore[no-any-return]


def _as_validation_error(bound: DateBound, parse: Any, value: Any) -> Any:
    # A date-time at the edge of the calendar (year 9999 moved to UTC) overflows while it
    # is parsed: the same message as any other date out of its bound.
    try:
        return parse(value)
    except OverflowError as exc:
        raise serializers.ValidationError(
            _("Data fora do intervalo aceito (%(floor)s a %(ceiling)s): %(day)s.")
            % {
                "floor": _shown(bound.floor),
                "ceiling": _shown(bound.ceiling()),
                "day": str(value)[:10],
            },
            code="implausible_date",
        ) from exc


def dates_within(bound: DateBound, **values: dt.date | dt.datetime | None) -> None:
    """A service's own check of its dates: the same bound and message as its inputs, so a
    caller that skips the form or serializer (a task, the demo, a script) is held too."""
    for field, value in values.items():
        try:
            bound(value)
        except ValidationError as exc:
            raise RuleViolation(
                exc.messages[0], code="implausible_date", fields={field: exc.messages}
            ) from exc


def dates_not_before_fact(
    bound: DateBound, row: object, **values: dt.date | dt.datetime | None
) -> None:
    """A service's own check of dates bound to a fact of `row` (`DateBound.after`): the
    same message as the API's, naming the field, for pages, tasks and scripts too."""
    for field, value in values.items():
        try:
            bound.check_fact(value, row)
        except ValidationError as exc:
            raise RuleViolation(
                exc.messages[0], code="before_the_fact", fields={field: exc.messages}
            ) from exc
