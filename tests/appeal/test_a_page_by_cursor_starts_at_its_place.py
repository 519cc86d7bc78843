"""A page of appeals after a cursor is read from the cursor's place in the index of the
cases' opening times (issue 25). The cursor's row comparison spans two tables — the case's
opening time, the appeal's own key — and PostgreSQL reads such a comparison as a filter
only; the opening time's bound, stated on its own as well, is what it reads as an index
range. Without it a page deep in the list walked every case newer than its cursor (0.7 s
at a million cases, with the first page at 24 ms)."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from core import paging
from tests.appeal.factories import filed_appeal
from tests.paging import next_href, next_link

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_20_april_2026")]


@pytest.fixture
def appeals(monkeypatch) -> list[int]:
    """Three appeals filed at the same moment (the id orders them), pages of two."""
    monkeypatch.setattr(paging, "PAGE_SIZE", 2)
    return sorted((filed_appeal().pk for _ in range(3)), reverse=True)


def _second_page(clerk_client, api: bool) -> str:
    if api:
        return next_link(clerk_client.get("/api/appeals/")) or ""
    query = next_href(clerk_client.get("/portal/recursos/").content.decode())
    return f"/portal/recursos/?{query}"


def _page_statement(client, url: str) -> str:  # type: ignore[no-untyped-def]
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    [sql] = [q["sql"] for q in ctx.captured_queries if 'FROM "appeal_appealcase"' in q["sql"]]
    return sql


def _plan(sql: str) -> str:
    """The plan PostgreSQL makes of `sql` where it may not read a whole table (the test's
    few rows would be read whole, index or not)."""
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute(f"EXPLAIN {sql}")
        return "\n".join(row[0] for row in cursor.fetchall())


@pytest.mark.parametrize("api", [False, True], ids=["page", "api"])
def test_the_page_after_a_cursor_is_an_index_range_of_opening_times(appeals, clerk_client, api):
    url = _second_page(clerk_client, api)
    assert "cursor=" in url

    sql = _page_statement(clerk_client, url)

    assert re.search(r'"cases_case"\."opened_at" <= ', sql)
    assert re.search(r"Index Cond: \([^\n]*opened_at <= ", _plan(sql))


@pytest.mark.parametrize("api", [False, True], ids=["page", "api"])
def test_the_bound_on_its_own_changes_no_row_of_the_page(appeals, clerk_client, api):
    """The three appeals share their opening time: the page after the first two is the
    third, found by the key within the time, not left out by the time's bound."""
    response = clerk_client.get(_second_page(clerk_client, api))
    if api:
        assert [row["id"] for row in response.json()] == appeals[2:]
    else:
        shown = re.findall(r'href="/recursos/(\d+)/"', response.content.decode())
        assert [int(pk) for pk in shown] == appeals[2:]
