"""The appeal commission's lists at scale (issue 25): at a million cases it judges a sixth of
them, and its scope as the rule — an OR over the kinds and the appeals' notices — made
each of its lists walk the whole table. Its statements name the stored column its own
indexes hold; a kind's list asks no scope where the kind answers it (all of the appeals,
none of the applications); a register row is in scope by an indexed probe, not by every
case before the commission. Each test checks the statements' shape, which decides the
plan at a million cases, and what the commission gets."""

from __future__ import annotations

from zoneinfo import ZoneInfo

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cases.policy import authorizations_in_scope, drivers_in_scope, vehicles_in_scope
from cases.selectors import within_visible_cases
from tests.application.factories import ApplicationCaseFactory
from workflows.appeal.models import AppealCase
from workflows.application.models import ApplicationCase

pytestmark = pytest.mark.django_db

SP = ZoneInfo("America/Sao_Paulo")


def _statements(ctx: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in ctx.captured_queries if 'FROM "cases_case"' in q["sql"]]


@pytest.mark.parametrize(
    "path", ["/api/cases/", "/api/cases/?state=review", "/api/cases/?closed=1", "/processos/"]
)
def test_the_commissions_lists_read_the_stored_column_not_the_rule(client, appeal, member, path):
    client.force_login(member)
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(path)
    assert response.status_code == 200
    assert appeal.number in response.content.decode()
    statements = _statements(ctx)
    assert statements
    assert all('"before_commission"' in sql for sql in statements)
    assert not any("appeal_appealcase" in sql for sql in statements)


def test_the_appeals_are_all_the_commissions_with_no_scope_read(appeal, member):
    rows = within_visible_cases(AppealCase.objects.all(), member, case="pk")
    assert " WHERE " not in str(rows.query)
    assert list(rows) == [appeal]


def test_the_applications_are_none_of_the_commissions_without_a_read(member):
    ApplicationCaseFactory()
    with CaptureQueriesContext(connection) as ctx:
        rows = list(within_visible_cases(ApplicationCase.objects.all(), member, case="pk"))
    assert rows == []
    assert not any("case" in q["sql"] for q in ctx.captured_queries)


@pytest.mark.parametrize("in_scope", [drivers_in_scope, vehicles_in_scope, authorizations_in_scope])
def test_a_register_row_is_the_commissions_by_an_exists_probe(appeal, member, in_scope):
    rows = in_scope(member)
    sql = str(rows.query)
    assert "EXISTS" in sql and " IN (SELECT" not in sql
    assert len(list(rows)) == 1
