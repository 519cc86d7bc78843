"""The portal's filing page and the generic case page for an application (Arts. 10, 22)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cases.models import Case
from registers.models import Driver
from tests.application.factories import (
    applicant_data,
    document_fields,
    form_payload,
    vehicle_data,
)
from tests.application.journey import filed
from workflows.application.models import ApplicationCase
from workflows.application.workflow import WORKFLOW

pytestmark = pytest.mark.django_db


def test_the_workflow_declares_the_portal_filing_button():
    # The portal lists every kind's `filing`; this kind's goes to the filing page.
    url_name, label = WORKFLOW.filing.url_name, WORKFLOW.filing.label
    assert (reverse(url_name), str(label)) == (
        "/portal/outorga/nova/", "Pedir autorização de táxi (Arts. 10 e 22)",
    )


def test_the_filing_page_files_and_creates_the_cadastro_art10(client, applicant_user):
    client.force_login(applicant_user)
    page = client.get("/portal/outorga/nova/")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'enctype="multipart/form-data"' in html
    assert 'name="doc_crlv"' in html and 'value="Maria Souza"' in html
    payload = {**form_payload(applicant_data(), vehicle_data()), **document_fields()}
    response = client.post("/portal/outorga/nova/", payload)
    case = ApplicationCase.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/portal/outorga/{case.pk}/"
    assert Driver.objects.get().user == applicant_user


def test_a_refusal_is_shown_on_the_filing_page_with_its_article(client, applicant_user):
    client.force_login(applicant_user)
    payload = {
        **form_payload(applicant_data(cnh_category="A"), vehicle_data()),
        **document_fields(),
    }
    response = client.post("/portal/outorga/nova/", payload)
    assert response.status_code == 400
    assert "(Art. 10 I b)" in response.content.decode()
    assert Case.objects.count() == 0


def test_the_generic_case_page_shows_the_clerks_actions(client, applicant_user, clerk, today):
    case = filed(applicant_user, today=today)
    client.force_login(clerk)
    html = client.get(f"/processos/{case.pk}/").content.decode()
    for action in ("review_document", "ask_correction", "accept", "reject"):
        assert f'data-action="{action}"' in html
    assert "Carteira de Identidade" in html


def test_the_page_action_reviews_a_document(client, applicant_user, clerk, today):
    case = filed(applicant_user, today=today)
    client.force_login(clerk)
    response = client.post(
        f"/processos/{case.pk}/acao/review_document/",
        {"item": "identity", "decision": "reject", "note": "Ilegível."},
    )
    assert response.status_code == 302
    document = case.documents.get(item="identity")
    assert (document.review, document.review_note) == ("rejected", "Ilegível.")
