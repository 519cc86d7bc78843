"""Deadlines as rows (DESIGN principle 4) and the sweeper that applies them.

A deadline's `due_on` is its last day; it has passed once the local date is after it.

Every write of a case's rows (set, cancel, resolve, retry) goes through this module, which
recomputes the case's `next_due_on` in the same transaction: the queue reads that column
through an index instead of aggregating the deadline rows of every open case.

The sweeper claims due rows in batches (`FOR UPDATE SKIP LOCKED`, in due order), so any
number of sweepers and the beat may run at once and each row is processed exactly once.
Each row runs in its own savepoint: its handler gets the case locked once, re-checks the
real condition (the row may be stale: an extension moved the end, the case was closed) and
applies the system transition; a failure rolls back that row's work only, and the row is
retried with exponential backoff and ends as FAILED, visible to clerks — never lost. A
sweep runs until nothing is due, bounded by time rather than by a row count.

A kind whose expiries come in masses (suspensions ending after a holiday) also declares a
set handler: the batch's rows of that kind are applied in a few statements, writing what
the row handler would for each (tests/cases/test_sweep_sets.py); if the set fails, its
rows go through the row path above, so the one at fault is found and recorded alone.
"""

from __future__ import annotations

import datetime as dt
import logging
import time
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.conf import settings
from django.db import OperationalError, transaction
from django.db.models import Min, OuterRef, Q, Subquery
from django.utils import timezone
from django.utils.translation import gettext

from cases.models import Case, Deadline
from cases.services.transitions import case_held, case_try_lock, cases_try_lock, local_today
from core.db import custom_plans
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


@dataclass
class SetOutcome:
    applied: list[int]
    moot: list[int]
    # Rows the set cannot apply exactly as the row path would (two ends of one
    # authorization, whose outcome depends on their order): left to the row handler.
    one_by_one: list[int]


# A kind's mass expiry, applied set-based (issue 13): given the batch's rows of that kind
# with their cases, locked, it writes exactly what its row handler would for each, in a few
# statements, and sorts the row ids into a `SetOutcome`. Any exception rolls the set back
# and its rows go through the row handler one by one, each in its own savepoint, so one bad
# row still touches no other.
SetHandler = Callable[[list[tuple[Case, Deadline]], dt.date], SetOutcome]
_SET_HANDLERS: dict[str, SetHandler] = {}


def deadline_set_handler(kind: str) -> Callable[[SetHandler], SetHandler]:
    def decorator(func: SetHandler) -> SetHandler:
        if kind not in _HANDLERS:
            raise LookupError(f"register the row handler of {kind!r} first")
        _SET_HANDLERS[kind] = func
        return func

    return decorator


def _deadline_set(
    *,
    kind: str,
    label: str,
    due_on: dt.date,
    counting: str,
    article: str,
    case: Case | None = None,
    authorization: Authorization | None = None,
    rule: str = "",
    starts_on: dt.date | None = None,
    start_basis: str = "",
) -> Deadline:
    """Write a deadline row in the caller's transaction, for a case or a register.

    Private: every row is written from a named rule of `law.deadlines`, through
    `deadline_start` (counted from a start day) or `deadline_fix` (a date the rule names);
    tests/cases/test_every_deadline_write_names_a_rule.py lists the writes in the code.
    `rule` and `starts_on` record what `due_on` was computed from, so that a day declared
    closed afterwards moves it (`municipal.services.calendar.calendar_day_declare`)."""
    if kind not in _HANDLERS:
        raise LookupError(f"no deadline handler registered for {kind!r}")
    if rule and starts_on is None:
        raise ValueError("a deadline computed from a rule needs its start day")
    row = Deadline.objects.create(
        case=case, authorization=authorization, kind=kind, label=label, due_on=due_on,
        counting=counting, article=article, rule=rule, starts_on=starts_on,
        start_basis=start_basis,
    )
    if case is not None:
        cases_next_due_refresh([case.pk])
        # The caller's instance too, so a later save of it does not write the old date.
        if case.next_due_on is None or due_on < case.next_due_on:
            case.next_due_on = due_on
    return row


def _named(rule: law_deadlines.DeadlineRule) -> law_deadlines.DeadlineRule:
    """The rule itself, if it is one of `law.deadlines.RULES` (a rule made up on the spot
    could not be recomputed when a day is declared closed)."""
    if law_deadlines.RULES.get(rule.code) is not rule:
        raise LookupError(f"{rule.code!r} is not a rule of law.deadlines.RULES")
    return rule


