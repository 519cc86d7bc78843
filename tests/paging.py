"""Walking a list page by page, as a browser or an API client does (core.paging), and the
page parameters a hostile or careless client sends.

A test module describes its list once (`Listing`: the page, its API, how to read the rows
on one page) and keeps what is its own: the rows it builds and what it asserts about them.
The walk (`walk_pages`, `walk_api`) and the tests of hostile parameters (the classes a
module's own test class inherits) are the same for every list, and live here.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

import pytest

from core.paging import PAGE_MAX

_Row = TypeVar("_Row")

# `?page=` is not a parameter of ours: whatever it says, the first page comes.
HOSTILE_PAGES = ["0", "-1", "1e999", "99999999999999999999", "abc", ""]


def _cursor(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


# Cursors this code never wrote: each answers 400 with what to do, never 500.
HOSTILE_CURSORS = [
    "abc",
    "0",
    "-1",
    "%%%",
    _cursor("9999-99-99|1"),
    _cursor("2026-03-02|99999999999999999999"),
    _cursor("2026-03-02T10:00:00|1"),  # a moment without its offset
    _cursor("2026-03-02T10:00:00-03:00|1|2"),
    _cursor("1e999|abc"),
]

# The API's `?page_size=` runs from 1 to PAGE_MAX: any other answers 400.
HOSTILE_PAGE_SIZES = ["0", "-1", str(PAGE_MAX + 1), "1e999", "99999999999999999999", "abc"]

BAD_CURSOR = "Cursor de página inválido"
"""The start of what a page and the API say of a cursor they did not write."""

# A walk that has not ended after this many pages follows a link back to itself.
MOST_PAGES = 100


def next_href(html: str) -> str | None:
    """The query string of the page's "next page" link, if it has one."""
    found = re.search(r'<a rel="next" href="\?([^"]+)"', html)
    return found.group(1).replace("&amp;", "&") if found else None


def next_link(response) -> str | None:  # type: ignore[no-untyped-def]
    """The URL of the API's `Link: <…>; rel="next"` header, if there is one."""
    found = re.match(r'<([^>]+)>; rel="next"', response.headers.get("Link", ""))
    return found.group(1) if found else None


def api_ids(response) -> list[int]:  # type: ignore[no-untyped-def]
    """The ids of the rows of an API page, in its order."""
    return [row["id"] for row in response.json()]


@dataclass(frozen=True)
class Listing:
    """A list given a page at a time: its page at `path`, read by `rows_on` (the rows of
    one page's HTML, in order); `cursor`, the page's own cursor parameter, and
    `next_query`, how a page says where the next one is; `api`, its API list, if any
    (the rows' `id`s, the cursor in `?cursor=`, the next page in the `Link` header)."""

    path: str
    rows_on: Callable[[str], list[Any]]
    api: str | None = None
    cursor: str = "cursor"
    next_query: Callable[[str], str | None] = next_href
    api_rows: Callable[[Any], list[Any]] = field(default=lambda response: api_ids(response))


def in_pages_of(size: int, rows: Sequence[_Row]) -> list[list[_Row]]:
    """`rows` cut into pages of `size`, as a walk through them should find them."""
    return [list(rows[start : start + size]) for start in range(0, len(rows), size)]


def walk_pages(client, listing: Listing) -> list[list[Any]]:  # type: ignore[no-untyped-def]
    """The rows of each page of the listing's page, from the first, following each page's
    link to the next until a page has none; every page answers 200."""
    pages: list[list[Any]] = []
    query: str | None = ""
    while query is not None:
        assert len(pages) < MOST_PAGES, f"{listing.path} never reaches its last page"
        response = client.get(f"{listing.path}?{query}")
        assert response.status_code == 200
        html = response.content.decode()
        pages.append(listing.rows_on(html))
        query = listing.next_query(html)
    return pages


def walk_api(client, url: str) -> list[list[int]]:  # type: ignore[no-untyped-def]
    """The row ids of each page of an API list from `url`, following its `Link` header
    until a page has none; every page answers 200."""
    pages: list[list[int]] = []
    next_url: str | None = url
    while next_url:
        assert len(pages) < MOST_PAGES, f"{url} never reaches its last page"
        response = client.get(next_url)
        assert response.status_code == 200
        pages.append(api_ids(response))
        next_url = next_link(response)
    return pages


class _ReadByTheClerk:
    listing: ClassVar[Listing]

    @pytest.fixture
    def reader(self, clerk_client):  # type: ignore[no-untyped-def]
        """Who reads the list: the clerk, unless the inheriting class says otherwise."""
        return clerk_client


class RefusesHostilePageParameters(_ReadByTheClerk):
    """What a paged list answers to page parameters it did not write, for a test module to
    inherit: `class TestX(RefusesHostilePageParameters)` names its `listing` and gives a
    `first_page` fixture (the rows its first page shows). Read by the clerk."""

    listing: ClassVar[Listing]

    @pytest.mark.parametrize("page", HOSTILE_PAGES)
    def test_a_page_number_is_not_ours_and_the_first_page_comes(self, reader, first_page, page):
        response = reader.get(self.listing.path, {"page": page})
        assert response.status_code == 200
        assert self.listing.rows_on(response.content.decode()) == first_page
        if self.listing.api:
            answer = reader.get(self.listing.api, {"page": page})
            assert answer.status_code == 200
            assert self.listing.api_rows(answer) == first_page

    @pytest.mark.parametrize("cursor", HOSTILE_CURSORS)
    def test_a_cursor_we_did_not_write_answers_400_never_500(self, reader, first_page, cursor):
        response = reader.get(self.listing.path, {self.listing.cursor: cursor})
        assert response.status_code == 400
        html = response.content.decode()
        assert BAD_CURSOR in html
        # The page says so above its first page.
        assert self.listing.rows_on(html) == first_page
        if self.listing.api:
            answer = reader.get(self.listing.api, {"cursor": cursor})
            assert answer.status_code == 400
            assert BAD_CURSOR in answer.content.decode()


class RefusesHostileApiPageParameters(_ReadByTheClerk):
    """The same for a list given by the API alone (its `listing.api`; `listing.path` is
    not read): a `?page=` gives the first page, a cursor we did not write answers 400."""

    listing: ClassVar[Listing]

    @pytest.mark.parametrize("page", HOSTILE_PAGES)
    def test_a_page_number_is_not_ours_and_the_first_page_comes(self, reader, first_page, page):
        assert self.listing.api
        answer = reader.get(self.listing.api, {"page": page})
        assert answer.status_code == 200
        assert self.listing.api_rows(answer) == first_page

    @pytest.mark.parametrize("cursor", HOSTILE_CURSORS)
    def test_a_cursor_we_did_not_write_answers_400_never_500(self, reader, first_page, cursor):
        assert self.listing.api
        answer = reader.get(self.listing.api, {"cursor": cursor})
        assert answer.status_code == 400
        assert BAD_CURSOR in answer.content.decode()


class RefusesHostilePageSizes:
    """The API's answer to a page size outside 1 to 200, for a test module to inherit with
    its `listing` (one with an `api`)."""

    listing: ClassVar[Listing]

    @pytest.mark.parametrize("page_size", HOSTILE_PAGE_SIZES)
    def test_a_page_size_outside_one_to_two_hundred_answers_400_never_500(
        self, clerk_client, page_size
    ):
        assert self.listing.api
        answer = clerk_client.get(self.listing.api, {"page_size": page_size})
        assert answer.status_code == 400
        assert "page_size" in answer.content.decode()
