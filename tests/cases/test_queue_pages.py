"""The clerks' queue at scale: served by indexes, paged by cursor, counted without a scan.

Open cases are listed by their nearest pending deadline (none last), then by age. The
next due date and the kind's overdue flag are columns of the case, kept by the services
that change the deadline rows or the case (DESIGN principle 4 rows, Art. 18's expired IM).
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from cases import selectors
from cases.models import Case, Deadline
from cases.selectors import QueueFilter, case_queue
from cases.services.deadlines import (
    deadline_fix,
    deadline_handler,
    deadline_retry,
    deadlines_cancel,
    deadlines_sweep,
)
from law import deadlines as law_deadlines
from registers.models import Driver
from tests.factories import SuspensionCaseFactory
from tests.paging import next_href, next_link

pytestmark = pytest.mark.django_db

TODAY = timezone.localdate()


@deadline_handler("test.queue")
def _fail(case: Case | None, deadline: Deadline, today: dt.date) -> bool:
    raise RuntimeError("falha de teste")


def _due(case: Case, days: int) -> Deadline:
    return deadline_fix(
        rule=law_deadlines.SUSPENSION_ON_REQUEST, case=case, kind="test.queue", label="t",
        due_on=TODAY + dt.timedelta(days=days),
    )


def _next_due(case: Case) -> dt.date | None:
    return Case.objects.get(pk=case.pk).next_due_on


def test_the_case_carries_its_next_due_date_through_set_cancel_and_sweep(settings):
    settings.DEADLINE_RETRY_LIMIT = 1
    case = SuspensionCaseFactory()
    later = _due(case, 10)
    assert _next_due(case) == later.due_on
    sooner = _due(case, -2)
    assert _next_due(case) == sooner.due_on
    # The sweeper resolves the earlier one (here it fails for good): the later one is next.
    assert deadlines_sweep(today=TODAY).failed == 1
    assert _next_due(case) == later.due_on
    # A clerk puts the failed row back: it is the next again.
    deadline_retry(deadline=sooner)
    assert _next_due(case) == sooner.due_on
    deadlines_cancel(case=case)
    assert _next_due(case) is None


def _api_pages(client, query: str) -> tuple[list[str], list[int]]:
    numbers: list[str] = []
    queries: list[int] = []
    url: str | None = f"/api/cases/?{query}"
    while url:
        with CaptureQueriesContext(connection) as ctx:
            response = client.get(url)
        assert response.status_code == 200
        queries.append(len(ctx.captured_queries))
        numbers += [row["number"] for row in response.json()]
        url = next_link(response)
    return numbers, queries


def _queue(count: int) -> list[Case]:
    """Cases due in N, N-1 … 2 days, and one without a deadline (last in the queue)."""
    cases = [SuspensionCaseFactory() for _ in range(count)]
    for offset, case in enumerate(cases[:-1]):
        _due(case, count - offset)
    return cases


def test_the_api_pages_the_queue_by_cursor_in_deadline_order(client, clerk):
    cases = _queue(7)
    client.force_login(clerk)
    numbers, queries = _api_pages(client, "page_size=3")
    expected = [c.number for c in reversed(cases[:-1])] + [cases[-1].number]
    assert numbers == expected
    # The same number of queries on every page, whatever its size.
    assert len(set(queries)) == 1
    # A first page that holds the whole list is its own count: one statement fewer.
    _, one_page = _api_pages(client, "page_size=200")
    assert one_page == [queries[0] - 1]


def test_a_first_page_holding_the_whole_list_counts_its_rows_without_a_count(client, clerk):
    _queue(3)
    client.force_login(clerk)
    # Due in 3 and 2 days, and one without a deadline (not due this week).
    for query, found in (("", 3), ("urgency=week", 2), ("kind=suspension", 3)):
        with CaptureQueriesContext(connection) as ctx:
            response = client.get(f"/api/cases/?{query}")
        assert len(response.json()) == found
        assert response.headers["X-Total-Count"] == str(found)
        assert not any("COUNT(" in q["sql"] for q in ctx.captured_queries), query
    # A page that does not hold it all asks for the count.
    with CaptureQueriesContext(connection) as ctx:
        response = client.get("/api/cases/?page_size=2")
    assert response.headers["X-Total-Count"] == "3"
    assert any("COUNT(" in q["sql"] for q in ctx.captured_queries)


def test_the_queue_page_links_to_the_next_page(client, clerk, monkeypatch):
    cases = _queue(3)
    client.force_login(clerk)
    monkeypatch.setattr(selectors, "QUEUE_PAGE_SIZE", 2)
    first = client.get("/processos/").content.decode()
    assert cases[1].number in first and cases[-1].number not in first
    link = next_href(first)
    assert link is not None
    second = client.get(f"/processos/?{link}").content.decode()
    assert cases[-1].number in second and cases[1].number not in second
    assert 'rel="next"' not in second


def test_a_page_costs_the_same_queries_whatever_its_size_including_closed(client, clerk):
    for _ in range(12):
        _due(SuspensionCaseFactory(), 5)
    client.force_login(clerk)
    for query in ("", "kind=suspension", "urgency=overdue", "urgency=week", "closed=1"):
        counts = []
        for size in (2, 11):  # pages that hold part of the list: each asks for the count
            with CaptureQueriesContext(connection) as ctx:
                rows = client.get(f"/api/cases/?{query}&page_size={size}").json()
            assert len(rows) == (size if query != "urgency=overdue" else 0)
            counts.append(len(ctx.captured_queries))
        assert counts[0] == counts[1], query


def test_the_count_stops_at_the_cap_and_says_more(client, clerk, monkeypatch):
    _queue(4)
    client.force_login(clerk)
    assert client.get("/api/cases/").headers["X-Total-Count"] == "4"
    monkeypatch.setattr(selectors, "COUNT_CAP", 3)
    response = client.get("/api/cases/")
    assert (response.headers["X-Total-Count"], response.headers["X-Total-Count-Capped"]) == (
        "3",
        "true",
    )


def test_a_cursor_not_written_by_the_server_is_refused_with_400(client, clerk):
    client.force_login(clerk)
    response = client.get("/api/cases/?cursor=bm90LWEtY3Vyc29y")
    assert response.status_code == 400
    assert "Cursor de página inválido" in response.content.decode()
    assert client.get("/processos/?cursor=%%%").status_code == 400


def test_overdue_is_past_the_next_due_date_or_held_by_the_kinds_rule(clerk):
    late, soon, none = SuspensionCaseFactory(), SuspensionCaseFactory(), SuspensionCaseFactory()
    _due(late, -1)
    _due(soon, 3)
    Case.objects.filter(pk=none.pk).update(overdue_by_rule=True)
    overdue = case_queue(user=clerk, filters=QueueFilter(urgency="overdue"), today=TODAY)
    assert [c.pk for c in overdue] == [late.pk, none.pk]
    page = selectors.case_queue_page(
        user=clerk, filters=QueueFilter(urgency="overdue"), today=TODAY, size=1
    )
    assert [c.pk for c in page.rows] == [late.pk]
    rest = selectors.case_queue_page(
        user=clerk, filters=QueueFilter(urgency="overdue"), today=TODAY, size=1,
        cursor=page.next_cursor or "",
    )
    assert ([c.pk for c in rest.rows], rest.next_cursor) == ([none.pk], None)


def _plan(sql: str, params: tuple) -> str:
    with connection.cursor() as cursor:
        # A few test rows: PostgreSQL would rightly read the table. Forbid that, so the
        # plan shows whether an index can serve the query's filter and order.
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("SET LOCAL enable_bitmapscan = off")
        cursor.execute("EXPLAIN " + sql, params)
        return "\n".join(row[0] for row in cursor.fetchall())


@pytest.mark.parametrize(
    ("filters", "index"),
    [
        (QueueFilter(), "case_queue_idx"),
        (QueueFilter(kind="suspension"), "case_queue_kind_idx"),
        (QueueFilter(state="filed"), "case_queue_state_idx"),
        (QueueFilter(assignee="me"), "case_queue_assignee_idx"),
        (QueueFilter(assignee="none"), "case_queue_unassigned_idx"),
    ],
)
def test_each_filter_of_the_queue_is_served_by_an_index_in_its_order(clerk, filters, index):
    _queue(3)
    if filters.assignee != "none":
        Case.objects.update(assignee=clerk)
    rows = case_queue(user=clerk, filters=filters, today=TODAY)
    first = selectors.case_queue_page(user=clerk, filters=filters, today=TODAY, size=1)
    for query in (rows, _after(rows, first.next_cursor)):
        sql, params = query[:50].query.sql_with_params()
        plan = _plan(sql, params)
        # The filter's own index, or (on a handful of rows, as the statistics of the moment
        # say) another partial index of the queue already in the list's order: never a sort.
        assert index in plan or "case_queue" in plan, plan
        assert "Index" in plan and "Sort" not in plan, plan


def _after(rows, cursor: str | None):  # type: ignore[no-untyped-def]
    """The query of the page after `cursor`, as `case_queue_page` builds it."""
    from django.db.models import F
    from django.db.models.lookups import GreaterThan

    from cases.models import queue_due_key

    values = selectors.Cursor.decode(cursor or "", *selectors._QUEUE_CURSOR).values
    return rows.filter(
        GreaterThan(
            selectors._row(queue_due_key(), F("opened_at"), F("id")), selectors._row(*values)
        )
    )


def test_the_public_verification_finds_an_im_number_through_an_index():
    from registers.models import MunicipalRegistration

    query = MunicipalRegistration.objects.filter(number__iexact="im-2026/00001")
    sql, params = query.query.sql_with_params()
    assert "registration_number_upper_idx" in _plan(sql, params)


def test_a_queue_row_shows_its_case_with_every_value_escaped(client, clerk):
    hostile = SuspensionCaseFactory()
    Driver.objects.filter(pk=hostile.applicant_id).update(
        name='<script>alert("x")</script> & Cia'
    )
    _due(hostile, -1)
    held = SuspensionCaseFactory()
    Case.objects.filter(pk=held.pk).update(overdue_by_rule=True)
    client.force_login(clerk)
    page = client.get("/processos/").content.decode()
    rows = {
        number: row
        for row in re.findall(r"<tr>.*?</tr>", page, re.S)
        for number in (hostile.number, held.number)
        if f">{number}</a>" in row
    }
    assert "<script>" not in page
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Cia" in rows[hostile.number]
    due = (TODAY - dt.timedelta(days=1)).strftime("%d/%m/%Y")
    assert f'<span class="overdue">{due}</span> <span class="overdue">vencido</span>' in (
        rows[hostile.number]
    )
    # Held overdue by its kind's rule with no pending deadline: no date, still overdue.
    assert '<td>— <span class="overdue">vencido</span></td>' in rows[held.number]
    assert f'href="/processos/{held.pk}/"' in rows[held.number]
