"""The municipality's calendar: the statute's Calendar fed with what the database knows."""

from __future__ import annotations

from django.conf import settings

from law.calendar import Calendar


def _municipal_holidays() -> tuple[tuple[int, int], ...]:
    pairs = []
    for item in settings.MUNICIPAL_HOLIDAYS:
        month, day = item.split("-")
        pairs.append((int(month), int(day)))
    return tuple(pairs)


def municipal_calendar() -> Calendar:
    from registers.models import CalendarDay

    rows = list(CalendarDay.objects.values_list("day", "kind"))
    return Calendar(
        closed_days=tuple(d for d, k in rows if k == CalendarDay.Kind.CLOSED),
        open_days=tuple(d for d, k in rows if k == CalendarDay.Kind.OPEN),
        municipal_holidays=_municipal_holidays(),
    )
