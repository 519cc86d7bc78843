"""DESIGN principle 4 at scale: what one swept row costs the database.

A suspension's end (Art. 24) is a real system transition: the case ends and the
authorization is reactivated. The sweeper claims rows in batches, locks each case once and
writes only the changed columns, so the statements per row stay a small constant.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cases.models import Deadline
from cases.services.deadlines import deadlines_sweep
from cases.services.transitions import case_act
from registers.models import Authorization
from tests.factories import AuthorizationFactory, UserFactory
from workflows.suspension.services import suspension_approve, suspension_file

pytestmark = pytest.mark.django_db

APPROVED_ON = dt.date(2026, 3, 2)
DAY_AFTER_END = dt.date(2026, 4, 1)  # 30 days from 2 March end on 31 March


def _suspensions_in_effect(count: int, clerk, mayor) -> list[int]:
    ids = []
    for _ in range(count):
        driver = AuthorizationFactory().holder
        case = suspension_file(actor=driver.user, driver=driver, ground="IV", days=30)
        case_act(case=case, action="accept", actor=clerk)
        ids.append(suspension_approve(case=case, actor=mayor, today=APPROVED_ON).pk)
    return ids


def _sweep_statements(count: int, clerk, mayor) -> tuple[int, list[str]]:
    _suspensions_in_effect(count, clerk, mayor)
    with CaptureQueriesContext(connection) as ctx:
        report = deadlines_sweep(today=DAY_AFTER_END, batch=100)
    assert report.applied == count
    Deadline.objects.filter(state=Deadline.State.DONE).delete()
    return len(ctx.captured_queries), [q["sql"] for q in ctx.captured_queries]


def test_art_24_a_suspension_end_swept_by_its_row_handler_costs_a_constant_number_of_statements(
    clerk, mayor, settings
):
    settings.DEADLINE_SWEEP_SETS = False
    few, _ = _sweep_statements(3, clerk, mayor)
    many, sql = _sweep_statements(9, clerk, mayor)
    per_row = (many - few) / 6
    # The row's savepoint and its release; the case locked once, its authorization read
    # along; the case's changed columns and the end's audit row; the authorization locked,
    # checked for holds, locked again by the reactivation, updated, and its audit row. The
    # claim and the rows' outcome are written once per batch.
    assert per_row == int(per_row), sql
    assert per_row <= 10, "\n".join(sql)
    per_batch = [s for s in sql if 'FROM "cases_deadline"' in s and "SKIP LOCKED" in s]
    assert len(per_batch) == 2  # one batch claimed, and the claim that finds none left


def test_art_24_suspensions_ending_in_one_batch_cost_the_same_statements_however_many(
    clerk, mayor
):
    """Set-based (the default): the batch's ends, events and reactivations are a few
    statements for the whole batch, not a few per row."""
    few, _ = _sweep_statements(3, clerk, mayor)
    many, sql = _sweep_statements(9, clerk, mayor)
    assert many == few, "\n".join(sql)
    # The claim; the set's savepoint, its cases locked, their transition and its events;
    # the authorizations locked, checked for holds, reactivated and their events; the
    # rows' outcome and the next due dates; the claim that finds none left; the batches'
    # savepoints.
    assert many <= 17, "\n".join(sql)


@pytest.mark.parametrize("count", [1, 3])  # the row handler, and a set
def test_art_24_the_sweep_writes_only_the_columns_the_end_changed(clerk, mayor, count):
    case_id, *_ = _suspensions_in_effect(count, clerk, mayor)
    with CaptureQueriesContext(connection) as ctx:
        deadlines_sweep(today=DAY_AFTER_END)
    updates = [q["sql"] for q in ctx.captured_queries if q["sql"].startswith('UPDATE "cases_case"')]
    transition_update = next(s for s in updates if '"state"' in s)
    assert '"number"' not in transition_update and '"opened_at"' not in transition_update
    assert Authorization.objects.get(cases=case_id).status == Authorization.Status.ACTIVE


@pytest.fixture
def mayor():
    from accounts.roles import Role

    return UserFactory(role=Role.MAYOR, username="mayor")

