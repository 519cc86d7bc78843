"""The sweep benchmark: due suspension ends (Art. 24), seeded in SQL, swept by worker
processes through the application's code or by a plain SQL loop doing the same writes.

Run by `bench/run.py`; a worker is `python -m bench.sweep worker --mode app|sql --today D`:
it sets Django up, prints "ready", waits for a line on stdin, sweeps until nothing is due,
and prints a JSON line with the rows it processed (and, with --count, its statements).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
import time

SWEEP_TODAY = dt.date(2000, 1, 10)  # before every deadline of the queue's seed
ENDED_ON = SWEEP_TODAY - dt.timedelta(days=5)


def seed_due_suspensions(count: int, first_authorization: int) -> list[int]:
    """`count` suspensions in effect whose last day has passed, each on its own (now
    suspended) authorization, with their pending `suspension.end` rows."""
    from django.db import connection

    from bench.seed import _literal, insert_select
    from cases.models import Case, Deadline
    from workflows.suspension.models import SuspensionCase

    now = dt.datetime.combine(SWEEP_TODAY, dt.time(1), tzinfo=dt.UTC)
    with connection.cursor() as cursor:
        cursor.execute("SELECT coalesce(max(id), 0) FROM cases_case")
        base = cursor.fetchone()[0]
    source = f"generate_series({base + 1}, {base + count}) AS g"
    auth = f"g - {base} + {first_authorization - 1}"
    insert_select(
        Case,
        source,
        {
            "id": "g",
            "number": "'S' || g",
            "year": "1999",
            "sequence": "g",
            "kind": "'suspension'",
            "state": "'in_effect'",
            "applicant_id": auth,
            "authorization_id": auth,
            "filed_by_id": "NULL",
            "assignee_id": "NULL",
            "opened_at": _literal(now),
            "closed_at": "NULL",
            "updated_at": _literal(now),
            "next_due_on": _literal(ENDED_ON),
            "overdue_by_rule": "FALSE",
        },
        now,
    )
    insert_select(
        SuspensionCase,
        source,
        {
            "case_ptr_id": "g",
            "ground": "'IV'",
            "requested_days": "30",
            "start_on": _literal(ENDED_ON - dt.timedelta(days=29)),
            "end_on": _literal(ENDED_ON),
        },
        now,
        local_only=True,
    )
    insert_select(
        Deadline,
        source,
        {
            "case_id": "g",
            "authorization_id": "NULL",
            "kind": "'suspension.end'",
            "label": "'Fim da suspensão'",
            "due_on": _literal(ENDED_ON),
            "counting": "'calendar_days'",
            "article": "'Art. 24'",
            "state": "'pending'",
            "attempts": "0",
            "next_attempt_at": "NULL",
            "last_error": "''",
            "created_at": _literal(now),
            "resolved_at": "NULL",
        },
        now,
    )
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE registers_authorization SET status = 'suspended' WHERE id BETWEEN %s AND %s",
            [first_authorization, first_authorization + count - 1],
        )
        cursor.execute(
            "SELECT setval(pg_get_serial_sequence('cases_case', 'id'), %s)", [base + count]
        )
        cursor.execute("ANALYZE cases_case; ANALYZE cases_deadline")
    return list(range(base + 1, base + count + 1))


def _sweep_app(today: dt.date) -> int:
    from cases.services.deadlines import deadlines_sweep

    return deadlines_sweep(today=today, seconds=3600).processed


# The same writes as the application's path for one row, with nothing else: the
# database's own cost of a suspension's end. Rows are claimed and committed in the
# application's batches (settings.DEADLINE_SWEEP_BATCH rows a transaction, issue 25): a
# loop committing each row would pay a commit the application does not.
_SQL_CLAIM = """SELECT d.id, d.case_id, c.authorization_id FROM cases_deadline d
       JOIN cases_case c ON c.id = d.case_id
       WHERE d.state = 'pending' AND d.due_on < %(today)s
         AND (d.next_attempt_at IS NULL OR d.next_attempt_at <= now())
       ORDER BY d.due_on, d.id LIMIT %(batch)s FOR UPDATE OF d SKIP LOCKED"""
_SQL_STEPS = (
    "SELECT c.state, s.end_on FROM cases_case c JOIN workflows_suspensioncase s "
    "ON s.case_ptr_id = c.id WHERE c.id = %(case)s FOR UPDATE",
    "UPDATE cases_case SET state = 'ended', closed_at = now(), updated_at = now(), "
    "overdue_by_rule = FALSE WHERE id = %(case)s",
    "INSERT INTO cases_auditevent (case_id, at, from_state, to_state, transition, article, "
    "note, data) VALUES (%(case)s, now(), 'in_effect', 'ended', 'end', 'Art. 24', "
    "'Prazo da suspensão encerrado.', '{}')",
    "SELECT status FROM registers_authorization WHERE id = %(auth)s FOR UPDATE",
    "SELECT EXISTS (SELECT 1 FROM workflows_penaltyperiod WHERE authorization_id = %(auth)s "
    "AND ended_on IS NULL)",
    "UPDATE registers_authorization SET status = 'active' WHERE id = %(auth)s",
    "INSERT INTO cases_auditevent (case_id, at, from_state, to_state, transition, article, "
    "note, data) VALUES (%(case)s, now(), 'ended', 'ended', 'authorization_reactivated', "
    "'Art. 24', '', '{}')",
    "UPDATE cases_deadline SET state = 'done', resolved_at = now() WHERE id = %(row)s",
    "UPDATE cases_case SET next_due_on = (SELECT min(due_on) FROM cases_deadline "
    "WHERE case_id = %(case)s AND state = 'pending') WHERE id = %(case)s",
)


def _sweep_sql(today: dt.date) -> int:
    import psycopg
    from django.conf import settings as django_settings
    from django.db import connection

    batch = django_settings.DEADLINE_SWEEP_BATCH
    settings = connection.settings_dict
    processed = 0
    with psycopg.connect(
        dbname=settings["NAME"],
        user=settings["USER"],
        host=settings["HOST"],
        port=settings["PORT"] or 5432,
        password=settings["PASSWORD"] or None,
    ) as conn:
        while True:
            with conn.transaction():
                claimed = conn.execute(_SQL_CLAIM, {"today": today, "batch": batch}).fetchall()
                for row, case, auth in claimed:
                    params = {"row": row, "case": case, "auth": auth, "today": today}
                    for step in _SQL_STEPS:
                        conn.execute(step, params)
            processed += len(claimed)
            if not claimed:
                break
    return processed


def worker(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", choices=["app", "sql"], required=True)
    parser.add_argument("--today", default=SWEEP_TODAY.isoformat())
    parser.add_argument("--count", action="store_true", help="count the statements")
    args = parser.parse_args(argv)
    import django

    django.setup()
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    import workflows.suspension.services  # noqa: F401 — the suspension end's handler

    today = dt.date.fromisoformat(args.today)
    connection.ensure_connection()
    print("ready", flush=True)
    sys.stdin.readline()
    started = time.perf_counter()
    statements = None
    if args.count:
        with CaptureQueriesContext(connection) as ctx:
            processed = _sweep_app(today)
        statements = len(ctx.captured_queries)
    elif args.mode == "app":
        processed = _sweep_app(today)
    else:
        processed = _sweep_sql(today)
    print(
        json.dumps(
            {
                "processed": processed,
                "seconds": time.perf_counter() - started,
                "statements": statements,
            }
        ),
        flush=True,
    )
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["worker"]:
        sys.exit(worker(sys.argv[2:]))
    sys.exit("usage: python -m bench.sweep worker --mode app|sql")
