"""Thin periodic tasks of the municipal registers."""

from __future__ import annotations

import datetime as dt

from celery import shared_task

from cases.services.transitions import local_today
from municipal.services.calendar import calendar_reminder_open
from municipal.services.tariffs import tariff_reminder_open


@shared_task(name="municipal.tasks.tariff_january_reminder", ignore_result=True)
def tariff_january_reminder(today: str | None = None) -> int | None:
    """Art. 31: open the year's IGP-M adjustment reminder for the clerks (idempotent).

    ``today`` (ISO date) runs it as of another day, for tests with exact dates.
    """
    reminder = tariff_reminder_open(today=dt.date.fromisoformat(today) if today else local_today())
    return reminder.year if reminder else None


@shared_task(name="municipal.tasks.calendar_december_reminder", ignore_result=True)
def calendar_december_reminder(today: str | None = None) -> int | None:
    """Each December: open the reminder to declare next year's optional days (idempotent)."""
    reminder = calendar_reminder_open(
        today=dt.date.fromisoformat(today) if today else local_today()
    )
    return reminder.year if reminder else None