def cases_next_due_refresh(case_ids: Iterable[int]) -> None:
    """Recompute the next due date of these cases from their pending rows (one statement).

    Called in the transaction of every change to deadline rows: a new writer of rows
    calls it too (or goes through `deadline_start` / `deadline_fix` / `deadlines_cancel`)."""
    ids = sorted(set(case_ids))
    if not ids:
        return
    earliest = (
        Deadline.objects.filter(case=OuterRef("pk"), state=Deadline.State.PENDING)
        .order_by()
        .values("case")
        .annotate(first=Min("due_on"))
        .values("first")
    )
    Case.objects.filter(pk__in=ids).update(next_due_on=Subquery(earliest))


# How the row says its last day was found: by counting days (business or calendar, CPC),
# or as a date the rule fixes from its start (a period served, a term in months).
_STORED_COUNTING = {
    law_deadlines.Counting.BUSINESS_DAYS: Deadline.Counting.BUSINESS_DAYS,
    law_deadlines.Counting.CALENDAR_DAYS: Deadline.Counting.CALENDAR_DAYS,
    law_deadlines.Counting.PERIOD_DAYS: Deadline.Counting.FIXED_DATE,
    law_deadlines.Counting.MONTHS: Deadline.Counting.FIXED_DATE,
    law_deadlines.Counting.FIXED_DATE: Deadline.Counting.FIXED_DATE,
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
    basis: law_deadlines.StartBasis | None = None,
) -> Deadline:
    """Write the row of a rule of the statute counted from `start`, in the caller's
    transaction: its last day as `law.deadlines.due_date` counts it (with the municipal
    calendar unless `calendar` is given), its counting and its article from the rule.

    `length` is the decision's, for a rule whose length the decision fixes (the days of a
    suspension requested, Art. 24). `label` defaults to the rule's. `rule` must be one of
    `law.deadlines.RULES`. `basis` says what `start` is the day of when the caller knows
    it better than the rule (`deadlines_received_by` does it for a notice's receipt).
    """
    _named(rule)
    if rule.counting is law_deadlines.Counting.FIXED_DATE:
        raise ValueError(f"{rule.code!r} names a fixed date: write it with deadline_fix")
    return _deadline_set(
        kind=kind,
        label=label or gettext(rule.label),
        due_on=law_deadlines.due_date(rule, start, calendar, length=length),
        counting=_STORED_COUNTING[rule.counting],
        article=rule.article,
        # What the last day was counted from: a day declared closed later recounts the
        # rules that depend on the calendar (municipal.services.calendar), and every row
        # explains its count from them (cases.explanations).
        rule=rule.code,
        starts_on=start,
        start_basis=basis.value if basis is not None and basis is not rule.starts_from else "",
        case=case,
        authorization=authorization,
    )


def deadline_fix(
    *,
    rule: law_deadlines.DeadlineRule,
    due_on: dt.date,
    kind: str,
    label: str = "",
    article: str = "",
    case: Case | None = None,
    authorization: Authorization | None = None,
) -> Deadline:
    """Write the row of a rule whose last day is fixed elsewhere, in the caller's
    transaction: a reminder before a term ends, a term already computed (an IM's validity,
    a suspension with its extension), a vehicle's last day in service.

    Only for rules whose last day does not depend on the calendar: a rule counted in
    business or calendar days is always written by `deadline_start`, from its start, so
    that a day declared closed later moves it. `article` narrows the rule's when the case
    decides it (Art. 12 alone, or with Art. 70's transition)."""
    _named(rule)
    if rule.counting in law_deadlines.CALENDAR_DEPENDENT:
        raise ValueError(
            f"{rule.code!r} is counted on the calendar: write it with deadline_start"
        )
    return _deadline_set(
        kind=kind,
        label=label or gettext(rule.label),
        due_on=due_on,
        counting=_STORED_COUNTING[rule.counting],
        article=article or rule.article,
        case=case,
        authorization=authorization,
    )


def deadlines_recount(*, day: dt.date, calendar: Calendar) -> list[tuple[Deadline, dt.date]]:
    """In the caller's transaction (a day being declared closed): recompute, with
    `calendar`, every pending row counted on the calendar whose period covers `day`
    (`starts_on <= day <= due_on`: the start day too, since a business-day count starting
    on a closed day starts on the next business day, CPC art. 224 §§1 and 3), and move
    those that end later. Never earlier: a row keeps the last day the citizen was told.

    Every row counted on the calendar has its rule and start (`deadline_start`), so none
    is left behind. Returns each row moved (locked, with its case) and its former day."""
    rows = (
        Deadline.objects.select_for_update(of=("self",))
        .filter(
            state=Deadline.State.PENDING,
            starts_on__lte=day,
            due_on__gte=day,
            counting__in=[Deadline.Counting.BUSINESS_DAYS, Deadline.Counting.CALENDAR_DAYS],
        )
        .exclude(rule="")
        .select_related("case", "case__applicant")
        .order_by("id")
    )
    moved: list[tuple[Deadline, dt.date]] = []
    for row in rows:
        rule = law_deadlines.RULES.get(row.rule)
        if (
            rule is None
            or row.starts_on is None
            or rule.counting not in law_deadlines.CALENDAR_DEPENDENT
        ):
            continue
        after = law_deadlines.due_date(rule, row.starts_on, calendar)
        if after <= row.due_on:
            continue
        before = row.due_on
        row.due_on = after
        row.save(update_fields=["due_on"])
        moved.append((row, before))
    cases_next_due_refresh(row.case_id for row, _before in moved if row.case_id is not None)
    return moved


