"""The notices open to appeal (Art. 63) on the appeals page come a page at a time, the
nearest last day first, by their own `?autos=` cursor beside the appeals' `?cursor=`
(issue 25): the clerk at the counter reaches every notice of the town, page by page,
where the page used to stop at the first 200, each costing its penalty and deadline. The
windows API (`/api/appeals/windows/`) pages them the same way, by its `Link` header."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from core import paging
from tests.appeal.factories import auxiliary_of, filed_appeal, notified_notice
from tests.factories import AuthorizationFactory
from tests.paging import (
    MOST_PAGES,
    Listing,
    RefusesHostileApiPageParameters,
    RefusesHostilePageParameters,
    in_pages_of,
    next_href,
    next_link,
    walk_pages,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_20_april_2026")]


def _notices_on(html: str) -> list[int]:
    return [int(pk) for pk in re.findall(r'href="/portal/recursos/auto/(\d+)/"', html)]


def _more(html: str) -> str | None:
    found = re.search(r'<a href="\?([^"]+)" data-testid="more-notices"', html)
    return found.group(1).replace("&amp;", "&") if found else None


OPEN_NOTICES = Listing(
    path="/portal/recursos/", rows_on=_notices_on, cursor="autos", next_query=_more
)


@pytest.fixture
def notices(monkeypatch) -> list[int]:
    """Three notices notified on three days (oldest first), pages of two."""
    monkeypatch.setattr(paging, "PAGE_SIZE", 2)
    return [notified_notice(received_on=dt.date(2026, 4, day)).pk for day in (2, 6, 7)]


def test_the_clerk_pages_through_every_notice_open_to_appeal_oldest_first(
    notices, clerk_client
):
    assert walk_pages(clerk_client, OPEN_NOTICES) == in_pages_of(2, notices)


def _walk_windows(client, url: str = "/api/appeals/windows/") -> list[list[dict]]:
    """The rows of each page of the windows API, following its `Link` header."""
    pages: list[list[dict]] = []
    next_url: str | None = url
    while next_url:
        assert len(pages) < MOST_PAGES
        response = client.get(next_url)
        assert response.status_code == 200
        pages.append(response.json())
        next_url = next_link(response)
    return pages


def test_the_windows_api_pages_every_notice_open_to_appeal_oldest_first_art63(
    notices, clerk_client
):
    pages = _walk_windows(clerk_client)

    assert [[row["notice"] for row in page] for page in pages] == in_pages_of(2, notices)
    # Each with its last day, counted as the CPC counts (30 business days, Art. 63: Good
    # Friday, Tiradentes and 1 May are not).
    assert pages[0][0]["received_on"] == "2026-04-02"
    assert pages[0][0]["closes_on"] == "2026-05-20"
    assert pages[0][0]["open"] is True


def test_the_windows_api_gives_a_page_of_the_size_asked(notices, clerk_client):
    response = clerk_client.get("/api/appeals/windows/", {"page_size": 3})

    assert [row["notice"] for row in response.json()] == notices
    assert next_link(response) is None


def test_a_driver_has_the_windows_of_his_notices_as_holder_and_as_the_auxiliary_art49(client):
    authorization = AuthorizationFactory()
    auxiliary = auxiliary_of(authorization)
    as_holder = notified_notice(authorization=authorization, received_on=dt.date(2026, 4, 2))
    driving = notified_notice(
        authorization=authorization, offender=auxiliary, received_on=dt.date(2026, 4, 6)
    )
    notified_notice(received_on=dt.date(2026, 4, 7))  # another driver's

    seen = {}
    for who in (authorization.holder, auxiliary):
        client.force_login(who.user)
        seen[who.pk] = [row["notice"] for row in client.get("/api/appeals/windows/").json()]

    assert seen[authorization.holder.pk] == [as_holder.pk, driving.pk]
    assert seen[auxiliary.pk] == [driving.pk]


def test_the_notices_cursor_leaves_the_appeals_page_where_it_was(monkeypatch, clerk_client):
    monkeypatch.setattr(paging, "PAGE_SIZE", 2)
    appeals = sorted((filed_appeal().pk for _ in range(3)), reverse=True)
    for day in (2, 6, 7):
        notified_notice(received_on=dt.date(2026, 4, day))
    first = clerk_client.get("/portal/recursos/").content.decode()
    second = clerk_client.get(f"/portal/recursos/?{next_href(first)}").content.decode()
    more = clerk_client.get(f"/portal/recursos/?{_more(second)}").content.decode()
    # The appeals stay on their second page while the notices turn theirs.
    assert re.findall(r'href="/recursos/(\d+)/"', more) == [str(appeals[2])]
    assert _notices_on(more) != _notices_on(second)


class TestParametersItDidNotWrite(RefusesHostilePageParameters):
    """A `?page=` or an `?autos=` cursor the notices' list never wrote: its first page, or
    400."""

    listing = OPEN_NOTICES

    @pytest.fixture
    def first_page(self, notices):
        return notices[:2]


class TestWindowsApiParametersItDidNotWrite(RefusesHostileApiPageParameters):
    """A `?page=` or a cursor the windows API never wrote: its first page, or 400."""

    listing = Listing(
        path="",
        rows_on=_notices_on,
        api="/api/appeals/windows/",
        api_rows=lambda response: [row["notice"] for row in response.json()],
    )

    @pytest.fixture
    def first_page(self, notices):
        return notices[:2]
