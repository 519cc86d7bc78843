"""A driver's documents — those of the cases he may see, the Termos and IM cards of what he
holds, his identification — are found by one indexed lookup per path, united, then by
primary key (issue 25): an OR of the joins made PostgreSQL read every document to keep a
driver's few (18 ms of the portal and of "my data" with 50,000 documents). What he may open
is unchanged."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from documents.selectors import documents_visible_to, portal_documents
from documents.services import authorization_term_issue, document_render
from tests.factories import AuthorizationFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def terms(clerk):
    """Two Termos, each made out to its holder."""
    return [
        document_render(
            document_id=authorization_term_issue(
                authorization=AuthorizationFactory(), actor=clerk
            ).pk
        )
        for _ in range(2)
    ]


def test_lgpd_a_driver_opens_his_termo_and_not_anothers(terms):
    mine, theirs = terms
    holder = mine.authorization.holder

    assert list(documents_visible_to(holder.user)) == [mine]
    assert portal_documents(theirs.authorization.holder.user) == [theirs]


def test_the_paths_are_united_then_read_by_primary_key(terms):
    holder = terms[0].authorization.holder

    with CaptureQueriesContext(connection) as ctx:
        portal_documents(holder.user)

    [sql] = [
        q["sql"] for q in ctx.captured_queries if 'FROM "documents_officialdocument"' in q["sql"]
    ]
    assert '"documents_officialdocument"."id" IN (' in sql
    assert " UNION " in sql


def test_a_staff_members_portal_lists_his_own_papers_not_the_municipalitys(terms, clerk):
    """The portal is the person's (as its open cases, `cases_of_person`): a clerk who may
    open every document is shown none of the drivers' Termos under "my documents"; read
    as every document he may open, the list sorted the whole table (issue 25)."""
    from accounts.roles import Role
    from tests.factories import UserFactory

    assert set(documents_visible_to(clerk)) >= set(terms)
    assert portal_documents(clerk) == []
    assert portal_documents(UserFactory(role=Role.COMMISSION_MEMBER)) == []
