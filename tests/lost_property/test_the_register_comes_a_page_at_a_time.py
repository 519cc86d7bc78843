"""The lost-property register (Art. 37 XVIII) grows with the years: its page and its API
give it a page at a time, newest first, each page linking to the next (issue 25)."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from rest_framework.test import APIClient

from core import paging
from tests.municipal_factories import LostItemFactory
from tests.paging import hostile_cursors, hostile_pages, next_href, next_link

pytestmark = pytest.mark.django_db


@pytest.fixture
def register(monkeypatch):
    """Five objects, two found on the same day (the id orders them), pages of two."""
    monkeypatch.setattr(paging, "PAGE_SIZE", 2)
    days = [dt.date(2026, 3, d) for d in (2, 5, 5, 3, 9)]
    items = [LostItemFactory(found_on=day, due_on=day) for day in days]
    return sorted(items, key=lambda i: (i.found_on, i.pk), reverse=True)


def _ids_on(html: str) -> list[int]:
    return [int(pk) for pk in re.findall(r'href="/achados/(\d+)/"', html)]


def test_the_register_page_shows_a_page_and_links_to_the_next_until_the_end(
    register, client, clerk
):
    client.force_login(clerk)
    seen, query, pages = [], "", 0
    while query is not None:
        response = client.get(f"/achados/?{query}")
        assert response.status_code == 200
        html = response.content.decode()
        assert len(_ids_on(html)) <= 2
        seen += _ids_on(html)
        query, pages = next_href(html), pages + 1
    assert seen == [i.pk for i in register]
    assert pages == 3


def test_the_register_page_keeps_its_status_filter_across_pages(register, client, clerk):
    client.force_login(clerk)
    first = client.get("/achados/?situacao=reported").content.decode()
    assert "situacao=reported" in next_href(first)


def test_the_register_api_gives_a_page_and_the_next_in_its_link_header(register, clerk):
    api = APIClient()
    api.force_authenticate(clerk)
    seen, url = [], "/api/lost-items/"
    while url:
        response = api.get(url)
        assert response.status_code == 200
        assert len(response.json()) <= 2
        seen += [row["id"] for row in response.json()]
        url = next_link(response)
    assert seen == [i.pk for i in register]
    bigger = api.get("/api/lost-items/?page_size=4")
    assert [row["id"] for row in bigger.json()] == [i.pk for i in register[:4]]
    assert next_link(bigger)


@hostile_pages
def test_a_page_number_is_not_ours_and_the_first_page_comes(register, client, clerk, page):
    client.force_login(clerk)
    response = client.get("/achados/", {"page": page})
    assert response.status_code == 200
    assert _ids_on(response.content.decode()) == [i.pk for i in register[:2]]
    api = APIClient()
    api.force_authenticate(clerk)
    answer = api.get("/api/lost-items/", {"page": page})
    assert [row["id"] for row in answer.json()] == [i.pk for i in register[:2]]


@hostile_cursors
def test_a_cursor_we_did_not_write_answers_400_never_500(register, client, clerk, cursor):
    client.force_login(clerk)
    response = client.get("/achados/", {"cursor": cursor})
    assert response.status_code == 400
    html = response.content.decode()
    assert "Cursor de página inválido" in html
    assert _ids_on(html) == [i.pk for i in register[:2]]
    api = APIClient()
    api.force_authenticate(clerk)
    answer = api.get("/api/lost-items/", {"cursor": cursor})
    assert answer.status_code == 400
    assert "Cursor de página inválido" in answer.content.decode()
    assert api.get("/api/lost-items/", {"page_size": "0"}).status_code == 400
