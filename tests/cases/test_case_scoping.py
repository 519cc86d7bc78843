"""DESIGN principle 7: a driver sees only their own cases; decided in one place for all."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.roles import Role
from cases.selectors import cases_visible_to
from tests.factories import AuthorizationFactory, SuspensionCaseFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_drivers_cases():
    mine, theirs = AuthorizationFactory(), AuthorizationFactory()
    return (
        SuspensionCaseFactory(authorization=mine),
        SuspensionCaseFactory(authorization=theirs),
    )


def test_a_driver_sees_only_their_own_cases(two_drivers_cases):
    mine, theirs = two_drivers_cases
    assert [c.pk for c in cases_visible_to(mine.applicant.user)] == [mine.pk]


@pytest.mark.parametrize("role", [Role.CLERK, Role.MAYOR, Role.FISCAL_AGENT, Role.ADMINISTRATOR])
def test_staff_see_every_case(two_drivers_cases, role):
    assert {c.pk for c in cases_visible_to(UserFactory(role=role))} == {
        c.pk for c in two_drivers_cases
    }


def test_the_commission_sees_no_request_cases(two_drivers_cases):
    assert list(cases_visible_to(UserFactory(role=Role.COMMISSION_MEMBER))) == []


def test_a_user_without_role_sees_nothing(two_drivers_cases):
    assert list(cases_visible_to(UserFactory())) == []


def test_pages_and_api_apply_the_same_scope(client, two_drivers_cases):
    mine, theirs = two_drivers_cases
    client.force_login(mine.applicant.user)
    assert client.get(f"/processos/{mine.pk}/").status_code == 200
    assert client.get(f"/processos/{theirs.pk}/").status_code == 404
    assert client.get(f"/api/cases/{mine.pk}/").status_code == 200
    assert client.get(f"/api/cases/{theirs.pk}/").status_code == 404
    assert [c["id"] for c in client.get("/api/cases/").json()] == [mine.pk]
    assert client.post(f"/processos/{theirs.pk}/acao/withdraw/").status_code == 404


def test_the_queue_costs_the_same_queries_for_3_or_30_cases(client, clerk):
    def queries_for_queue() -> int:
        client.force_login(clerk)
        with CaptureQueriesContext(connection) as ctx:
            assert client.get("/api/cases/").status_code == 200
        return len(ctx.captured_queries)

    for _ in range(3):
        SuspensionCaseFactory()
    few = queries_for_queue()
    for _ in range(27):
        SuspensionCaseFactory()
    assert queries_for_queue() == few


def test_overdue_renewals_cost_no_query_per_row_in_the_queue(client, clerk):
    """Art. 18: a renewal whose IM expired is flagged overdue, computed in the list's query."""
    from tests.renewal.factories import RenewalCaseFactory

    def overdue_flags() -> tuple[int, list[bool]]:
        client.force_login(clerk)
        with CaptureQueriesContext(connection) as ctx:
            rows = client.get("/api/cases/?kind=renewal").json()
        return len(ctx.captured_queries), [row["overdue"] for row in rows]

    RenewalCaseFactory(expired=True)
    few, flags = overdue_flags()
    assert flags == [True]
    for _ in range(5):
        RenewalCaseFactory(filed=True, registration__status="expired")
    many, flags = overdue_flags()
    assert (many, flags) == (few, [True] * 6)
