"""The appeals staff and the commission read (Art. 63, Art. 52) pile up over the years:
the appeals page and `/api/appeals/` give them a page at a time, newest first, each page
linking to the next (issue 25), within the same scope as before."""

from __future__ import annotations

import re

import pytest
from rest_framework.test import APIClient

from core import paging
from tests.appeal.factories import filed_appeal
from tests.paging import hostile_cursors, hostile_pages, next_href, next_link
from workflows.appeal.selectors import appeals_visible_to

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_20_april_2026")]


@pytest.fixture
def appeals(monkeypatch):
    """Three appeals filed at the same moment (the id orders them), pages of two."""
    monkeypatch.setattr(paging, "PAGE_SIZE", 2)
    return sorted((filed_appeal().pk for _ in range(3)), reverse=True)


def _ids_on(html: str) -> list[int]:
    return [int(pk) for pk in re.findall(r'href="/recursos/(\d+)/"', html)]


def _walk_page(client) -> list[int]:  # type: ignore[no-untyped-def]
    seen, query = [], ""
    while query is not None:
        response = client.get(f"/portal/recursos/?{query}")
        assert response.status_code == 200
        html = response.content.decode()
        assert len(_ids_on(html)) <= 2
        seen += _ids_on(html)
        query = next_href(html)
    return seen


def _walk_api(user) -> list[int]:  # type: ignore[no-untyped-def]
    api = APIClient()
    api.force_authenticate(user)
    seen, url = [], "/api/appeals/"
    while url:
        response = api.get(url)
        assert response.status_code == 200
        assert len(response.json()) <= 2
        seen += [row["id"] for row in response.json()]
        url = next_link(response)
    return seen


def test_the_appeals_page_and_api_give_two_pages_of_three_appeals(appeals, client, clerk):
    client.force_login(clerk)
    assert _walk_page(client) == appeals
    assert _walk_api(clerk) == appeals


def test_the_commission_pages_through_the_appeals_it_judges_and_no_other(appeals, client, members):
    member = members[0]
    judged = list(appeals_visible_to(member).values_list("pk", flat=True))
    assert judged
    client.force_login(member)
    assert _walk_page(client) == judged
    assert _walk_api(member) == judged


@hostile_pages
def test_a_page_number_is_not_ours_and_the_first_page_comes(appeals, client, clerk, page):
    client.force_login(clerk)
    response = client.get("/portal/recursos/", {"page": page})
    assert response.status_code == 200
    assert _ids_on(response.content.decode()) == appeals[:2]
    api = APIClient()
    api.force_authenticate(clerk)
    answer = api.get("/api/appeals/", {"page": page})
    assert [row["id"] for row in answer.json()] == appeals[:2]


@hostile_cursors
def test_a_cursor_we_did_not_write_answers_400_never_500(appeals, client, clerk, cursor):
    client.force_login(clerk)
    response = client.get("/portal/recursos/", {"cursor": cursor})
    assert response.status_code == 400
    html = response.content.decode()
    assert "Cursor de página inválido" in html
    assert _ids_on(html) == appeals[:2]
    api = APIClient()
    api.force_authenticate(clerk)
    answer = api.get("/api/appeals/", {"cursor": cursor})
    assert answer.status_code == 400
    assert "Cursor de página inválido" in answer.content.decode()
