"""A page that reads by ids plans each of its statements once per connection (issue 25).

PostgreSQL plans a prepared statement for its parameters in its first five runs, and
psycopg prepares a statement at its fifth: a statement a connection ran fewer than ten
times was planned at every run. The case page and its API read only by ids, whose plan is
the same whatever the ids, so within `core.db.generic_plans` a statement is prepared at its
first run and planned once. The block is one transaction and leaves the connection as it
found it."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from core.db import custom_plans, generic_plans
from tests.core.prepared import ONLY_POSTGRESQL, prepared
from tests.core.prepared import run as _run
from tests.factories import SuspensionCaseFactory

pytestmark = [pytest.mark.django_db, ONLY_POSTGRESQL]


def _plans(statement_start: str) -> tuple[int, int] | None:
    """(generic, custom) plans of the prepared statement that starts so, if prepared."""
    rows = prepared(statement_start.replace("%s", "$1") + "%")
    return (rows[0][1], rows[0][2]) if rows else None


def test_within_the_block_a_statement_is_prepared_at_once_and_planned_once():
    statement = "SELECT %s::bigint + 910001"
    with generic_plans():
        for value in (1, 2, 3):
            _run(statement, value)
    assert _plans(statement) == (3, 0)


def test_outside_it_the_first_runs_are_planned_each_time():
    statement = "SELECT %s::bigint + 910002"
    for value in (1, 2, 3):
        _run(statement, value)
    assert _plans(statement) is None  # not yet prepared: planned at each run


def test_a_block_within_a_custom_plans_block_leaves_the_outer_mode():
    # The search's values decide its plan: a read by ids inside it does not override that.
    statement = "SELECT %s::bigint + 910003"
    with custom_plans(), generic_plans():
        for value in (1, 2, 3):
            _run(statement, value)
    assert _plans(statement) is None  # never prepared: planned for each value


@pytest.mark.django_db(transaction=True)
def test_after_the_block_the_connection_is_as_it_was():
    connection.ensure_connection()
    threshold = connection.connection.prepare_threshold
    with generic_plans():
        assert connection.connection.prepare_threshold == 0
    assert connection.connection.prepare_threshold == threshold
    with connection.cursor() as cursor:
        cursor.execute("SHOW plan_cache_mode")
        assert cursor.fetchone() == ("auto",)


@pytest.mark.parametrize("path", ["/processos/{}/", "/api/cases/{}/"])
def test_the_case_page_and_api_read_the_case_row_with_one_plan(clerk_client, path):
    first, second = SuspensionCaseFactory(), SuspensionCaseFactory()
    with CaptureQueriesContext(connection) as ctx:
        assert clerk_client.get(path.format(first.pk)).status_code == 200
    statements = [q["sql"] for q in ctx.captured_queries]
    (row,) = [s for s in statements if s.startswith('SELECT "cases_case"."id"')]
    assert sum("plan_cache_mode" in s for s in statements) == 1
    assert clerk_client.get(path.format(second.pk)).status_code == 200
    # The second case of the kind: its row's statement already prepared, no plan again.
    assert _plans(row.split(" WHERE ")[0]) == (2, 0)
