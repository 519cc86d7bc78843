"""The queue's counts for the staff who see every case are the same statement for all of
them, built once a day by each process and run at each page (cases.selectors
`every_case_count_statement`, issue 25): what is kept is the question, never the answer.
Someone whose scope is narrower is never asked it."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.roles import Role, roles_of
from cases.selectors import QueueFilter, case_queue_count
from tests.factories import SuspensionCaseFactory, UserFactory
from workspace.landing import queue_counts

pytestmark = pytest.mark.django_db

TODAY = timezone.localdate()


def _overdue(n: int, **fields: object) -> list:  # type: ignore[type-arg]
    return [
        SuspensionCaseFactory(next_due_on=TODAY - dt.timedelta(days=3), **fields)
        for _ in range(n)
    ]


def test_the_kept_statement_counts_the_rows_there_are_now():
    clerk, mayor = UserFactory(role=Role.CLERK), UserFactory(role=Role.MAYOR)
    _overdue(2)
    assert queue_counts(clerk, today=TODAY).overdue == 2

    late = _overdue(3)
    type(late[0]).objects.filter(pk=late[0].pk).update(closed_at=timezone.now())

    # Another of the staff who see every case, asked after the statement was kept.
    assert queue_counts(mayor, today=TODAY).overdue == 4
    assert case_queue_count(user=clerk, filters=QueueFilter(urgency="overdue"), today=TODAY) == (
        4,
        False,
    )


def test_a_new_day_is_a_new_question():
    clerk = UserFactory(role=Role.CLERK)
    SuspensionCaseFactory(next_due_on=TODAY)
    assert queue_counts(clerk, today=TODAY).overdue == 0
    assert queue_counts(clerk, today=TODAY + dt.timedelta(days=1)).overdue == 1


def test_a_driver_counts_his_own_cases_after_the_staff_statement_was_kept():
    clerk = UserFactory(role=Role.CLERK)
    theirs = _overdue(3)
    mine = _overdue(1)[0]
    assert queue_counts(clerk, today=TODAY).overdue == 4
    driver = UserFactory(role=Role.DRIVER)
    type(mine.applicant).objects.filter(pk=mine.applicant_id).update(user=driver)

    assert queue_counts(driver, today=TODAY).overdue == 1
    assert theirs  # the others exist, and are not his


def test_the_statement_is_built_once_and_run_at_each_page(monkeypatch):
    clerk = UserFactory(role=Role.CLERK)
    _overdue(1)
    queue_counts(clerk, today=TODAY)

    def built_again(*lists: object) -> None:
        raise AssertionError("the kept statement was built again")

    monkeypatch.setattr("workspace.landing.count_statement", built_again)
    another = UserFactory(role=Role.CLERK)
    roles_of(another)  # his roles, read once a request by the middleware
    with CaptureQueriesContext(connection) as asked:
        counts = queue_counts(another, today=TODAY)
    assert counts.overdue == 1
    assert len(asked.captured_queries) == 1
