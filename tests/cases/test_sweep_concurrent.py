"""DESIGN principle 4: any number of sweepers (workers and the beat) run at once, and
each due row is processed exactly once — with real commits on PostgreSQL, each sweeper on
its own connection."""

from __future__ import annotations

import datetime as dt
import threading
from collections import Counter

import psycopg
import pytest
from django.db import connection

from cases.models import Case, Deadline
from cases.services.deadlines import deadline_fix, deadline_handler, deadlines_sweep
from law import deadlines as law_deadlines
from tests.factories import SuspensionCaseFactory

TODAY = dt.date(2026, 4, 1)
seen: list[int] = []
seen_lock = threading.Lock()


@deadline_handler("test.concurrent")
def _record(case: Case | None, deadline: Deadline, today: dt.date) -> bool:
    # A real write on the case, so a second processing of the row would show.
    assert case is not None
    Case.objects.filter(pk=case.pk).update(assignee=None)
    with seen_lock:
        seen.append(deadline.pk)
    return True


def _rows(cases: int, per_case: int) -> list[int]:
    ids = []
    for _ in range(cases):
        case = SuspensionCaseFactory()
        for i in range(per_case):
            ids.append(
                deadline_fix(
                    rule=law_deadlines.SUSPENSION_ON_REQUEST, case=case,
                    kind="test.concurrent", label="t",
                    due_on=dt.date(2026, 3, 1) + dt.timedelta(days=i),
                ).pk
            )
    return ids


@pytest.mark.django_db(transaction=True)
def test_three_sweepers_in_small_batches_process_each_row_once():
    seen.clear()
    ids = _rows(cases=30, per_case=4)
    barrier = threading.Barrier(3)
    reports = []

    def sweeper() -> None:
        try:
            barrier.wait(timeout=10)
            report = deadlines_sweep(today=TODAY, batch=7, seconds=60)
            while report.deferred:  # rows left while another sweeper held their case
                reports.append(report)
                report = deadlines_sweep(today=TODAY, batch=7, seconds=60)
            reports.append(report)
        finally:
            connection.close()

    threads = [threading.Thread(target=sweeper) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert Counter(seen) == Counter(ids)  # every row, none twice
    assert sum(r.applied for r in reports) == len(ids)
    assert set(Deadline.objects.values_list("state", flat=True)) == {Deadline.State.DONE}
    assert set(Case.objects.values_list("next_due_on", flat=True)) == {None}


@pytest.mark.django_db(transaction=True)
def test_a_row_whose_case_another_transaction_holds_waits_for_a_later_sweep():
    seen.clear()
    busy, free = SuspensionCaseFactory(), SuspensionCaseFactory()
    held_row, free_row = (
        deadline_fix(rule=law_deadlines.SUSPENSION_ON_REQUEST, case=c, kind="test.concurrent",
                     label="t", due_on=dt.date(2026, 3, 1))
        for c in (busy, free)
    )
    settings = connection.settings_dict
    other = psycopg.connect(
        dbname=settings["NAME"], user=settings["USER"], host=settings["HOST"],
        port=settings["PORT"] or 5432, password=settings["PASSWORD"] or None,
    )
    try:
        other.execute("SELECT 1 FROM cases_case WHERE id = %s FOR UPDATE", [busy.pk])
        report = deadlines_sweep(today=TODAY)
        assert (report.applied, report.deferred, report.retried, report.failed) == (1, 1, 0, 0)
        held_row.refresh_from_db()
        assert (held_row.state, held_row.attempts) == (Deadline.State.PENDING, 0)
    finally:
        other.rollback()
        other.close()
    assert deadlines_sweep(today=TODAY).applied == 1
    assert sorted(seen) == sorted([free_row.pk, held_row.pk])
