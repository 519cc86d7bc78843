"""DESIGN principle 4 when PostgreSQL drops a sweeper: its connection terminated by
`pg_terminate_backend` in the middle of a row rolls the whole batch back, and the next
sweep applies every row once."""

from __future__ import annotations

import psycopg
import pytest
from django.db import connection

from cases.models import AuditEvent, Deadline
from cases.tasks import sweep_deadlines
from tests.conftest import _database_url_for
from tests.faults.conftest import assert_each_once, due_rows, wait_until
from tests.faults.handlers import APPLIED

pytestmark = [pytest.mark.faults, pytest.mark.worker]

NAME = "faults-sweeper"


def _sweeper_backend() -> tuple[int, list[str]]:
    """The sweeper's backend, found by its application name, and the relations it holds
    row locks on (the claimed deadline rows and the case of the row it is in)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT a.pid, array_agg(DISTINCT c.relname::text) FROM pg_stat_activity a "
            "JOIN pg_locks l ON l.pid = a.pid AND l.granted "
            "JOIN pg_class c ON c.oid = l.relation "
            "WHERE a.application_name = %s AND a.state = 'idle in transaction' "
            "GROUP BY a.pid",
            [NAME],
        )
        [(pid, relations)] = cursor.fetchall()
    return pid, relations


def test_a_sweeper_whose_connection_is_terminated_mid_row_loses_nothing(worker_factory, markers):
    import datetime as dt

    from django.utils import timezone

    [slow] = due_rows(1, kind="faults.slow", due_on=timezone.localdate() - dt.timedelta(days=5))
    ids = [slow, *due_rows(20, per_case=4)]
    url = _database_url_for(connection.settings_dict) + f"?application_name={NAME}"
    worker = worker_factory("pgkill", database_url=url, FAULTS_PAUSE="before").start()
    first = sweep_deadlines.apply_async()
    wait_until(
        (markers / f"{slow}.applying").exists, timeout=60, what="slow row reached", log=worker.log
    )

    pid, relations = _sweeper_backend()
    assert {"cases_deadline", "cases_case"} <= set(relations)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
        assert cursor.fetchone() == (True,)
    (markers / f"{slow}.release").touch()  # the handler goes on, on a dead connection

    wait_until(
        lambda: f"[{first.id}] raised" in worker.log.read_text(),
        timeout=60,
        what="the sweep fails on its lost connection",
        log=worker.log,
    )
    assert not AuditEvent.objects.filter(transition=APPLIED).exists()
    rows = Deadline.objects.filter(pk__in=ids)
    # Not even the failure was recorded: the row is as it was, not one attempt spent.
    assert set(rows.values_list("state", "attempts")) == {(Deadline.State.PENDING, 0)}

    # The same worker, on a fresh connection, sweeps them all.
    sent = sweep_deadlines.apply_async()
    wait_until(
        lambda: worker.task_succeeded(sent.id), timeout=90, what="the next sweep", log=worker.log
    )
    assert_each_once(ids)
    with psycopg.connect(_database_url_for(connection.settings_dict)) as other:
        gone = other.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE pid = %s", [pid]
        ).fetchone()
    assert gone == (0,)
