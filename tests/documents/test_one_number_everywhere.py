"""One document, one number: the case page, the PDF and the public verification page show
the same number, and the verification page still takes the numbers older papers print."""

from __future__ import annotations

import datetime as dt
import re

import pytest
import time_machine

from documents.models import OfficialDocument
from tests.documents.helpers import pdf_text
from tests.documents.paper import (
    ISSUED_AT,
    SP,
    application_homologated,
    notice_sent,
    rendered,
)

pytestmark = pytest.mark.django_db

Kind = OfficialDocument.Kind


@pytest.fixture
def granted():
    with time_machine.travel(dt.datetime(2026, 6, 15, 11, tzinfo=SP), tick=False):
        yield application_homologated(today=dt.date(2026, 6, 15))


def _text(response) -> str:
    assert response.status_code == 200
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def _verify(client, query: str) -> str:
    return _text(client.get("/verificar/", {"q": query}))


def test_art_47_notice_number_agrees_on_case_page_pdf_and_verification(client):
    with time_machine.travel(ISSUED_AT, tick=False):
        papers = notice_sent()
        document = rendered(papers.notice, Kind.VIOLATION_NOTICE)
        client.force_login(papers.clerk)
        case_page = _text(client.get(f"/processos/{papers.notice.pk}/"))
        client.logout()
        verified = _text(client.get(f"/verificar/{document.verification_code}/"))

    number = papers.notice.number
    assert f"Auto de Infração {number}" in case_page
    assert f"Auto de Infração Nº {number}" in pdf_text(document)
    assert f"Auto de Infração nº {number}" in verified


def test_art_17_the_im_card_number_is_found_on_the_verification_page(client, granted):
    document = rendered(granted.case, Kind.IM_CARD)

    page = _verify(client, document.number)

    assert "Autorizado" in page and "Maria das Graças Souza" in page
    assert f"IM {document.number} — válida de 15/06/2026 a 14/06/2027" in page


def test_art_17_old_card_numbers_and_other_paddings_still_lead_to_the_taxi(client, granted):
    # A card printed before the numbers were unified carries its document-series number.
    card = OfficialDocument.objects.get(case=granted.case, kind=Kind.IM_CARD)
    OfficialDocument.objects.filter(pk=card.pk).update(number="IM-2026/000001")

    for typed in ("IM-2026/000001", "im-2026/00001", "IM 2026/1"):
        page = _verify(client, typed)
        assert "Autorizado" in page, typed
        assert "Maria das Graças Souza" in page, typed


def test_art_22_termo_number_old_and_new_forms_lead_to_the_taxi(client, granted):
    term = OfficialDocument.objects.get(case=granted.case, kind=Kind.AUTHORIZATION_TERM)
    assert term.number == "TA-0001/2026"
    OfficialDocument.objects.filter(pk=term.pk).update(number="TA-2026/000001")

    for typed in ("TA-0001/2026", "ta-1/2026", "TA-2026/000001"):
        page = _verify(client, typed)
        assert "Autorizado" in page, typed
        assert "TA-0001/2026" in page, typed


def test_a_notice_is_not_found_by_its_number_on_the_public_page(client):
    # Counting up notice numbers must not tell the public who was fined: code only.
    with time_machine.travel(ISSUED_AT, tick=False):
        papers = notice_sent()
        page = _verify(client, papers.notice.number)

    assert "Nenhum táxi ou documento encontrado" in page
    assert "José Carlos Ferreira" not in page
