"""The PDFs say what the law requires them to say, read back from the file with pypdf.

Real WeasyPrint renders, no mocks: what a test finds is what the printer gets.
"""

from __future__ import annotations

import datetime as dt
import io
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from documents.codes import verification_code_display
from documents.models import OfficialDocument
from documents.services import (
    authorization_term_issue,
    document_issue,
    document_render,
    im_card_context,
    im_card_issue,
    infraction_context,
)
from registers.validators import format_cpf
from tests.documents.helpers import cpf_forms, pdf_text
from tests.factories import AuthorizationFactory, MunicipalRegistrationFactory, VehicleFactory

pytestmark = pytest.mark.django_db

Kind = OfficialDocument.Kind


def _issue_and_render(**kwargs) -> tuple[OfficialDocument, str]:
    document = document_issue(**kwargs)
    document = document_render(document_id=document.pk)
    assert document.status == OfficialDocument.Status.READY, document.last_error
    return document, pdf_text(document)


def _footer_is_there(document: OfficialDocument, text: str) -> None:
    assert document.number in text
    assert verification_code_display(document.verification_code) in text
    assert "Prefeitura Municipal de Mantenópolis" in text
    assert "Secretaria de Finanças, em conjunto com a Fiscalização e Tributação" in text
    assert f"/verificar/{document.verification_code}/" in text
    assert "Verifique em" in text


def test_authorization_term_shows_number_holder_plate_and_grant_date_art22(clerk):
    authorization = AuthorizationFactory(
        number="TA-0042",
        holder__name="Joana Almeida Prates",
        vehicle=VehicleFactory(plate="MTP4321", make="Fiat", model="Cronos", colour="branca"),
        granted_on=dt.date(2024, 3, 1),
    )
    document = authorization_term_issue(authorization=authorization, actor=clerk)
    document = document_render(document_id=document.pk)
    text = pdf_text(document)

    assert document.kind == Kind.AUTHORIZATION_TERM
    assert document.number.startswith("TA-")
    assert "Termo de Autorização" in text
    assert "TA-0042" in text
    assert "Joana Almeida Prates" in text
    assert "MTP-4321" in text  # old-format plate shown with its dash
    assert "Fiat Cronos" in text
    assert "01/03/2024" in text
    # The Termo goes to its holder: the full CPF is on it.
    assert format_cpf(authorization.holder.cpf) in text
    _footer_is_there(document, text)


def test_im_card_shows_the_data_of_art17_and_no_cpf(clerk):
    registration = MunicipalRegistrationFactory(
        number="IM-07731",
        authorization__holder__name="Carlos Pereira Nunes",
        authorization__holder__address="Rua das Palmeiras, 45",
        authorization__vehicle=VehicleFactory(plate="RIO2A18", make="Chevrolet", model="Spin"),
        valid_from=dt.date(2026, 1, 10),
        valid_until=dt.date(2027, 1, 9),
    )
    document = im_card_issue(registration=registration, actor=clerk)
    document = document_render(document_id=document.pk)
    text = pdf_text(document)

    assert document.kind == Kind.IM_CARD
    assert document.number.startswith("IM-")
    assert document.registration == registration
    assert document.authorization == registration.authorization
    assert "IM-07731" in text  # I
    assert "Carlos Pereira Nunes" in text  # II
    assert "Rua das Palmeiras, 45" in text  # III
    assert "RIO2A18" in text and "Chevrolet Spin" in text  # IV
    assert "10/01/2026" in text and "09/01/2027" in text  # V
    assert "Foto 3x4" in text  # no photo yet: the placeholder box
    _footer_is_there(document, text)
    # Shown to passengers in the car: no CPF in any form, on paper or in the stored context.
    for form in cpf_forms(registration.authorization.holder.cpf):
        assert form not in text
        assert form not in str(document.context)


