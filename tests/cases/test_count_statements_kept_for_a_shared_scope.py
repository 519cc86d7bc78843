"""The queue's counts for those who share a scope — the staff who see every case, the
appeal commission's members (Art. 52) — are the same statement for all of them, built once
a day by each process and run at each page (cases.selectors `shared_count_statement`,
issue 25): what is kept is the question, never the answer. Someone whose scope names him
(a driver, a member who is also a party) is never asked another's."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.roles import Role, roles_of
from accounts.services import user_grant_role
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


@pytest.mark.parametrize("role", [Role.CLERK, Role.COMMISSION_MEMBER])
def test_the_statement_is_built_once_and_run_at_each_page(monkeypatch, role):
    first = UserFactory(role=role)
    case = _overdue(1)[0]
    type(case).objects.filter(pk=case.pk).update(before_commission=True)
    queue_counts(first, today=TODAY)

    def built_again(*lists: object) -> None:
        raise AssertionError("the kept statement was built again")

    monkeypatch.setattr("workspace.landing.count_statement", built_again)
    another = UserFactory(role=role)
    roles_of(another)  # his roles, read once a request by the middleware
    with CaptureQueriesContext(connection) as asked:
        counts = queue_counts(another, today=TODAY)
    assert counts.overdue == 1
    assert len(asked.captured_queries) == 1


def test_the_commission_counts_the_cases_before_it_art_52():
    member = UserFactory(role=Role.COMMISSION_MEMBER)
    judged = _overdue(2)
    _overdue(3)  # not before the commission
    type(judged[0]).objects.filter(pk__in=[c.pk for c in judged]).update(before_commission=True)
    assert queue_counts(member, today=TODAY).overdue == 2

    late = _overdue(1)[0]
    type(late).objects.filter(pk=late.pk).update(before_commission=True)
    another = UserFactory(role=Role.COMMISSION_MEMBER)
    assert queue_counts(another, today=TODAY).overdue == 3
    # The clerk's statement, kept beside the commission's, is not theirs.
    assert queue_counts(UserFactory(role=Role.CLERK), today=TODAY).overdue == 6


def test_a_member_who_is_also_a_party_counts_his_own_cases_too():
    member = UserFactory(role=Role.COMMISSION_MEMBER)
    judged = _overdue(1)[0]
    type(judged).objects.filter(pk=judged.pk).update(before_commission=True)
    assert queue_counts(member, today=TODAY).overdue == 1

    party = UserFactory(role=Role.COMMISSION_MEMBER)
    user_grant_role(user=party, role=Role.DRIVER)
    mine = _overdue(1)[0]
    type(mine.applicant).objects.filter(pk=mine.applicant_id).update(user=party)

    assert queue_counts(party, today=TODAY).overdue == 2
    assert queue_counts(member, today=TODAY).overdue == 1
