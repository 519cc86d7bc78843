"""Issue 12 §4: a commission member sees only what it judges (cases.selectors): not the
mailbox of every e-mail, nor previews and PDFs of documents outside its cases; the staff
who handle every case still see them."""

from __future__ import annotations

import pytest

from accounts.roles import Role
from documents.services import authorization_term_issue, document_render
from tests.clandestine.factories import ClandestineCaseFactory
from tests.documents.helpers import queued_renders  # noqa: F401 — fixture
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def member():
    return UserFactory(role=Role.COMMISSION_MEMBER)


@pytest.fixture
def term(authorization, clerk, queued_renders):  # noqa: F811
    document = authorization_term_issue(authorization=authorization, actor=clerk)
    return document_render(document_id=document.pk)


def test_the_mailbox_is_closed_to_the_commission(client, member, clerk):
    client.force_login(member)
    assert client.get("/correio/").status_code == 403
    assert 'href="/correio/"' not in client.get("/processos/").content.decode()
    client.force_login(clerk)
    assert client.get("/correio/").status_code == 200


def test_a_document_outside_the_commissions_cases_is_404_for_it(client, member, clerk, term):
    preview = f"/documentos/{term.verification_code}/previa/"
    pdf = f"/documentos/{term.verification_code}/pdf/"
    client.force_login(member)
    assert (client.get(preview).status_code, client.get(pdf).status_code) == (404, 404)
    client.force_login(clerk)
    assert (client.get(preview).status_code, client.get(pdf).status_code) == (200, 200)


def test_the_commission_still_opens_the_cases_it_judges(client, member):
    case = ClandestineCaseFactory()
    client.force_login(member)
    assert client.get(f"/processos/{case.pk}/").status_code == 200
