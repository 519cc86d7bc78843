"""The notices a clerk may read are every notice the municipality sent: "my notices" and
`/api/notifications/` give them a page at a time, newest first, each page linking to the
next (issue 25), for staff and driver alike."""

from __future__ import annotations

import datetime as dt
import re
from zoneinfo import ZoneInfo

import pytest
from rest_framework.test import APIClient

from core import paging
from notifications.models import Notification
from tests.factories import ViolationNoticeFactory
from tests.paging import hostile_cursors, hostile_pages, next_href, next_link

pytestmark = pytest.mark.django_db

SP = ZoneInfo("America/Sao_Paulo")


@pytest.fixture
def notices(monkeypatch):
    """Five e-mails about one notice, two written at the same moment (the id orders them),
    pages of two."""
    monkeypatch.setattr(paging, "PAGE_SIZE", 2)
    case = ViolationNoticeFactory()
    rows = []
    for n, hour in enumerate((9, 14, 14, 11, 16)):
        row = Notification.objects.create(
            case=case,
            recipient=case.applicant,
            address="taxista@example.org",
            channel=Notification.Channel.EMAIL,
            template="violation_notice",
            subject=f"Aviso {n}",
            body="Texto",
        )
        written = dt.datetime(2026, 3, 2, hour, tzinfo=SP)
        Notification.objects.filter(pk=row.pk).update(created_at=written)
        rows.append((written, row.pk))
    return [pk for _, pk in sorted(rows, reverse=True)]


def _subjects(html: str) -> list[str]:
    return re.findall(r"<strong><span lang=\"pt-BR\">(Aviso \d)</span>", html)


def _ids_by_subject(html: str) -> list[int]:
    subjects = _subjects(html)
    by_subject = dict(Notification.objects.values_list("subject", "pk"))
    return [by_subject[s] for s in subjects]


def test_my_notices_shows_a_page_and_links_to_the_next_until_the_end(notices, client, clerk):
    client.force_login(clerk)
    seen, query, pages = [], "", 0
    while query is not None:
        response = client.get(f"/portal/notificacoes/?{query}")
        assert response.status_code == 200
        html = response.content.decode()
        assert html.count('data-testid="notice"') <= 2
        seen += _ids_by_subject(html)
        query, pages = next_href(html), pages + 1
    assert seen == notices
    assert pages == 3


def test_the_notifications_api_gives_a_page_and_the_next_in_its_link_header(notices, clerk):
    api = APIClient()
    api.force_authenticate(clerk)
    seen, url = [], "/api/notifications/"
    while url:
        response = api.get(url)
        assert response.status_code == 200
        assert len(response.json()) <= 2
        seen += [row["id"] for row in response.json()]
        url = next_link(response)
    assert seen == notices


def test_the_driver_pages_his_own_notices_the_same_way(notices, client):
    driver = Notification.objects.get(pk=notices[0]).recipient.user
    client.force_login(driver)
    first = client.get("/portal/notificacoes/").content.decode()
    assert _ids_by_subject(first) == notices[:2]
    assert next_href(first)


@hostile_pages
def test_a_page_number_is_not_ours_and_the_first_page_comes(notices, client, clerk, page):
    client.force_login(clerk)
    response = client.get("/portal/notificacoes/", {"page": page})
    assert response.status_code == 200
    assert _ids_by_subject(response.content.decode()) == notices[:2]
    api = APIClient()
    api.force_authenticate(clerk)
    answer = api.get("/api/notifications/", {"page": page})
    assert [row["id"] for row in answer.json()] == notices[:2]


@hostile_cursors
def test_a_cursor_we_did_not_write_answers_400_never_500(notices, client, clerk, cursor):
    client.force_login(clerk)
    response = client.get("/portal/notificacoes/", {"cursor": cursor})
    assert response.status_code == 400
    html = response.content.decode()
    assert "Cursor de página inválido" in html
    assert _ids_by_subject(html) == notices[:2]
    api = APIClient()
    api.force_authenticate(clerk)
    answer = api.get("/api/notifications/", {"cursor": cursor})
    assert answer.status_code == 400
    assert "Cursor de página inválido" in answer.content.decode()
