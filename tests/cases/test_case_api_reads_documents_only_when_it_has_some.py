"""The case API reads a case's submitted documents only when it has some: whether it has
any is asked with the case (cases.selectors.case_visible(probes=)), as the case page asks
of its side lists (issue 25: most cases have none, and each list read is a statement)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import SubmittedDocumentFactory, SuspensionCaseFactory

pytestmark = pytest.mark.django_db


def _detail(client, case):  # type: ignore[no-untyped-def]
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(f"/api/cases/{case.pk}/")
    assert response.status_code == 200
    # The probe names the table inside an EXISTS; a read of the list is a statement of its own.
    reads = [q["sql"] for q in ctx.captured_queries if "EXISTS(" not in q["sql"]]
    return response.json(), "\n".join(reads)


def test_a_case_without_documents_does_not_read_their_table(client, clerk):
    case = SuspensionCaseFactory()
    client.force_login(clerk)
    detail, sql = _detail(client, case)
    assert detail["documents"] == []
    assert 'FROM "cases_document"' not in sql


def test_a_case_with_a_document_lists_it(client, clerk):
    case = SuspensionCaseFactory()
    SubmittedDocumentFactory(case=case)
    client.force_login(clerk)
    detail, sql = _detail(client, case)
    assert [d["original_name"] for d in detail["documents"]] == ["rg.pdf"]
    assert 'FROM "cases_document"' in sql
