"""The appeals staff and the commission read (Art. 63, Art. 52) pile up over the years:
the appeals page and `/api/appeals/` give them a page at a time, newest first, each page
linking to the next (issue 25), within the same scope as before."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from core import paging
from tests.appeal.factories import filed_appeal
from tests.paging import (
    Listing,
    RefusesHostilePageParameters,
    RefusesHostilePageSizes,
    in_pages_of,
    next_link,
    walk_api,
    walk_pages,
)
from workflows.appeal.selectors import appeals_visible_to

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_20_april_2026")]


def _ids_on(html: str) -> list[int]:
    return [int(pk) for pk in re.findall(r'href="/recursos/(\d+)/"', html)]


APPEALS = Listing(path="/portal/recursos/", rows_on=_ids_on, api="/api/appeals/")


@pytest.fixture
def appeals(monkeypatch) -> list[int]:
    """Three appeals filed at the same moment (the id orders them), pages of two."""
    monkeypatch.setattr(paging, "PAGE_SIZE", 2)
    return sorted((filed_appeal().pk for _ in range(3)), reverse=True)


def test_the_appeals_page_and_api_give_two_pages_of_three_appeals(appeals, clerk_client):
    assert walk_pages(clerk_client, APPEALS) == in_pages_of(2, appeals)
    assert walk_api(clerk_client, APPEALS.api) == in_pages_of(2, appeals)


def test_the_commission_pages_through_the_appeals_it_judges_and_no_other(appeals, client, members):
    member = members[0]
    judged = list(appeals_visible_to(member).values_list("pk", flat=True))
    assert judged
    client.force_login(member)
    assert walk_pages(client, APPEALS) == in_pages_of(2, judged)
    assert walk_api(client, APPEALS.api) == in_pages_of(2, judged)


def test_a_page_after_a_cursor_starts_at_the_cursor_in_the_date_index(appeals, clerk_client):
    """The cursor's row comparison names the case's date and the appeal's own key, two
    tables no index spans: the bound on the date alone lets PostgreSQL start the walk at
    the cursor (issue 25: a page deep in the list, 0.9 s at a million cases)."""
    after = next_link(clerk_client.get(APPEALS.api))
    with CaptureQueriesContext(connection) as ctx:
        response = clerk_client.get(after)
    assert [row["id"] for row in response.json()] == appeals[2:]
    [page] = [q["sql"] for q in ctx.captured_queries if "ROW(" in q["sql"]]
    assert '"cases_case"."opened_at" <= ' in page


class TestParametersItDidNotWrite(RefusesHostilePageParameters, RefusesHostilePageSizes):
    """A `?page=`, a cursor or a page size the appeals list never wrote: its first page, or
    400."""

    listing = APPEALS

    @pytest.fixture
    def first_page(self, appeals):
        return appeals[:2]
