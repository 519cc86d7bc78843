"""LGPD Art. 37: the administrator's list of the read log (issue 25). Its cost is the page
it draws, not the log's million rows: fifty rows a page, as every list of ours; each row
read with the names it shows of the reader, the driver and the case, not their whole rows;
each row's link carrying the search along without resolving the link against the URLconf
(the admin resolved all fifty, a searched page 1.3 times an unsearched one), and the
admin's routes resolved first for the admin's other lists. The row's own page still shows
all of it."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import get_resolver, resolve

from accounts.models import PersonalDataAccess
from accounts.roles import Role
from tests.factories import SuspensionCaseFactory, UserFactory

pytestmark = pytest.mark.django_db

LIST = "/admin/accounts/personaldataaccess/"


@pytest.fixture
def admin_client(client):
    client.force_login(UserFactory(username="raiz", is_superuser=True, is_staff=True))
    return client


@pytest.fixture
def reads(authorization) -> list[PersonalDataAccess]:
    """51 reads of one driver's data in a case, by the clerk "leitora"."""
    reader = UserFactory(username="leitora", role=Role.CLERK)
    case = SuspensionCaseFactory(authorization=authorization)
    return [
        PersonalDataAccess.objects.create(
            user=reader,
            driver=authorization.holder,
            case=case,
            channel="page",
            path=f"/ficha/{i}",
            what="ficha do taxista",
        )
        for i in range(51)
    ]


def _paths_on(html: str) -> list[str]:
    return re.findall(r"/ficha/\d+", html)


def test_lgpd_art_37_the_list_shows_fifty_reads_a_page_newest_first(admin_client, reads):
    first = admin_client.get(LIST).content.decode()
    second = admin_client.get(LIST, {"p": 2}).content.decode()

    assert _paths_on(first) == [f"/ficha/{i}" for i in range(50, 0, -1)]
    assert _paths_on(second) == ["/ficha/0"]


def test_lgpd_art_37_a_row_shows_reader_driver_and_case_read_by_their_names_only(
    admin_client, reads, authorization
):
    with CaptureQueriesContext(connection) as ctx:
        html = admin_client.get(LIST).content.decode()

    case = reads[0].case
    assert "leitora" in html and authorization.holder.name in html and case.number in html
    [rows] = [
        q["sql"]
        for q in ctx.captured_queries
        if 'FROM "accounts_personaldataaccess" INNER JOIN' in q["sql"]
    ]
    for column in (
        '"accounts_user"."password"',
        '"registers_driver"."cpf"',
        '"cases_case"."state"',
        '"accounts_personaldataaccess"."what"',
    ):
        assert column not in rows, column


def test_lgpd_art_37_the_page_of_one_read_shows_all_of_it(admin_client, reads):
    row = reads[0]
    html = admin_client.get(f"{LIST}{row.pk}/change/").content.decode()

    assert "ficha do taxista" in html and "/ficha/0" in html


def test_a_searched_list_resolves_its_row_links_among_the_admins_routes_first(admin_client, reads):
    html = admin_client.get(LIST, {"q": "leitora"}).content.decode()

    assert f"{LIST}{reads[-1].pk}/change/?_changelist_filters=q%3Dleitora" in html
    assert str(get_resolver().url_patterns[0].pattern) == "admin/"


def test_a_searched_list_links_each_row_to_its_page_with_the_search_resolving_none(
    admin_client, reads, monkeypatch
):
    from django.contrib.admin.templatetags import admin_urls

    resolved = []
    monkeypatch.setattr(
        admin_urls, "resolve", lambda path, *a, **k: resolved.append(path) or resolve(path)
    )

    html = admin_client.get(LIST, {"q": "leitora", "channel__exact": "page"}).content.decode()

    links = re.findall(rf'href="{LIST}(\d+)/change/([^"]*)"', html)
    assert links == [
        (str(row.pk), "?_changelist_filters=q%3Dleitora%26channel__exact%3Dpage")
        for row in reversed(reads[1:])
    ]
    assert resolved == []
