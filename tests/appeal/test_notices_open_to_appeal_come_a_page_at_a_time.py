"""The notices open to appeal (Art. 63) on the appeals page come a page at a time, the
nearest last day first, by their own `?autos=` cursor beside the appeals' `?cursor=`
(issue 25): the clerk at the counter reaches every notice of the town, page by page,
where the page used to stop at the first 200, each costing its penalty and deadline."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from core import paging
from tests.appeal.factories import filed_appeal, notified_notice
from tests.paging import (
    Listing,
    RefusesHostilePageParameters,
    in_pages_of,
    next_href,
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
