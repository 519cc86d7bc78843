"""A read whose values decide its plan is planned for them at every run (issue 25).

PostgreSQL plans a prepared statement for its values in its first five runs, then may
keep a generic plan when its estimate looks no worse: one that cannot know how selective a
search pattern is, nor use a partial index whose condition a value states. Within
`core.db.custom_plans` the statements go unprepared — no transaction and no setting sent
— and the connection is as it was after the block."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.roles import Role
from cases.services.deadlines import _due_rows
from core.db import custom_plans
from notifications.selectors import letters_to_post_count
from tests.core.prepared import ONLY_POSTGRESQL, prepared
from tests.core.prepared import run as _run
from tests.factories import UserFactory

pytestmark = [pytest.mark.django_db, ONLY_POSTGRESQL]


def _prepared(fragment: str) -> list[tuple[str, int, int]]:
    return prepared(f"%{fragment}%")


def test_within_the_block_a_statement_run_many_times_is_never_prepared():
    statement = "SELECT %s::bigint + 920001"
    with custom_plans():
        for value in range(12):
            _run(statement, value)
    assert _prepared("920001") == []


def test_a_statement_prepared_before_the_block_is_not_run_prepared_within_it():
    statement = "SELECT %s::bigint + 920002"
    threshold = connection.connection.prepare_threshold if connection.connection else None
    for value in range(12):
        _run(statement, value)
    [(_, generic, custom)] = _prepared("920002")
    assert threshold is not None and generic + custom > 0
    with custom_plans():
        for value in range(3):
            _run(statement, value)
    assert [(g, c) for _, g, c in _prepared("920002")] == [(generic, custom)]


def test_the_block_sends_nothing_of_its_own_and_leaves_the_connection_as_it_was():
    connection.ensure_connection()
    threshold = connection.connection.prepare_threshold
    with CaptureQueriesContext(connection) as ctx, custom_plans():
        _run("SELECT %s::bigint + 920003", 1)
        assert connection.connection.prepare_threshold is None
    assert [q["sql"] for q in ctx.captured_queries] == ["SELECT 1::bigint + 920003"]
    assert connection.connection.prepare_threshold == threshold


def test_the_letters_waiting_are_counted_by_a_plan_for_their_channel_and_state():
    """`notification_to_post_idx` is partial (registered letters still queued): a generic
    plan, with the channel and the state as parameters, cannot read it."""
    clerk = UserFactory(role=Role.CLERK)
    for _ in range(12):
        assert letters_to_post_count(clerk) == (0, False)
    assert _prepared("notifications_notification") == []


def test_the_sweep_claims_its_due_rows_by_a_plan_for_their_state():
    """`deadline_pending_idx` is partial (pending rows): the sweep's claim, run at every
    batch, is planned for the state it asks (Art. 63's deadlines, cases.services.deadlines)."""
    today, now = timezone.localdate(), timezone.now()
    with transaction.atomic():
        for _ in range(12):
            assert _due_rows(today, now, batch=100) == []
    assert _prepared("cases_deadline") == []
