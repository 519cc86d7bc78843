"""The case page reads a side list (documents, official documents, letters, inspections)
only when the case has a row in it: one statement asks which (issue 13), and what the
page shows is the same either way."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from notifications.models import DeliveryAttempt, Notification
from tests.factories import SubmittedDocumentFactory, SuspensionCaseFactory

pytestmark = pytest.mark.django_db


def _page(client, case) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(f"/processos/{case.pk}/")
    assert response.status_code == 200
    # The probe (web.presenters.case_lists) names each table inside an EXISTS; the reads
    # of the lists are the other statements.
    reads = [q["sql"] for q in ctx.captured_queries if "EXISTS(" not in q["sql"]]
    return response.content.decode(), "\n".join(reads)


def test_a_case_without_side_rows_reads_none_of_their_tables(client, clerk):
    case = SuspensionCaseFactory()
    client.force_login(clerk)
    page, sql = _page(client, case)
    assert 'FROM "cases_document"' not in sql
    assert 'FROM "notifications_notification"' not in sql
    assert 'FROM "documents_officialdocument"' not in sql
    assert "Nenhum documento." in page and "Nenhum documento emitido." in page
    assert 'data-testid="notification"' not in page


def test_a_case_with_a_document_and_a_letter_shows_them(client, clerk):
    case = SuspensionCaseFactory()
    SubmittedDocumentFactory(case=case, original_name="<rg>.pdf")
    Notification.objects.create(
        case=case, recipient=case.applicant, address="Rua A, 1",
        channel=Notification.Channel.REGISTERED_POST, template="t", subject="Aviso de teste",
        body="b",
    )
    client.force_login(clerk)
    page, sql = _page(client, case)
    assert 'FROM "cases_document"' in sql and 'FROM "notifications_notification"' in sql
    assert "&lt;rg&gt;.pdf" in page
    assert "Aviso de teste" in page and "Rua A, 1" in page


def test_delivery_attempts_are_read_for_registered_letters_only(client, clerk):
    # Art. 46: a registered letter's attempts are listed under it; an e-mail has none.
    case = SuspensionCaseFactory()
    Notification.objects.create(
        case=case, recipient=case.applicant, address="ana@example.org",
        channel=Notification.Channel.EMAIL, template="t", subject="Aviso por e-mail", body="b",
    )
    client.force_login(clerk)
    page, sql = _page(client, case)
    assert "Aviso por e-mail" in page
    assert 'FROM "notifications_deliveryattempt"' not in sql
    letter = Notification.objects.create(
        case=case, recipient=case.applicant, address="Rua A, 1",
        channel=Notification.Channel.REGISTERED_POST, template="t", subject="Aviso postal",
        body="b", status=Notification.Status.SENT,
    )
    DeliveryAttempt.objects.create(
        notification=letter, attempted_on=dt.date(2026, 3, 2), note="ausente"
    )
    page, sql = _page(client, case)
    assert 'FROM "notifications_deliveryattempt"' in sql
    assert "02/03/2026 ausente" in page
