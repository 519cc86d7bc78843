"""Deadlines as rows (DESIGN principle 4) and the sweeper that applies them.

A deadline's `due_on` is its last day; it has passed once the local date is after it. The
sweeper claims one due row per transaction with FOR UPDATE SKIP LOCKED, so any number of
sweepers may run at once and each row is processed exactly once. The row's handler locks
the case, re-checks the real condition (the row may be stale: an extension moved the end,
the case was closed) and applies the system transition. A failing row is retried with
exponential backoff and ends as FAILED, visible to clerks — never lost.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext

from cases.models import Case, Deadline
from cases.services.transitions import local_today
from law import deadlines as law_deadlines
from law.calendar import Calendar
from registers.models import Authorization

logger = logging.getLogger(__name__)

# A handler applies what the deadline means; it returns False when, under the case lock,
# the deadline turns out to be moot (nothing to apply), True when it applied it. The case
# is None for a register's deadline (its `authorization` is set instead).
Handler = Callable[[Case | None, Deadline, dt.date], bool]
_HANDLERS: dict[str, Handler] = {}


def deadline_handler(kind: str) -> Callable[[Handler], Handler]:
    def decorator(func: Handler) -> Handler:
        _HANDLERS[kind] = func
        return func

    return decorator


def deadline_set(
    *,
    kind: str,
    label: str,
    due_on: dt.date,
    counting: str,
    article: str,
    case: Case | None = None,
    authorization: Authorization | None = None,
) -> Deadline:
    """Write a deadline row in the caller's transaction, for a case or a register."""
    if kind not in _HANDLERS:
        raise LookupError(f"no deadline handler registered for {kind!r}")
    return Deadline.objects.create(
        case=case,
        authorization=authorization,
        kind=kind,
        label=label,
        due_on=due_on,
        counting=counting,
        article=article,
    )


# How the row says its last day was found: by counting days (business or calendar, CPC),
# or as a date the rule fixes from its start (a period served, a term in months).
_STORED_COUNTING = {
    law_deadlines.Counting.BUSINESS_DAYS: Deadline.Counting.BUSINESS_DAYS,
    law_deadlines.Counting.CALENDAR_DAYS: Deadline.Counting.CALENDAR_DAYS,
    law_deadlines.Counting.PERIOD_DAYS: Deadline.Counting.FIXED_DATE,
    law_deadlines.Counting.MONTHS: Deadline.Counting.FIXED_DATE,
}


def deadline_start(
    *,
    rule: law_deadlines.DeadlineRule,
    start: dt.date,
    kind: str,
    label: str = "",
    length: int | None = None,
    case: Case | None = None,
    authorization: Authorization | None = None,
    calendar: Calendar | None = None,
) -> Deadline:
    """Write the row of a rule of the statute counted from `start`, in the caller's
    transaction: its last day as `law.deadlines.due_date` counts it (with the municipal
    calendar unless `calendar` is given), its counting and its article from the rule.

    `length` is the decision's, for a rule whose length the decision fixes (the days of a
    suspension requested, Art. 24). `label` defaults to the rule's.
    """
    return deadline_set(
        kind=kind,
        label=label or gettext(rule.label),
        due_on=law_deadlines.due_date(rule, start, calendar, length=length),
        counting=_STORED_COUNTING[rule.counting],
        article=rule.article,
        case=case,
        authorization=authorization,
    )


def reminder_due_on(target: dt.date, days_before: int) -> dt.date:
    """The last day of a reminder row sent `days_before` days before `target`.

    A row is applied once its last day has passed, so its last day is the eve of the
    sending day. For every reminder of every kind (IM renewal, vehicle age and colour,
    auxiliary renewal).
    """
    return target - dt.timedelta(days=days_before + 1)


def reminder_target(due_on: dt.date, days_before: int) -> dt.date:
    """The day a reminder row with last day `due_on` reminds of (`reminder_due_on`'s inverse)."""
    return due_on + dt.timedelta(days=days_before + 1)


