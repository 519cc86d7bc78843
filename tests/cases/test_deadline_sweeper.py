"""DESIGN principle 4: deadlines are rows; the sweeper applies each exactly once."""

from __future__ import annotations

import datetime as dt
import threading
from zoneinfo import ZoneInfo

import pytest
from django.db import connection
from django.test import override_settings

from cases.models import Case, Deadline
from cases.services.deadlines import deadline_handler, deadline_retry, deadlines_sweep
from tests.factories import SuspensionCaseFactory

SP = ZoneInfo("America/Sao_Paulo")
NOW = dt.datetime(2026, 4, 1, 0, 5, tzinfo=SP)
calls: list[int] = []


@deadline_handler("test.record")
def _record(case: Case, deadline: Deadline, today: dt.date) -> bool:
    calls.append(deadline.pk)
    return True


@deadline_handler("test.explode")
def _explode(case: Case, deadline: Deadline, today: dt.date) -> bool:
    Case.objects.filter(pk=case.pk).update(assignee=None)  # a write that must be undone
    raise ConnectionError("registry service unavailable")


def _row(kind: str, due_on: dt.date, case=None) -> Deadline:
    return Deadline.objects.create(
        case=case or SuspensionCaseFactory(),
        kind=kind,
        label="teste",
        due_on=due_on,
        counting=Deadline.Counting.FIXED_DATE,
        article="Art. 24",
    )


@pytest.fixture(autouse=True)
def _reset_calls():
    calls.clear()


@pytest.mark.django_db
def test_a_deadline_is_due_only_after_its_last_day_ends():
    row = _row("test.record", dt.date(2026, 3, 31))
    assert deadlines_sweep(today=dt.date(2026, 3, 31), now=NOW).processed == 0
    assert deadlines_sweep(today=dt.date(2026, 4, 1), now=NOW).applied == 1
    row.refresh_from_db()
    assert (row.state, calls) == (Deadline.State.DONE, [row.pk])


@pytest.mark.django_db
@override_settings(DEADLINE_RETRY_LIMIT=3, DEADLINE_RETRY_BASE_SECONDS=60)
def test_a_failing_row_is_retried_with_backoff_then_failed_and_visible():
    row = _row("test.explode", dt.date(2026, 3, 1))
    report = deadlines_sweep(today=dt.date(2026, 4, 1), now=NOW)
    row.refresh_from_db()
    assert (report.retried, row.state, row.attempts) == (1, Deadline.State.PENDING, 1)
    assert row.next_attempt_at == NOW + dt.timedelta(seconds=60)
    assert "registry service unavailable" in row.last_error
    # Not retried before its backoff ends
    assert deadlines_sweep(today=dt.date(2026, 4, 1), now=NOW).processed == 0
    later = NOW + dt.timedelta(seconds=61)
    deadlines_sweep(today=dt.date(2026, 4, 1), now=later)
    row.refresh_from_db()
    assert (row.attempts, row.next_attempt_at) == (2, later + dt.timedelta(seconds=120))
    deadlines_sweep(today=dt.date(2026, 4, 1), now=later + dt.timedelta(seconds=121))
    row.refresh_from_db()
    assert (row.state, row.attempts) == (Deadline.State.FAILED, 3)
    # A clerk puts it back in the sweep
    deadline_retry(deadline=row)
    row.refresh_from_db()
    assert (row.state, row.attempts, row.next_attempt_at) == (Deadline.State.PENDING, 0, None)


@pytest.mark.django_db
def test_a_failing_row_does_not_block_the_others():
    bad = _row("test.explode", dt.date(2026, 3, 1))
    good = _row("test.record", dt.date(2026, 3, 2))
    report = deadlines_sweep(today=dt.date(2026, 4, 1), now=NOW)
    assert (report.retried, report.applied, calls) == (1, 1, [good.pk])
    bad.refresh_from_db()
    assert bad.state == Deadline.State.PENDING


@pytest.mark.django_db
def test_cancelled_and_done_rows_are_never_swept():
    for state in (Deadline.State.CANCELLED, Deadline.State.DONE, Deadline.State.FAILED):
        row = _row("test.record", dt.date(2026, 3, 1))
        Deadline.objects.filter(pk=row.pk).update(state=state)
    assert deadlines_sweep(today=dt.date(2026, 4, 1), now=NOW).processed == 0


def _race(rows_case) -> tuple[list[Deadline], list]:
    rows = [
        _row("test.record", dt.date(2026, 3, 1) + dt.timedelta(days=i % 20), rows_case(i))
        for i in range(60)
    ]
    barrier = threading.Barrier(2)
    reports = []

    def sweeper():
        try:
            barrier.wait(timeout=10)
            reports.append(deadlines_sweep(today=dt.date(2026, 4, 1), now=NOW))
        finally:
            connection.close()

    threads = [threading.Thread(target=sweeper) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return rows, reports


@pytest.mark.django_db(transaction=True)
def test_two_sweepers_racing_process_each_row_exactly_once():
    rows, reports = _race(lambda i: SuspensionCaseFactory())
    assert sorted(calls) == sorted(r.pk for r in rows)
    assert sum(r.applied for r in reports) == 60
    assert set(Deadline.objects.values_list("state", flat=True)) == {Deadline.State.DONE}


@pytest.mark.django_db(transaction=True)
def test_rows_of_a_case_the_other_sweeper_holds_wait_for_the_next_sweep_never_twice():
    case = SuspensionCaseFactory()
    rows, reports = _race(lambda i: case)
    # What one sweeper found locked by the other stays pending for the next sweep.
    left = Deadline.objects.filter(state=Deadline.State.PENDING).count()
    assert left <= sum(r.deferred for r in reports)
    follow_up = deadlines_sweep(today=dt.date(2026, 4, 1), now=NOW)
    assert follow_up.applied == left
    assert sum(r.applied for r in reports) + follow_up.applied == 60
    assert sorted(calls) == sorted(r.pk for r in rows)
    assert set(Deadline.objects.values_list("state", flat=True)) == {Deadline.State.DONE}
