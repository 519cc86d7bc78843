"""The stored PDF: for staff and for the driver it concerns, nobody else."""

from __future__ import annotations

import pytest

from documents.services import authorization_term_issue, document_render
from tests.factories import DriverFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def term(authorization, clerk):
    document = authorization_term_issue(authorization=authorization, actor=clerk)
    return document_render(document_id=document.pk)


def test_the_holder_and_staff_download_the_pdf(client, clerk, term, authorization):
    for user in (authorization.holder.user, clerk):
        client.force_login(user)
        response = client.get(f"/documentos/{term.verification_code}/pdf/")
        assert response.status_code == 200
        assert b"".join(response.streaming_content).startswith(b"%PDF-")


def test_another_driver_gets_404(client, term):
    client.force_login(DriverFactory().user)
    assert client.get(f"/documentos/{term.verification_code}/pdf/").status_code == 404