def test_im_card_embeds_the_holders_photo_reduced_art17(clerk):
    buffer = io.BytesIO()
    Image.new("RGB", (1200, 1600), (40, 90, 160)).save(buffer, format="JPEG")
    registration = MunicipalRegistrationFactory()
    holder = registration.authorization.holder
    holder.photo = SimpleUploadedFile("foto.jpg", buffer.getvalue(), content_type="image/jpeg")
    holder.save()

    context = im_card_context(registration)

    assert context["holder"]["photo"].startswith("data:image/jpeg;base64,")
    # Reduced to 300x400: a few kB in the row, not the original upload.
    assert len(context["holder"]["photo"]) < len(buffer.getvalue())
    document = im_card_issue(registration=registration, actor=clerk)
    document = document_render(document_id=document.pk)
    assert "Foto 3x4" not in pdf_text(document)


def _violation_context() -> dict:
    return {
        "holder": {"name": "Márcio Tavares Lima"},
        "offender": {"name": "Rui Coelho Bastos"},
        "authorization": {"number": "TA-0107"},
        "infraction": infraction_context("IV"),
        "vehicle": {"plate": "QRS5T67", "make": "Toyota", "model": "Etios", "colour": "prata"},
        "place": "Praça Cândido Xavier, em frente à rodoviária",
        "occurred_at": dt.datetime(2026, 5, 14, 21, 35, tzinfo=dt.UTC),
        "agent": {"name": "Fiscal Helena Duarte", "registration": "MAT-3381"},
        "description": "Seis passageiros num veículo de lotação cinco.",
        "points": 2,
        "fine_vrte": Decimal("80"),
        "issued_on": dt.date(2026, 5, 14),
    }


def test_violation_notice_shows_every_field_of_art47():
    context = _violation_context()
    document, text = _issue_and_render(kind=Kind.VIOLATION_NOTICE, context=context)

    assert document.number.startswith("AI-")
    assert "Márcio Tavares Lima" in text  # I — nome do taxista
    assert "Rui Coelho Bastos" in text  # identified driver (Art. 50)
    assert "TA-0107" in text  # II — número da autorização
    assert "Art. 58 IV" in text  # III — dispositivo infringido
    assert context["infraction"]["text"][:60] in text  # … and its text
    assert "QRS5T67" in text and "Toyota Etios" in text and "prata" in text  # IV
    assert "Praça Cândido Xavier, em frente à rodoviária" in text  # V — local
    assert "14/05/2026 18:35" in text  # V — data e hora, in local time (UTC-3)
    assert "Fiscal Helena Duarte" in text and "MAT-3381" in text  # VI — agente fiscal
    # § 1º: the signature is not an admission; its absence does not invalidate.
    assert "não significa reconhecimento da falta" in text
    assert "não invalida o ato fiscal" in text
    assert "80,00 VRTE" in text
    _footer_is_there(document, text)


def test_fine_notification_shows_amount_in_vrte_and_reais_and_payment_date_art55():
    context = {
        "holder": {
            "name": "Márcio Tavares Lima",
            "address": "Rua Sete, 12",
            "city": "Mantenópolis",
        },
        "authorization": {"number": "TA-0107"},
        "notice": {
            "number": "AI-2026/000003",
            "issued_on": dt.date(2026, 5, 14),
            "occurred_at": dt.datetime(2026, 5, 14, 21, 35, tzinfo=dt.UTC),
            "place": "Praça Cândido Xavier",
        },
        "infraction": infraction_context("IV"),
        "vehicle": {"plate": "QRS5T67", "make": "Toyota", "model": "Etios", "colour": "prata"},
        "fine": {
            "vrte": Decimal("80"),
            "vrte_value": Decimal("4.7523"),
            "amount": Decimal("380.18"),
            "year": 2026,
        },
        "notified_on": dt.date(2026, 5, 20),
        "payment_due": dt.date(2026, 6, 1),
        "appeal_due": dt.date(2026, 7, 2),
    }
    document, text = _issue_and_render(kind=Kind.FINE_NOTIFICATION, context=context)

    assert document.number.startswith("NM-")
    assert "Notificação de Multa" in text
    assert "80,00 VRTE" in text
    assert "R$ 4,75" in text
    assert "R$ 380,18" in text
    assert "Pagar até 01/06/2026" in text
    assert "Recurso até 02/07/2026" in text
    assert "20/05/2026" in text
    assert "AI-2026/000003" in text
    assert "Art. 55" in text
    _footer_is_there(document, text)


