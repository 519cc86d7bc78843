"""The tariff in force on a day, for pages outside this app (Art. 58 XVI: a notice for
charging above the table shows the table in force on the day of the fact)."""

from __future__ import annotations

import datetime as dt

from django import template
from django.utils import timezone

from municipal.models import TariffTable
from municipal.selectors import tariff_in_force

register = template.Library()


@register.simple_tag
def tariff_on(day: dt.date | dt.datetime | None) -> TariffTable | None:
    """``{% tariff_on case.occurred_at as table %}`` — the table in force that day."""
    if day is None:
        return None
    if isinstance(day, dt.datetime):
        day = timezone.localtime(day).date() if timezone.is_aware(day) else day.date()
    return tariff_in_force(day)


@register.inclusion_tag("municipal/tariffs/on_the_day.html")
def tariff_table_on(day: dt.date | dt.datetime | None) -> dict[str, object]:
    """``{% tariff_table_on notice.occurred_at %}`` — the table of that day, as a block."""
    return {"table": tariff_on(day), "day": day}