def deadlines_received_by(
    *, case: Case, received_on: dt.date, basis: law_deadlines.StartBasis, before: set[int]
) -> int:
    """Say how the notice was received on the case's rows its receipt just started (those
    not in `before`, counted from `received_on` by a rule that runs from a receipt): an AR's
    delivery or visit, its attachment, or a personal delivery (Art. 46). In the recording
    transaction; the rows' dates do not change. Returns how many rows it told."""
    receipts = [
        rule.code
        for rule in law_deadlines.RULES.values()
        if rule.starts_from is law_deadlines.StartBasis.NOTICE_RECEIVED
    ]
    return (
        Deadline.objects.filter(case=case, starts_on=received_on, rule__in=receipts)
        .exclude(pk__in=before)
        .update(start_basis=basis.value)
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
    if not ids:
        return 0
    cancelled = Deadline.objects.filter(id__in=ids).update(
        state=Deadline.State.CANCELLED, resolved_at=timezone.now()
    )
    if case is not None:
        cases_next_due_refresh([case.pk])
        case.next_due_on = Case.objects.filter(pk=case.pk).values_list(
            "next_due_on", flat=True
        ).first()
    return cancelled


@dataclass
class SweepReport:
    applied: int = 0
    moot: int = 0
    retried: int = 0
    failed: int = 0
    deferred: int = 0

    @property
    def processed(self) -> int:
        return self.applied + self.moot + self.retried + self.failed


def _due_rows(
    today: dt.date, now: dt.datetime, batch: int, skip: Iterable[int] = ()
) -> list[Deadline]:
    """Claim up to `batch` due rows (served by `deadline_pending_idx`), with the kind of
    their case so it can be locked as its own model in one read. Planned for its values at
    every batch: a generic plan, with the state as a parameter, cannot use that partial
    index (`core.db.custom_plans`)."""
    rows = (
        Deadline.objects.select_for_update(skip_locked=True, of=("self",))
        .filter(state=Deadline.State.PENDING, due_on__lt=today)
        .filter(Q(next_attempt_at__isnull=True) | Q(next_attempt_at__lte=now))
    )
    if skip:
        rows = rows.exclude(pk__in=list(skip))
    with custom_plans():
        return list(
            rows.select_related("case")
            .only("id", "case_id", "authorization_id", "kind", "due_on", "attempts",
                  "case__kind", "case__id")
            .order_by("due_on", "id")[:batch]
        )


def _backoff(attempts: int) -> dt.timedelta:
    base = settings.DEADLINE_RETRY_BASE_SECONDS
    return dt.timedelta(seconds=base * 2 ** (attempts - 1))


class _Busy(Exception):
    """Another transaction holds a lock this row needs: leave the row for a later batch."""


# Lock not available, deadlock detected: another sweeper's batch or a user's action holds
# what this row needs. Not the row's fault, so not an attempt.
_BUSY_CODES = {"55P03", "40P01"}


def _apply(row: Deadline, today: dt.date) -> bool:
    """The row's handler on its case, locked once (the handler's `case_step` reuses it).

    A case another transaction holds is not waited for: this batch holds other rows'
    cases, and waiting while holding them is how two sweepers deadlock."""
    case = None
    if row.case_id:
        case = case_try_lock(row.case)
        if case is None:
            raise _Busy
    try:
        with case_held(case):
            return _HANDLERS[row.kind](case, row, today)
    except OperationalError as exc:
        if getattr(getattr(exc, "__cause__", None), "sqlstate", None) in _BUSY_CODES:
            raise _Busy from exc
        raise


def _apply_sets(
    rows: list[Deadline], today: dt.date, applied: list[int], moot: list[int], deferred: set[int]
) -> list[Deadline]:
    """The batch's rows of kinds with a set handler, one savepoint per kind; returns the
    rows left for the row path (other kinds, a case's second row, a set that failed)."""
    left: list[Deadline] = []
    groups: dict[str, list[Deadline]] = defaultdict(list)
    seen: set[int] = set()
    for row in rows:
        if row.kind in _SET_HANDLERS and row.case_id and row.case_id not in seen:
            groups[row.kind].append(row)
            seen.add(row.case_id)
        else:
            left.append(row)
    for kind, group in groups.items():
        if len(group) < 2:
            left += group
            continue
        try:
            with transaction.atomic():
                locked = cases_try_lock(group[0].case.kind, [row.case_id for row in group])
                outcome = _SET_HANDLERS[kind](
                    [(locked[row.case_id], row) for row in group if row.case_id in locked], today
                )
        except Exception as exc:  # noqa: BLE001 — the row path finds and records the culprit
            logger.info("set of %s rows of %s left to the row path: %s", len(group), kind, exc)
            left += group
            continue
        deferred.update(row.pk for row in group if row.case_id not in locked)
        applied += outcome.applied
        moot += outcome.moot
        one_by_one = set(outcome.one_by_one)
        left += [row for row in group if row.pk in one_by_one]
    return left


def deadlines_sweep_batch(
    *,
    today: dt.date,
    now: dt.datetime,
    report: SweepReport,
    batch: int | None = None,
    deferred: set[int] | None = None,
) -> int:
    """Claim and process one batch of due rows in one transaction; the number claimed.

    The outcome of the batch's rows is written with one statement per outcome (and one
    for their cases' next due dates); a failed row's retry with one statement of its own.
    A row whose case is busy goes into `deferred`, skipped by the rest of this sweep.
    """
    batch = batch or settings.DEADLINE_SWEEP_BATCH
    deferred = set() if deferred is None else deferred
    with transaction.atomic():
        rows = _due_rows(today, now, batch, deferred)
        applied: list[int] = []
        moot: list[int] = []
        one_by_one = rows
        if settings.DEADLINE_SWEEP_SETS:
            one_by_one = _apply_sets(rows, today, applied, moot, deferred)
        for row in one_by_one:
            try:
                with transaction.atomic():  # a savepoint: a failing handler leaves no trace
                    done = _apply(row, today)
            except _Busy:
                deferred.add(row.pk)
            except Exception as exc:  # noqa: BLE001 — any failure is recorded on the row
                _record_failure(row, exc, now, report)
            else:
                (applied if done else moot).append(row.pk)
        report.applied += len(applied)
        report.moot += len(moot)
        if applied:
            Deadline.objects.filter(pk__in=applied).update(
                state=Deadline.State.DONE, resolved_at=now, last_error=""
            )
        if moot:
            Deadline.objects.filter(pk__in=moot).update(
                state=Deadline.State.MOOT, resolved_at=now, last_error=""
            )
        # Not the deferred rows' cases: another transaction holds them.
        cases_next_due_refresh(
            row.case_id for row in rows if row.case_id and row.pk not in deferred
        )
    return len(rows)


def _record_failure(row: Deadline, exc: Exception, now: dt.datetime, report: SweepReport) -> None:
    row.attempts += 1
    row.last_error = f"{type(exc).__name__}: {exc}"[:2000]
    if row.attempts >= settings.DEADLINE_RETRY_LIMIT:
        row.state = Deadline.State.FAILED
        row.resolved_at = now
        report.failed += 1
        logger.error("deadline %s failed for good: %s", row.pk, row.last_error)
    else:
        row.state = Deadline.State.PENDING
        row.next_attempt_at = now + _backoff(row.attempts)
        report.retried += 1
        logger.warning("deadline %s will be retried: %s", row.pk, row.last_error)
    row.save(update_fields=["state", "attempts", "next_attempt_at", "last_error", "resolved_at"])


def deadlines_sweep(
    *,
    today: dt.date | None = None,
    now: dt.datetime | None = None,
    seconds: float | None = None,
    batch: int | None = None,
) -> SweepReport:
    """Process due rows, batch after batch, until none is due or `seconds` have passed.

    `now` is fixed for the whole sweep, so a row put back for a retry is not claimed again
    by the same sweep."""
    today = today or local_today()
    now = now or timezone.now()
    limit = settings.DEADLINE_SWEEP_SECONDS if seconds is None else seconds
    started = time.monotonic()
    report = SweepReport()
    deferred: set[int] = set()
    while deadlines_sweep_batch(
        today=today, now=now, report=report, batch=batch, deferred=deferred
    ):
        if time.monotonic() - started >= limit:
            break
    # Rows left for a busy case stay pending: the next sweep takes them.
    report.deferred = len(deferred)
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
            if row.case_id:
                cases_next_due_refresh([row.case_id])
    return row
