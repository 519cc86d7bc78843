"""The municipal calendar kept by the secretariat: days declared closed or open by an act,
and the December reminder for the next year's optional days."""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from cases.errors import StateConflict, from_law
from law import municipal_calendar as law
from law.errors import LawError
from municipal.models import CalendarReminder
from municipal.permissions import require_register_keeper
from registers.models import CalendarDay


def _close_reminder_if_done(year: int) -> None:
    days = [d for d, _label in law.optional_days(year)]
    if CalendarDay.objects.filter(day__in=days).count() == len(days):
        CalendarReminder.objects.filter(year=year, closed_at__isnull=True).update(
            closed_at=timezone.now()
        )


def calendar_day_declare(
    *, actor: User, day: dt.date, kind: str, act: str, today: dt.date
) -> CalendarDay:
    """Declare a day closed (no office hours) or open, with the act that declares it.

    Business-day counting reads these rows (registers.calendar); the pending deadlines a
    declaration moves are recomputed by the deadline engine (issue 9, item 4).
    """
    require_register_keeper(actor)
    try:
        law.check_declaration(day=day, act=act, today=today)
    except LawError as exc:
        raise from_law(exc) from exc
    with transaction.atomic(durable=True):
        row, _created = CalendarDay.objects.select_for_update().update_or_create(
            day=day, defaults={"kind": kind, "reason": act.strip()[:200]}
        )
        _close_reminder_if_done(day.year)
    return row


def calendar_day_withdraw(*, actor: User, day: dt.date, today: dt.date) -> None:
    """Withdraw a declaration not yet in effect (a wrong day typed, a revoked decree)."""
    require_register_keeper(actor)
    if day < today:
        raise StateConflict(
            _("O dia %(day)s já passou: a declaração não pode ser retirada.")
            % {"day": f"{day:%d/%m/%Y}"},
            article=law.CPC_224,
        )
    with transaction.atomic(durable=True):
        deleted, _detail = CalendarDay.objects.filter(day=day).delete()
        if not deleted:
            raise StateConflict(_("Não há declaração para este dia."))


def calendar_reminder_open(*, today: dt.date) -> CalendarReminder | None:
    """Each December: open the reminder for next year's optional days, once."""
    year = law.reminder_year(today)
    if year is None:
        return None
    reminder, created = CalendarReminder.objects.get_or_create(year=year)
    if created:
        _close_reminder_if_done(year)
        reminder.refresh_from_db()
    return reminder
