"""DESIGN principle 4 under kill -9: a worker killed in the middle of a sweep, before its
batch commits or after it, loses no deadline and applies none twice (Art. 24's return of a
suspended taxi and every other expiry ride on this)."""

from __future__ import annotations

import pytest

from cases.models import AuditEvent, Deadline
from cases.tasks import sweep_deadlines
from tests.faults.conftest import assert_each_once, due_rows, wait_until
from tests.faults.handlers import APPLIED

pytestmark = [pytest.mark.faults, pytest.mark.worker]


def _rows() -> tuple[int, list[int]]:
    """One slow row due first, so it is in the first batch, and others after it."""
    import datetime as dt

    from django.utils import timezone

    today = timezone.localdate()
    [slow] = due_rows(1, kind="faults.slow", due_on=today - dt.timedelta(days=5))
    return slow, [slow, *due_rows(30, per_case=3)]


def test_killed_before_its_commit_the_rows_are_swept_once_by_the_next_worker(
    worker_factory, markers
):
    slow, ids = _rows()
    worker = worker_factory("before", FAULTS_PAUSE="before", DEADLINE_SWEEP_BATCH="10").start()
    sweep_deadlines.apply_async()
    wait_until(
        (markers / f"{slow}.applying").exists, timeout=60, what="slow row reached", log=worker.log
    )
    # Mid-row: the handler wrote its event, but nothing of the batch is visible outside.
    assert not AuditEvent.objects.filter(transition=APPLIED).exists()
    assert Deadline.objects.get(pk=slow).state == Deadline.State.PENDING

    worker.kill9()
    # PostgreSQL rolls the dead worker's transaction back and frees its row locks.
    assert not AuditEvent.objects.filter(transition=APPLIED).exists()
    assert set(Deadline.objects.filter(pk__in=ids).values_list("state", flat=True)) == {
        Deadline.State.PENDING
    }

    worker.start()
    sent = sweep_deadlines.apply_async()
    wait_until(
        lambda: worker.task_succeeded(sent.id),
        timeout=90,
        what="sweep after restart",
        log=worker.log,
    )
    assert_each_once(ids)


def test_killed_after_its_commit_nothing_is_applied_again(worker_factory, markers):
    slow, ids = _rows()
    worker = worker_factory("after", FAULTS_PAUSE="after", DEADLINE_SWEEP_BATCH="10").start()
    sweep_deadlines.apply_async()
    wait_until(
        (markers / f"{slow}.committed").exists, timeout=60, what="batch committed", log=worker.log
    )
    # The first batch (the slow row and nine others) is committed; the task has not returned.
    done = set(Deadline.objects.filter(state=Deadline.State.DONE).values_list("pk", flat=True))
    assert slow in done and len(done) == 10

    worker.kill9()
    worker.start()
    sent = sweep_deadlines.apply_async()
    wait_until(
        lambda: worker.task_succeeded(sent.id),
        timeout=90,
        what="sweep after restart",
        log=worker.log,
    )
    assert_each_once(ids)
