"""The municipal calendar kept by the secretariat: days declared closed or open by an act,
and the December reminder for the next year's optional days."""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from cases.errors import StateConflict, from_law
from cases.services.deadlines import deadlines_recount
from cases.services.transitions import case_record
from core.dates import UNDER_THE_LAW, dates_within
from law import municipal_calendar as law
from law.citations import CPC_224_P1
from law.errors import LawError
from law.i18n import format_date
from municipal.models import CalendarReminder, LostItem
from municipal.permissions import require_register_keeper
from notifications.services import notification_queue
from registers.calendar import municipal_calendar
from registers.models import CalendarDay

MOVED_EVENT = "deadline_moved"


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
    dates_within(UNDER_THE_LAW, day=day)
    require_register_keeper(actor)
    try:
        law.check_declaration(day=day, act=act, today=today)
    except LawError as exc:
        raise from_law(exc) from exc
    with transaction.atomic(durable=True):
        row, _created = CalendarDay.objects.select_for_update().update_or_create(
            day=day, defaults={"kind": kind, "reason": act.strip()[:200]}
        )
        if kind != CalendarDay.Kind.OPEN:
            # Art. 63, CPC art. 224 §1: the pending deadlines whose period covers the day
            # move, in this transaction, each on its case's timeline (never shortened).
            deadlines_move_for_closed_day(day=day, kind=kind, reason=row.reason, actor=actor)
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


def deadlines_move_for_closed_day(
    *, day: dt.date, kind: str, reason: str, actor: User | None
) -> list[int]:
    """In the declaring transaction: the pending rows whose period covers `day` move
    (`cases.services.deadlines.deadlines_recount`), each told to the driver and written
    on its case's timeline. Returns the ids of the rows moved."""
    moved = deadlines_recount(day=day, calendar=municipal_calendar())
    for row, before in moved:
        after = row.due_on
        # The lost-property register shows its row's last day (Art. 37 XVIII).
        LostItem.objects.filter(deadline=row).update(due_on=after)
        if row.case is None:
            continue
        applicant = row.case.applicant
        if applicant is not None:
            notification_queue(
                case=row.case,
                recipient=applicant,
                template="deadline_moved",
                context={"deadline": row, "before": before, "after": after, "day": day,
                         "reason": reason},
            )
        case_record(
            case=row.case,
            actor=actor,
            event=MOVED_EVENT,
            article=f"{row.article}; {CPC_224_P1}",
            note=_(
                "%(label)s: o último dia passou de %(before)s para %(after)s, porque "
                "%(day)s foi declarado sem expediente (%(reason)s)."
            )
            % {
                "label": row.label,
                "before": format_date(before),
                "after": format_date(after),
                "day": format_date(day),
                "reason": reason,
            },
            data={
                "deadline": row.pk,
                "kind": row.kind,
                "rule": row.rule,
                "before": before.isoformat(),
                "after": after.isoformat(),
                "day": day.isoformat(),
                "day_kind": kind,
            },
        )
    return [row.pk for row, _before in moved]