def deadlines_cancel(
    *,
    case: Case | None = None,
    authorization: Authorization | None = None,
    kinds: Iterable[str] | None = None,
) -> int:
    """Cancel a case's (or a register's) pending deadlines. Rows a sweeper holds right now
    are skipped, not waited for: their handler re-checks under the lock and finds them
    moot."""
    if (case is None) == (authorization is None):
        raise ValueError("give exactly one of case and authorization")
    subject = {"case": case} if case is not None else {"authorization": authorization}
    rows = Deadline.objects.select_for_update(skip_locked=True).filter(
        state=Deadline.State.PENDING, **subject
    )
    if kinds is not None:
        rows = rows.filter(kind__in=list(kinds))
    ids = list(rows.values_list("id", flat=True))
    return Deadline.objects.filter(id__in=ids).update(
        state=Deadline.State.CANCELLED, resolved_at=timezone.now()
    )


@dataclass
class SweepReport:
    applied: int = 0
    moot: int = 0
    retried: int = 0
    failed: int = 0

    @property
    def processed(self) -> int:
        return self.applied + self.moot + self.retried + self.failed


def _due_rows(today: dt.date, now: dt.datetime):  # type: ignore[no-untyped-def]
    return (
        Deadline.objects.select_for_update(skip_locked=True)
        .filter(state=Deadline.State.PENDING, due_on__lt=today)
        .filter(Q(next_attempt_at__isnull=True) | Q(next_attempt_at__lte=now))
        .order_by("due_on", "id")
    )


def _backoff(attempts: int) -> dt.timedelta:
    base = settings.DEADLINE_RETRY_BASE_SECONDS
    return dt.timedelta(seconds=base * 2 ** (attempts - 1))


def deadline_process_one(*, today: dt.date, now: dt.datetime, report: SweepReport) -> bool:
    """Claim and process one due row in its own transaction. False when none is due."""
    with transaction.atomic():
        row = _due_rows(today, now).first()
        if row is None:
            return False
        try:
            with transaction.atomic():  # a savepoint: a failing handler leaves no trace
                case = Case.objects.get(pk=row.case_id) if row.case_id else None
                applied = _HANDLERS[row.kind](case, row, today)
        except Exception as exc:  # noqa: BLE001 — any failure is recorded on the row
            row.attempts += 1
            row.last_error = f"{type(exc).__name__}: {exc}"[:2000]
            if row.attempts >= settings.DEADLINE_RETRY_LIMIT:
                row.state = Deadline.State.FAILED
                row.resolved_at = now
                report.failed += 1
                logger.error("deadline %s failed for good: %s", row.pk, row.last_error)
            else:
                row.next_attempt_at = now + _backoff(row.attempts)
                report.retried += 1
                logger.warning("deadline %s will be retried: %s", row.pk, row.last_error)
        else:
            row.state = Deadline.State.DONE if applied else Deadline.State.MOOT
            row.resolved_at = now
            row.last_error = ""
            if applied:
                report.applied += 1
            else:
                report.moot += 1
        row.save(
            update_fields=["state", "attempts", "next_attempt_at", "last_error", "resolved_at"]
        )
    return True


def deadlines_sweep(
    *, today: dt.date | None = None, now: dt.datetime | None = None, max_rows: int = 1000
) -> SweepReport:
    """Process every deadline that has passed, one row per transaction."""
    today = today or local_today()
    now = now or timezone.now()
    report = SweepReport()
    while report.processed < max_rows and deadline_process_one(today=today, now=now, report=report):
        pass
    return report


def deadline_retry(*, deadline: Deadline) -> Deadline:
    """A clerk puts a failed row back in the sweep."""
    with transaction.atomic(durable=True):
        row = Deadline.objects.select_for_update().get(pk=deadline.pk)
        if row.state == Deadline.State.FAILED:
            row.state = Deadline.State.PENDING
            row.attempts = 0
            row.next_attempt_at = None
            row.resolved_at = None
            row.save(update_fields=["state", "attempts", "next_attempt_at", "resolved_at"])
    return row
