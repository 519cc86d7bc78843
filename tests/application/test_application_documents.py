"""Art. 10: the clerk reviews each document; refused ones are corrected and resubmitted."""

from __future__ import annotations

import pytest

from cases.errors import NotPermitted, RuleViolation, StateConflict
from cases.models import AuditEvent, Document
from cases.services.transitions import case_act
from notifications.models import Notification
from tests.application.factories import (
    applicant_data,
    document_files,
    pdf_file,
    png_file,
    vehicle_data,
)
from tests.application.journey import filed
from workflows.application.models import ApplicationCase, ApplicationState
from workflows.application.selectors import application_checklist
from workflows.application.services import application_file

pytestmark = pytest.mark.django_db


def _statuses(case):
    return {line.code: line.status for line in application_checklist(case)}


def _transitions(case):
    return list(
        AuditEvent.objects.filter(case=case)
        .exclude(transition__in=["open", "document_attached"])
        .values_list("transition", "to_state", "article")
    )


def test_refused_document_is_corrected_and_resubmitted_art10(applicant_user, clerk, today):
    # Given a filed application
    case = filed(applicant_user, today=today)
    # When the clerk accepts the CNH and refuses the proof of residence, with the reason
    case_act(case=case, action="review_document", actor=clerk, item="cnh", decision="accept")
    case_act(case=case, action="review_document", actor=clerk, item="residence",
             decision="reject", note="Comprovante com mais de 90 dias.")
    # Then the checklist shows what is accepted, refused and still to review
    statuses = _statuses(case)
    assert (statuses["cnh"], statuses["residence"], statuses["identity"]) == (
        "accepted", "rejected", "pending",
    )
    residence = next(line for line in application_checklist(case) if line.code == "residence")
    assert residence.note == "Comprovante com mais de 90 dias."
    # And the documentation cannot be accepted while something is refused
    with pytest.raises(RuleViolation) as incomplete:
        case_act(case=case, action="accept", actor=clerk)
    assert incomplete.value.article == "Art. 10"
    assert "Comprovante de residência" in str(incomplete.value)
    # When the clerk asks for the correction, the applicant is told what and why
    case_act(case=case, action="ask_correction", actor=clerk, note="Ver item recusado.")
    notice = Notification.objects.filter(case=case).latest("id")
    assert notice.template == "application_correction"
    assert (
        "Comprovante de residência ou declaração do proprietário do imóvel (Art. 10 I f): "
        "recusado — Comprovante com mais de 90 dias." in notice.body
    )
    # And resubmitting without the corrected file is refused, naming it
    with pytest.raises(RuleViolation) as still_missing:
        case_act(case=case, action="resubmit", actor=applicant_user)
    assert "Comprovante de residência" in str(still_missing.value)
    assert ApplicationCase.objects.get(pk=case.pk).state == ApplicationState.CORRECTION_REQUESTED
    # When the applicant uploads a new file for the item and resubmits
    case_act(case=case, action="resubmit", actor=applicant_user,
             doc_residence=pdf_file("conta-de-luz.pdf"))
    # Then the case is back in review, the new file pending, the old one kept as history
    case = ApplicationCase.objects.get(pk=case.pk)
    assert case.state == ApplicationState.FILED
    assert _statuses(case)["residence"] == "pending"
    assert list(
        Document.objects.filter(case=case, item="residence").values_list("review", "original_name")
    ) == [("rejected", "residence.pdf"), ("pending", "conta-de-luz.pdf")]
    # And the clerk accepts the documentation: every pending file is accepted with it
    case_act(case=case, action="accept", actor=clerk)
    case = ApplicationCase.objects.get(pk=case.pk)
    assert case.state == ApplicationState.AWAITING_INSPECTION
    assert set(_statuses(case).values()) == {"accepted"}
    assert _transitions(case) == [
        ("review_document", "filed", "Art. 10 I b"),
        ("review_document", "filed", "Art. 10 I f"),
        ("ask_correction", "correction_requested", "Art. 10"),
        ("resubmit", "filed", "Art. 10"),
        ("accept", "awaiting_inspection", "Art. 10"),
    ]
    assert AuditEvent.objects.get(case=case, transition="resubmit").data == {
        "items": ["residence"]
    }


