"""The fiscal agent's own notices (/fiscalizacao/meus-autos/) are counted from the notices'
table alone, by its agent index, up to the cap (issue 25): read as cases of the violation
kind, the count joined each of an agent's 77,000 notices to its case (57 ms at a million
cases). The page shows what it showed: his notices, newest first, with their plates, and
how many there are."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.roles import Role
from tests.factories import UserFactory, ViolationNoticeFactory
from workspace import views

pytestmark = pytest.mark.django_db

PAGE = "/fiscalizacao/meus-autos/"


@pytest.fixture
def agent():
    return UserFactory(role=Role.FISCAL_AGENT)


@pytest.fixture
def notices(agent, monkeypatch) -> list:
    """Three notices of the agent, one an hour apart, newest last; pages of two."""
    monkeypatch.setattr(views, "PER_PAGE", 2)
    now = timezone.now()
    return [
        ViolationNoticeFactory(agent=agent, opened_at=now - dt.timedelta(hours=3 - i))
        for i in range(3)
    ]


def test_the_agent_sees_his_newest_notices_with_their_plates_and_how_many(client, agent, notices):
    ViolationNoticeFactory()  # another agent's
    client.force_login(agent)

    html = client.get(PAGE).content.decode()

    newest, second, oldest = notices[2], notices[1], notices[0]
    assert html.index(newest.number) < html.index(second.number)
    assert oldest.number not in html
    assert newest.vehicle.display_plate in html
    assert "1–2 de 3" in html


def test_the_count_reads_the_notices_table_alone_and_no_driver(client, agent, notices):
    client.force_login(agent)

    with CaptureQueriesContext(connection) as ctx:
        assert client.get(PAGE).status_code == 200

    sql = [q["sql"] for q in ctx.captured_queries]
    [count] = [s for s in sql if s.startswith("SELECT COUNT(*)")]
    assert 'FROM "workflows_violationnotice"' in count
    assert '"cases_case"' not in count
    # A row shows number, plate, state and day: not the holder the notice names.
    assert not any('"registers_driver"' in s for s in sql)
