"""Each role lands where its work is (issue 10 point 3)."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.roles import Role
from cases.models import Deadline
from cases.services.deadlines import cases_next_due_refresh
from tests.appeal.factories import filed_appeal
from tests.factories import (
    SuspensionCaseFactory,
    UserFactory,
    ViolationNoticeFactory,
)
from workflows.suspension.models import SuspensionState
from workspace.landing import cases_awaiting, cases_awaiting_page, states_awaiting

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("role", "landing"),
    [
        (Role.CLERK, "/processos/"),
        (Role.MAYOR, "/decisoes/"),
        (Role.COMMISSION_MEMBER, "/comissao/"),
        (Role.FISCAL_AGENT, "/fiscalizacao/autos/novo/"),
        (Role.ADMINISTRATOR, "/painel/"),
        (Role.DRIVER, "/portal/"),
    ],
)
def test_each_role_lands_where_its_work_is(client, role, landing):
    client.force_login(UserFactory(role=role))
    response = client.get("/")
    assert response.status_code == 302
    assert response["Location"] == landing
    assert client.get(landing).status_code == 200


def test_anonymous_visitor_sees_the_home_page(client):
    assert client.get("/").status_code == 200


def test_mayor_states_come_from_the_workflow_tables():
    # The suspension's mayoral edges (Art. 24) leave these two states, and no other.
    assert states_awaiting(Role.MAYOR)["suspension"] == {
        SuspensionState.AWAITING_DECISION,
        SuspensionState.EXTENSION_REQUESTED,
    }
    assert "appeal" not in states_awaiting(Role.MAYOR)  # the commission decides appeals


def test_mayor_sees_what_awaits_a_decision(client, mayor):
    waiting = SuspensionCaseFactory(awaiting_decision=True)
    filed = SuspensionCaseFactory()  # still with the clerk
    client.force_login(mayor)
    body = client.get("/decisoes/").content.decode()
    assert waiting.number in body
    assert filed.number not in body
    assert "1–1 de 1" in body


def test_mayors_pages_merge_the_kinds_and_states_oldest_first(mayor):
    # Given waiting suspensions in both mayoral states, opened on interleaved days, and
    # one still with the clerk
    start = timezone.now() - dt.timedelta(days=30)
    states = [SuspensionState.AWAITING_DECISION, SuspensionState.EXTENSION_REQUESTED] * 3
    waiting = [
        SuspensionCaseFactory(state=state, opened_at=start + dt.timedelta(days=i))
        for i, state in enumerate(states)
    ]
    SuspensionCaseFactory(opened_at=start)
    # When the mayor's list is read two at a time
    pages = [cases_awaiting_page(mayor, Role.MAYOR, number=n, per_page=2) for n in (1, 2, 3)]
    # Then the pages hold, in order, what the one query of the rule lists
    assert [c.pk for p in pages for c in p.rows] == [c.pk for c in waiting]
    assert [c.pk for c in cases_awaiting(mayor, Role.MAYOR)] == [c.pk for c in waiting]
    assert [(p.number, p.total, p.capped) for p in pages] == [(n, 6, False) for n in (1, 2, 3)]
    # and a page costs the same few queries: keys, count, the page's cases
    with CaptureQueriesContext(connection) as queries:
        cases_awaiting_page(mayor, Role.MAYOR, number=1, per_page=2)
    assert len([q for q in queries if q["sql"].startswith(("SELECT", "("))]) == 3


def test_decisions_page_is_the_mayors(client, clerk):
    client.force_login(clerk)
    assert client.get("/decisoes/").status_code == 403


def test_commission_sees_its_appeals_and_the_notice_behind_each(client):
    with time_machine.travel(dt.datetime(2026, 4, 20, 10, tzinfo=ZoneInfo("America/Sao_Paulo"))):
        appeal = filed_appeal()
    other_notice = ViolationNoticeFactory()  # never appealed
    member = UserFactory(role=Role.COMMISSION_MEMBER)
    client.force_login(member)
    body = client.get("/comissao/").content.decode()
    assert appeal.number in body and appeal.notice.number in body
    # Issue 10: the member got a 404 on the notice being judged.
    assert client.get(f"/processos/{appeal.notice_id}/").status_code == 200
    assert client.get(f"/processos/{other_notice.pk}/").status_code == 404


def test_the_commission_page_marks_the_awaiting_appeals_of_the_page_it_shows(client, monkeypatch):
    """Each row of the page shown says whether it awaits the commission, asked of that
    page's rows: the first thousand awaiting appeals, read whole, left a later page's rows
    unmarked and cost a third of the page at a million cases (issue 25)."""
    from workspace import views

    monkeypatch.setattr(views, "PER_PAGE", 1)
    with time_machine.travel(dt.datetime(2026, 4, 20, 10, tzinfo=ZoneInfo("America/Sao_Paulo"))):
        older, newer = filed_appeal(), filed_appeal()
    client.force_login(UserFactory(role=Role.COMMISSION_MEMBER))
    with CaptureQueriesContext(connection) as ctx:
        body = client.get("/comissao/?page=2").content.decode()
    assert newer.number in body and older.number not in body
    assert "aguarda a Comissão" in body
    [awaiting] = [q["sql"] for q in ctx.captured_queries if "'voting'" in q["sql"]]
    assert f'"cases_case"."id" IN ({newer.pk})' in awaiting
    assert "LIMIT" not in awaiting


def test_commission_page_is_the_commissions(client, clerk):
    client.force_login(clerk)
    assert client.get("/comissao/").status_code == 403


def test_clerk_queue_shows_overdue_week_and_failed_counts(client, clerk):
    today = timezone.localdate()
    late = SuspensionCaseFactory()
    Deadline.objects.create(
        case=late, kind="x", label="x", due_on=today - dt.timedelta(days=2),
        counting="calendar_days", article="Art. 1",
    )
    soon = SuspensionCaseFactory()
    Deadline.objects.create(
        case=soon, kind="x", label="x", due_on=today + dt.timedelta(days=3),
        counting="calendar_days", article="Art. 1",
    )
    Deadline.objects.create(
        case=SuspensionCaseFactory(), kind="x", label="x", due_on=today + dt.timedelta(days=40),
        counting="calendar_days", article="Art. 1", state=Deadline.State.FAILED,
    )
    # Rows written here by hand: the engine's writers keep the case's next due date.
    cases_next_due_refresh(Deadline.objects.values_list("case_id", flat=True))
    client.force_login(clerk)
    body = client.get("/processos/").content.decode()
    assert "<strong>1</strong> vencidos" in body
    # Due within 7 days includes what is already overdue (the queue's own filter).
    assert "<strong>2</strong> vencem em 7 dias" in body
    assert "<strong>1</strong> com prazo em falha" in body


def test_fiscal_agent_sees_their_own_notices(client):
    agent = UserFactory(role=Role.FISCAL_AGENT)
    mine = ViolationNoticeFactory(agent=agent)
    someone_elses = ViolationNoticeFactory()
    client.force_login(agent)
    body = client.get("/fiscalizacao/meus-autos/").content.decode()
    assert mine.number in body and someone_elses.number not in body
    phone_page = client.get("/fiscalizacao/autos/novo/").content.decode()
    assert 'href="/fiscalizacao/meus-autos/"' in phone_page
    client.force_login(UserFactory(role=Role.CLERK))
    assert client.get("/fiscalizacao/meus-autos/").status_code == 403


def test_queue_links_to_closed_cases_and_its_state_is_a_choice(client, clerk):
    client.force_login(clerk)
    body = client.get("/processos/").content.decode()
    assert 'href="/busca/?status=closed"' in body
    assert '<select name="state"' in body and '<option value="awaiting_decision">' in body
