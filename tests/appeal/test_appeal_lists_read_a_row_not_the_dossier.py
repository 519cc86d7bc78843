"""The appeals page and `/api/appeals/` list what a row shows, not each appeal's dossier
(issue 25): the page reads number, notice, state and filing day, without the witnesses,
diligences and votes (Art. 64 §1, Art. 65, Art. 52) or the vehicle the detail shows; the
API list gives the same record as the detail, without the authorization and the vehicle
it does not show, in queries that do not grow with the page."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.appeal.factories import filed_appeal, notified_notice

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_20_april_2026")]

# Session, user, the page of notices open to appeal, the page of appeals, the calendar.
PAGE_QUERIES = 5
# The role check, the page of appeals, its witnesses, its diligences, its votes.
API_LIST_QUERIES = 5


def _read(table: str, sql: list[str]) -> bool:
    return any(f'"{table}"' in q for q in sql)


def _page_sql(client, django_assert_max_num_queries) -> list[str]:  # type: ignore[no-untyped-def]
    with django_assert_max_num_queries(PAGE_QUERIES) as queries:
        response = client.get("/portal/recursos/")
    assert response.status_code == 200
    return [q["sql"] for q in queries.captured_queries]


def test_the_appeals_page_reads_no_witness_diligence_vote_or_vehicle(
    client, clerk, django_assert_max_num_queries
):
    filed_appeal()
    notified_notice()
    client.force_login(clerk)
    sql = _page_sql(client, django_assert_max_num_queries)
    for table in ("appeal_appealwitness", "appeal_diligence", "appeal_vote", "registers_vehicle"):
        assert not _read(table, sql), table


def test_the_appeals_page_costs_the_same_queries_for_one_appeal_or_four(
    client, clerk, django_assert_max_num_queries
):
    filed_appeal()
    notified_notice()
    client.force_login(clerk)
    one = _page_sql(client, django_assert_max_num_queries)
    for _ in range(3):
        filed_appeal()
        notified_notice()
    assert len(_page_sql(client, django_assert_max_num_queries)) == len(one)


def test_the_api_list_gives_each_appeal_as_the_detail_does_without_the_dossier_joins(
    clerk, django_assert_max_num_queries
):
    appeals = [filed_appeal() for _ in range(3)]
    api = APIClient()
    api.force_authenticate(clerk)
    with django_assert_max_num_queries(API_LIST_QUERIES) as queries:
        listed = api.get("/api/appeals/").json()
    sql = [q["sql"] for q in queries.captured_queries]
    assert not _read("registers_authorization", sql)
    assert not _read("registers_vehicle", sql)
    assert [row["id"] for row in listed] == sorted((a.pk for a in appeals), reverse=True)
    for row in listed:
        assert row["witnesses"]  # the factory files one witness
        assert row == api.get(f"/api/appeals/{row['id']}/").json()
