"""Staff check a document as HTML before printing; nobody else may (a Termo has the CPF)."""

from __future__ import annotations

import pytest

from accounts.roles import Role
from documents.services import authorization_term_issue
from registers.validators import format_cpf
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def term(authorization, clerk):
    return authorization_term_issue(authorization=authorization, actor=clerk)


def test_staff_see_the_document_as_html(client, clerk, term, authorization, settings):
    settings.PUBLIC_BASE_URL = "http://127.0.0.1:8000"
    client.force_login(clerk)

    response = client.get(f"/documentos/{term.verification_code}/previa/")

    assert response.status_code == 200
    page = response.content.decode()
    assert term.number in page
    assert authorization.holder.name in page
    assert format_cpf(authorization.holder.cpf) in page
    assert "Verifique em http://127.0.0.1:8000/verificar/" in page


def test_the_public_and_drivers_may_not_preview(client, term, authorization):
    url = f"/documentos/{term.verification_code}/previa/"

    assert client.get(url).status_code == 302  # to the login page
    client.force_login(authorization.holder.user)
    assert client.get(url).status_code == 403


def test_an_unknown_code_is_404(client):
    client.force_login(UserFactory(role=Role.CLERK))

    assert client.get("/documentos/ABCDEFGHJK/previa/").status_code == 404


def test_the_verification_address_follows_public_base_url(client, clerk, term, settings):
    settings.PUBLIC_BASE_URL = "https://taxi.mantenopolis.es.gov.br/"
    client.force_login(clerk)

    page = client.get(f"/documentos/{term.verification_code}/previa/").content.decode()

    assert f"https://taxi.mantenopolis.es.gov.br/verificar/{term.verification_code}/" in page
