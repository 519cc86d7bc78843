"""The pages that grew with the data read by index (issue 25): the dashboard's deadlines
without the always-true scope, the files' case lists as a union of indexed lookups, a broad
search's drivers matched once, the LGPD read log searched by indexed keys and counted up to
a cap. Each test checks the statements' shape, which is what decides the plan at a million
cases, and that the page still shows what it showed."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import PersonalDataAccess
from accounts.roles import Role
from cases.models import Deadline
from tests.factories import DriverFactory, SuspensionCaseFactory, UserFactory
from workspace import dashboard, search

pytestmark = pytest.mark.django_db


def _deadline_statements(ctx: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in ctx.captured_queries if 'FROM "cases_deadline"' in q["sql"]]


def test_dashboard_deadlines_of_a_clerk_read_no_case_scope(clerk, authorization):
    """A clerk sees every case: the deadlines' filter "of a visible case or of none" is
    always true for him, and at 200,000 cases it made PostgreSQL rescan every case id for
    each deadline (issue 25: 138 s at a million)."""
    case = SuspensionCaseFactory(authorization=authorization)
    today = timezone.localdate()
    Deadline.objects.create(
        case=case,
        kind="x",
        label="Prazo do processo",
        due_on=today + dt.timedelta(days=3),
        counting="calendar_days",
        article="Art. 24",
    )
    Deadline.objects.create(
        authorization=authorization,
        kind="y",
        label="Prazo do termo",
        due_on=today + dt.timedelta(days=4),
        counting="calendar_days",
        article="Art. 24",
    )
    period = dashboard.Period.last_months(today)
    with CaptureQueriesContext(connection) as ctx:
        table = dashboard.deadlines_table(clerk, today, period).materialized()
    assert [row[2] for row in table.rows] == ["Prazo do processo", "Prazo do termo"]
    statements = _deadline_statements(ctx)
    assert statements
    assert all(" IN (SELECT" not in sql and "IS NULL" not in sql for sql in statements)


def test_dashboard_deadlines_of_a_restricted_role_unite_two_lookups(authorization):
    """A role that does not see every case gets the deadlines of his cases united with
    those of no case (an authorization's): never an OR of the two."""
    member = UserFactory(role=Role.COMMISSION_MEMBER)
    today = timezone.localdate()
    Deadline.objects.create(
        authorization=authorization,
        kind="y",
        label="Prazo do termo",
        due_on=today + dt.timedelta(days=4),
        counting="calendar_days",
        article="Art. 24",
    )
    with CaptureQueriesContext(connection) as ctx:
        table = dashboard.deadlines_table(
            member, today, dashboard.Period.last_months(today)
        ).materialized()
    assert [row[2] for row in table.rows] == ["Prazo do termo"]
    statements = _deadline_statements(ctx)
    assert statements
    assert all(
        "UNION" in sql and 'OR "cases_deadline"."case_id" IS NULL' not in sql for sql in statements
    )


def test_driver_file_finds_its_cases_by_a_union_of_indexed_lookups(client, clerk, authorization):
    """The file's case list united one indexed lookup per relation (applicant, Termo,
    notice's offender) instead of ORing the three, which walked every case (issue 25)."""
    case = SuspensionCaseFactory(authorization=authorization)
    client.force_login(clerk)
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(f"/taxistas/{authorization.holder_id}/")
    assert response.status_code == 200
    assert case.number in response.content.decode()
    statements = [q["sql"] for q in ctx.captured_queries]
    assert any("UNION" in sql and '"applicant_id" =' in sql for sql in statements)
    assert not any('"applicant_id" =' in sql and " OR " in sql for sql in statements)


def test_a_broad_name_is_never_matched_over_the_whole_register(client, clerk, monkeypatch):
    """A name matching more drivers than a list handed on holds (issue 25: "condutor 12",
    20,000 drivers at a million cases) ran the trigram match over every driver, then again
    in every later step. Now every statement that matches names stops at a limit: the
    probe that finds the name broad, the register hits, the page walked (LIMIT)."""
    monkeypatch.setattr(search, "FEW", 2)
    for i in range(5):
        DriverFactory(name=f"Condutor Amplo {i}")
    client.force_login(clerk)
    with CaptureQueriesContext(connection) as ctx:
        response = client.get("/api/search/", {"q": "condutor amplo", "status": "all"})
    assert response.status_code == 200
    name_matches = ('name_key\"::text LIKE', 'ws_wordparts("registers_driver"."name_key") @>')
    matching = [
        q["sql"] for q in ctx.captured_queries if any(m in q["sql"] for m in name_matches)
    ]
    assert len(matching) >= 3, matching
    assert all(" LIMIT " in sql for sql in matching), matching


@pytest.fixture
def admin_client(client):
    client.force_login(UserFactory(username="raiz", is_superuser=True, is_staff=True))
    return client


def _log_rows(n: int, authorization) -> list[PersonalDataAccess]:  # type: ignore[no-untyped-def]
    reader = UserFactory(username="leitora", role=Role.CLERK)
    case = SuspensionCaseFactory(authorization=authorization)
    return [
        PersonalDataAccess.objects.create(
            user=reader, driver=authorization.holder, case=case, channel="page", path=f"/x/{i}"
        )
        for i in range(n)
    ]


def test_lgpd_read_log_is_searched_by_cpf_case_number_or_user(admin_client, authorization):
    """LGPD Art. 37: the administrator finds who read a driver's data by the driver's
    CPF, the case's number or the reader's user name: each an indexed key (issue 25)."""
    rows = _log_rows(2, authorization)
    url = "/admin/accounts/personaldataaccess/"
    cpf = authorization.holder.cpf
    for q in (cpf, f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}", rows[0].case.number, "leitora"):
        with CaptureQueriesContext(connection) as ctx:
            response = admin_client.get(url, {"q": q})
        assert response.status_code == 200
        assert "/x/0" in response.content.decode(), q
        assert not any("LIKE" in c["sql"] for c in ctx.captured_queries), q
    response = admin_client.get(url, {"q": authorization.holder.name.split()[0]})
    assert "/x/0" not in response.content.decode()


def test_lgpd_read_log_counts_up_to_a_cap(admin_client, authorization, monkeypatch):
    """The log grows with every page read: its count stops at a cap instead of counting
    the whole table at each request (issue 25: 44 s at a million cases)."""
    from accounts import admin as accounts_admin

    monkeypatch.setattr(accounts_admin, "READ_LOG_COUNT_CAP", 3)
    _log_rows(5, authorization)
    with CaptureQueriesContext(connection) as ctx:
        response = admin_client.get("/admin/accounts/personaldataaccess/")
    assert response.status_code == 200
    counts = [q["sql"] for q in ctx.captured_queries if "COUNT(" in q["sql"]]
    assert counts and all("LIMIT 3" in sql for sql in counts)