def test_appeal_decision_shows_outcome_and_each_vote_with_reasons_art52():
    context = {
        "case_number": "2026/000321",
        "appellant": {"name": "Márcio Tavares Lima"},
        "authorization": {"number": "TA-0107"},
        "notice": {"number": "AI-2026/000003"},
        "infraction": infraction_context("IV"),
        "filed_on": dt.date(2026, 6, 10),
        "outcome": "denied",
        "summary": "O recurso não trouxe prova da recusa justificada.",
        "votes": [
            {"member": "Ana Souza", "seat": "I", "vote": "denied", "reasons": "Sem prova."},
            {
                "member": "Jorge Lima",
                "seat": "II",
                "vote": "granted",
                "reasons": "Dúvida razoável.",
            },
            {"member": "Lia Matos", "seat": "III", "vote": "denied", "reasons": "Relato coerente."},
        ],
        "decided_on": dt.date(2026, 7, 20),
        "payment_due": dt.date(2026, 8, 3),
    }
    document, text = _issue_and_render(kind=Kind.APPEAL_DECISION, context=context)

    assert document.number.startswith("DR-")
    assert "Recurso não provido" in text
    assert "O recurso não trouxe prova da recusa justificada." in text
    for member, reasons in [
        ("Ana Souza", "Sem prova."),
        ("Jorge Lima", "Dúvida razoável."),
        ("Lia Matos", "Relato coerente."),
    ]:
        assert member in text and reasons in text
    assert "Representante do Poder Público (Art. 52 I)" in text
    assert "Representante dos taxistas (Art. 52 II)" in text
    assert "Representante da sociedade civil (Art. 52 III)" in text
    assert "pelo provimento" in text and "pelo não provimento" in text
    assert "20/07/2026" in text and "10/06/2026" in text
    assert "até 03/08/2026 (Art. 55 II)" in text
    _footer_is_there(document, text)


def test_registered_letter_carries_the_notice_text_and_its_deadlines_as_dates_art46():
    context = {
        "recipient": {
            "name": "Márcio Tavares Lima",
            "address": "Rua Sete, 12",
            "district": "Centro",
            "city": "Mantenópolis",
            "postal_code": "29770-000",
        },
        "reference": "Processo 2026/000321",
        "subject": "Notificação de autuação",
        "body": "Fica V. Sa. notificado do Auto de Infração AI-2026/000003.\nO auto segue anexo.",
        "deadlines": [
            {"label": "Pagamento da multa", "date": dt.date(2026, 6, 1), "article": "Art. 55"},
            {"label": "Recurso", "date": dt.date(2026, 7, 2), "article": "Art. 63"},
        ],
        "sender": {"name": "Paula Ramos", "role": "Secretaria de Finanças"},
        "dated_on": dt.date(2026, 5, 15),
    }
    document, text = _issue_and_render(kind=Kind.REGISTERED_LETTER, context=context)

    assert document.number.startswith("CR-")
    assert "Márcio Tavares Lima" in text and "29770-000" in text
    assert "Fica V. Sa. notificado do Auto de Infração AI-2026/000003." in text
    assert "O auto segue anexo." in text
    assert "Pagamento da multa (Art. 55) até 01/06/2026" in text
    assert "Recurso (Art. 63) até 02/07/2026" in text
    assert "Mantenópolis, 15/05/2026." in text
    assert "aviso de recebimento (AR)" in text
    _footer_is_there(document, text)
