"""LGPD Art. 37: the read log's list draws its rows itself, the parts every row shares
computed once (issue 25): each cell as the admin's own `items_for_result` draws it, a
blank or absent value as the admin's "-", a searched list's links carrying the search."""

from __future__ import annotations

import pytest
from django.contrib.admin.templatetags.admin_list import results

from accounts.models import PersonalDataAccess
from accounts.roles import Role
from accounts.templatetags.read_log import read_log_result_list
from tests.factories import SuspensionCaseFactory, UserFactory

pytestmark = pytest.mark.django_db

LIST = "/admin/accounts/personaldataaccess/"


@pytest.fixture
def admin_client(client):
    client.force_login(UserFactory(username="raiz", is_superuser=True, is_staff=True))
    return client


@pytest.fixture
def reads(authorization) -> list[PersonalDataAccess]:
    """Reads with every column filled, and with the driver or the name, the case and the
    path left out (a person read through the API, a blank path)."""
    reader = UserFactory(username="leitora", role=Role.CLERK)
    case = SuspensionCaseFactory(authorization=authorization)
    full = [
        PersonalDataAccess.objects.create(
            user=reader,
            driver=authorization.holder,
            case=case,
            person_name="Ana <b>&</b>",
            channel=channel,
            path=f"/ficha/{i}?a=1&b=2",
            what="ficha do taxista",
        )
        for i, channel in enumerate(("page", "api", "export"))
    ]
    # Every read names whose data it was: a driver, or a person by name.
    no_driver = PersonalDataAccess.objects.create(
        user=reader, channel="api", path="   ", person_name="Beto", what="dados"
    )
    no_name = PersonalDataAccess.objects.create(
        user=reader, driver=authorization.holder, channel="page", path="", what="ficha"
    )
    return [*full, no_driver, no_name]


@pytest.mark.parametrize("query", [{}, {"q": "leitora"}, {"channel": "api"}])
def test_lgpd_art_37_each_row_is_drawn_as_the_admin_draws_it(admin_client, reads, query):
    response = admin_client.get(LIST, query)
    cl = response.context["cl"]

    drawn = read_log_result_list(cl)["results"]
    admins = [list(row) for row in results(cl)]

    assert len(admins) == (2 if query.get("channel") else len(reads))
    assert any('<td class="field-driver nowrap">-</td>' in row for row in admins)
    assert [list(row) for row in drawn] == admins
    for row in admins:
        assert "".join(row) in response.content.decode()


def test_lgpd_art_37_a_searched_lists_rows_link_to_their_reads_with_the_search(
    admin_client, reads
):
    html = admin_client.get(LIST, {"q": "leitora"}).content.decode()

    for read in reads:
        assert f'href="{LIST}{read.pk}/change/?_changelist_filters=q%3Dleitora"' in html
