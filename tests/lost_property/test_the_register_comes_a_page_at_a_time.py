"""The lost-property register (Art. 37 XVIII) grows with the years: its page and its API
give it a page at a time, newest first, each page linking to the next (issue 25)."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from core import paging
from tests.municipal_factories import LostItemFactory
from tests.paging import (
    Listing,
    RefusesHostilePageParameters,
    RefusesHostilePageSizes,
    api_ids,
    in_pages_of,
    next_href,
    next_link,
    walk_api,
    walk_pages,
)

pytestmark = pytest.mark.django_db


def _ids_on(html: str) -> list[int]:
    return [int(pk) for pk in re.findall(r'href="/achados/(\d+)/"', html)]


REGISTER = Listing(path="/achados/", rows_on=_ids_on, api="/api/lost-items/")


@pytest.fixture
def register(monkeypatch) -> list[int]:
    """Five objects, two found on the same day (the id orders them), pages of two: their
    ids, newest first."""
    monkeypatch.setattr(paging, "PAGE_SIZE", 2)
    days = [dt.date(2026, 3, d) for d in (2, 5, 5, 3, 9)]
    items = [LostItemFactory(found_on=day, due_on=day) for day in days]
    return [i.pk for i in sorted(items, key=lambda i: (i.found_on, i.pk), reverse=True)]


def test_the_register_page_shows_a_page_and_links_to_the_next_until_the_end(
    register, clerk_client
):
    assert walk_pages(clerk_client, REGISTER) == in_pages_of(2, register)


def test_the_register_page_keeps_its_status_filter_across_pages(register, clerk_client):
    first = clerk_client.get("/achados/?situacao=reported").content.decode()
    assert "situacao=reported" in next_href(first)


def test_the_register_api_gives_a_page_and_the_next_in_its_link_header(
    register, clerk_client
):
    assert walk_api(clerk_client, "/api/lost-items/") == in_pages_of(2, register)
    bigger = clerk_client.get("/api/lost-items/?page_size=4")
    assert api_ids(bigger) == register[:4]
    assert next_link(bigger)


class TestParametersItDidNotWrite(RefusesHostilePageParameters, RefusesHostilePageSizes):
    """A `?page=`, a cursor or a page size the register never wrote: its first page, or 400."""

    listing = REGISTER

    @pytest.fixture
    def first_page(self, register):
        return register[:2]