def test_a_document_never_sent_is_asked_for_and_sent_with_the_resubmission_art10(
    applicant_user, clerk, today
):
    case = application_file(
        actor=applicant_user,
        applicant=applicant_data(),
        vehicle=vehicle_data(),
        documents=document_files(without=("crlv", "photo_2")),
        today=today,
    )
    case_act(case=case, action="ask_correction", actor=clerk, note="Faltam documentos.")
    body = Notification.objects.filter(case=case).latest("id").body
    assert (
        "Certificado de Registro e Licenciamento do Veículo (CRLV) (Art. 10 II a): não enviado"
        in body
    )
    with pytest.raises(RuleViolation):
        case_act(case=case, action="resubmit", actor=applicant_user, doc_crlv=pdf_file("crlv.pdf"))
    case_act(case=case, action="resubmit", actor=applicant_user,
             doc_crlv=pdf_file("crlv.pdf"), doc_photo_2=png_file("foto2.png"))
    assert _statuses(ApplicationCase.objects.get(pk=case.pk))["crlv"] == "pending"


def test_refusing_a_document_needs_a_reason(applicant_user, clerk, today):
    case = filed(applicant_user, today=today)
    with pytest.raises(RuleViolation) as refused:
        case_act(case=case, action="review_document", actor=clerk, item="cpf", decision="reject")
    assert refused.value.article == "Art. 10 I c"
    assert _statuses(case)["cpf"] == "pending"
    assert _transitions(case) == []


def test_asking_a_correction_with_nothing_to_correct_is_refused(applicant_user, clerk, today):
    case = filed(applicant_user, today=today)
    with pytest.raises(RuleViolation):
        case_act(case=case, action="ask_correction", actor=clerk, note="?")
    assert ApplicationCase.objects.get(pk=case.pk).state == ApplicationState.FILED


def test_the_applicant_cannot_review_their_own_documents(applicant_user, today):
    case = filed(applicant_user, today=today)
    with pytest.raises(NotPermitted):
        case_act(case=case, action="review_document", actor=applicant_user, item="cpf",
                 decision="accept")
    assert _statuses(case)["cpf"] == "pending"


def test_a_corrected_file_that_is_not_what_it_says_is_refused(applicant_user, clerk, today):
    case = filed(applicant_user, today=today)
    case_act(case=case, action="review_document", actor=clerk, item="photo_1",
             decision="reject", note="Foto antiga.")
    case_act(case=case, action="ask_correction", actor=clerk, note="Foto.")
    documents = Document.objects.count()
    with pytest.raises(RuleViolation) as refused:
        case_act(case=case, action="resubmit", actor=applicant_user,
                 doc_photo_1=pdf_file("foto.jpg"))
    assert refused.value.code == "file_mismatch"
    assert Document.objects.count() == documents
    assert ApplicationCase.objects.get(pk=case.pk).state == ApplicationState.CORRECTION_REQUESTED


def test_the_correction_page_uploads_the_refused_item_and_resubmits(
    client, applicant_user, clerk, today
):
    case = filed(applicant_user, today=today)
    case_act(case=case, action="review_document", actor=clerk, item="voter_title",
             decision="reject", note="Falta o comprovante de votação.")
    case_act(case=case, action="ask_correction", actor=clerk, note="Título.")
    client.force_login(applicant_user)
    page = client.get(f"/portal/outorga/{case.pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Falta o comprovante de votação." in html
    assert 'name="doc_voter_title"' in html and 'name="doc_cnh"' not in html
    response = client.post(
        f"/portal/outorga/{case.pk}/", {"doc_voter_title": pdf_file("titulo.pdf"), "note": ""}
    )
    assert response.status_code == 302
    assert ApplicationCase.objects.get(pk=case.pk).state == ApplicationState.FILED
    assert _statuses(case)["voter_title"] == "pending"


def test_accepting_an_accepted_document_again_is_refused_and_writes_nothing_art10(
    applicant_user, clerk, today
):
    """Issue 24 §6: a second "accept" of the same file added another history line."""
    case = filed(applicant_user, today=today)
    case_act(case=case, action="review_document", actor=clerk, item="cnh", decision="accept")
    lines = AuditEvent.objects.filter(case=case).count()
    with pytest.raises(StateConflict, match="já foi aceito"):
        case_act(case=case, action="review_document", actor=clerk, item="cnh", decision="accept")
    assert AuditEvent.objects.filter(case=case).count() == lines
    # Changing one's mind about the same file is still a decision to record.
    case_act(case=case, action="review_document", actor=clerk, item="cnh", decision="reject",
             note="Ilegível")
    assert _statuses(case)["cnh"] != "accepted"
