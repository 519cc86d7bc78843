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
from tests.paging import hostile_cursors, next_href

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_20_april_2026")]


@pytest.fixture
def notices(monkeypatch):
    """Three notices notified on three days (oldest first), pages of two."""
    monkeypatch.setattr(paging, "PAGE_SIZE", 2)
    return [notified_notice(received_on=dt.date(2026, 4, day)).pk for day in (2, 6, 7)]


def _notices_on(html: str) -> list[int]:
    return [int(pk) for pk in re.findall(r'href="/portal/recursos/auto/(\d+)/"', html)]


def _more(html: str) -> str | None:
    found = re.search(r'<a href="\?([^"]+)" data-testid="more-notices"', html)
    return found.group(1).replace("&amp;", "&") if found else None


def test_the_clerk_pages_through_every_notice_open_to_appeal_oldest_first(
    notices, client, clerk
):
    client.force_login(clerk)
    seen, query = [], ""
    while query is not None:
        response = client.get(f"/portal/recursos/?{query}")
        assert response.status_code == 200
        html = response.content.decode()
        assert len(_notices_on(html)) <= 2
        seen += _notices_on(html)
        query = _more(html)
    assert seen == notices


def test_the_notices_cursor_leaves_the_appeals_page_where_it_was(monkeypatch, client, clerk):
    monkeypatch.setattr(paging, "PAGE_SIZE", 2)
    appeals = sorted((filed_appeal().pk for _ in range(3)), reverse=True)
    for day in (2, 6, 7):
        notified_notice(received_on=dt.date(2026, 4, day))
    client.force_login(clerk)
    first = client.get("/portal/recursos/").content.decode()
    second = client.get(f"/portal/recursos/?{next_href(first)}").content.decode()
    more = client.get(f"/portal/recursos/?{_more(second)}").content.decode()
    # The appeals stay on their second page while the notices turn theirs.
    assert re.findall(r'href="/recursos/(\d+)/"', more) == [str(appeals[2])]
    assert _notices_on(more) != _notices_on(second)


@hostile_cursors
def test_a_notices_cursor_we_did_not_write_answers_400_never_500(notices, client, clerk, cursor):
    client.force_login(clerk)
    response = client.get("/portal/recursos/", {"autos": cursor})
    assert response.status_code == 400
    html = response.content.decode()
    assert "Cursor de página inválido" in html
    assert _notices_on(html) == notices[:2]
