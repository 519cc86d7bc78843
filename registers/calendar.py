"""The municipality's calendar: the statute's Calendar fed with what the database knows,
and the one service that declares a day (closed, municipal holiday, open).

Declaring a day closed — or a municipal holiday — after deadlines were set moves every
pending deadline row whose period covers it (Art. 63; CPC art. 224 §1: the count skips
days without office hours, and a last day on one moves to the next business day). It
happens in the declaring transaction, row by row under lock, each move written on its
case's timeline, so no deadline is swept on a stale last day. A row is recomputed from
what it was computed from (`Deadline.rule` and `Deadline.starts_on`); a fixed-date row has
no rule and its own handler re-checks its date when it falls due (the vehicle rows of
`workflows.substitution.tracking` do so).

A deadline never becomes shorter: declaring a day *open* (or revoking a closure) applies
to deadlines set afterwards, while those already running keep the last day the citizen was
told (legitimate expectation; docs/interpretations.md).
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.roles import Role, has_role
from cases.errors import NotPermitted, RuleViolation
from law import deadlines as law_deadlines
from law.calendar import Calendar

if TYPE_CHECKING:
    from registers.models import CalendarDay

ART_CPC_224_P1 = "CPC art. 224 §1"
MOVED_EVENT = "deadline_moved"


def _municipal_holidays() -> tuple[tuple[int, int], ...]:
    pairs = []
    for item in settings.MUNICIPAL_HOLIDAYS:
        month, day = item.split("-")
        pairs.append((int(month), int(day)))
    return tuple(pairs)


def municipal_calendar() -> Calendar:
    from registers.models import CalendarDay

    rows = list(CalendarDay.objects.values_list("day", "kind"))
    closing = (CalendarDay.Kind.CLOSED, CalendarDay.Kind.HOLIDAY)
    return Calendar(
        closed_days=tuple(d for d, k in rows if k in closing),
        open_days=tuple(d for d, k in rows if k == CalendarDay.Kind.OPEN),
        municipal_holidays=_municipal_holidays(),
    )


def _fmt(day: dt.date) -> str:
    return day.strftime("%d/%m/%Y")


def calendar_day_declare(*, day: dt.date, kind: str, reason: str, actor: User) -> CalendarDay:
    """Record the act that declares `day` closed, a municipal holiday or open, and move the
    pending deadlines it affects (Art. 63; CPC art. 224 §1). Returns the `CalendarDay`.

    Clerks and administrators declare days; the act (decree, municipal law) is the reason.
    """
    from registers.models import CalendarDay  # noqa: F811 — the app registry is ready here

    if not has_role(actor, Role.CLERK, Role.ADMINISTRATOR):
        raise NotPermitted(
            _("Somente servidores da Secretaria declaram dias sem expediente."),
            article=ART_CPC_224_P1,
        )
    if kind not in CalendarDay.Kind.values:
        raise RuleViolation(_("Tipo de dia inválido."))
    reason = " ".join(reason.split())
    if not reason:
        raise RuleViolation(
            _("Informe o ato (decreto, lei) que declara o dia."), article=ART_CPC_224_P1
        )
    with transaction.atomic(durable=True):
        declared, _created = CalendarDay.objects.select_for_update().update_or_create(
            day=day, defaults={"kind": kind, "reason": reason[:200]}
        )
        if kind != CalendarDay.Kind.OPEN:
            deadlines_move_for_closed_day(day=day, kind=kind, reason=declared.reason, actor=actor)
    return declared


def deadlines_move_for_closed_day(
    *, day: dt.date, kind: str, reason: str, actor: User | None
) -> list[int]:
    """In the declaring transaction: recompute every pending rule-based row whose period
    covers `day` (`starts_on < day <= due_on`) with the calendar that now knows it, and
    move the later ones. Returns the ids of the rows moved."""
    from cases.models import Deadline
    from cases.services.transitions import case_record
    from notifications.services import notification_queue

    calendar = municipal_calendar()
    rows = (
        Deadline.objects.select_for_update(of=("self",))
        .filter(
            state=Deadline.State.PENDING,
            starts_on__lt=day,
            due_on__gte=day,
        )
        .exclude(rule="")
        .select_related("case", "case__applicant")
        .order_by("id")
    )
    moved: list[int] = []
    for row in rows:
        rule = law_deadlines.RULES.get(row.rule)
        if rule is None or row.starts_on is None or rule.counting not in (
            law_deadlines.Counting.BUSINESS_DAYS, law_deadlines.Counting.CALENDAR_DAYS
        ):
            continue
        after = law_deadlines.due_date(rule, row.starts_on, calendar)
        if after <= row.due_on:
            continue
        before = row.due_on
        row.due_on = after
        row.save(update_fields=["due_on"])
        moved.append(row.pk)
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
            article=f"{row.article}; {ART_CPC_224_P1}",
            note=_(
                "%(label)s: o último dia passou de %(before)s para %(after)s, porque "
                "%(day)s foi declarado sem expediente (%(reason)s)."
            )
            % {
                "label": row.label,
                "before": _fmt(before),
                "after": _fmt(after),
                "day": _fmt(day),
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
    return moved
