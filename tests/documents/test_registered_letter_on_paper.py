"""Art. 46: the registered letter with AR can be posted — its recipient box, its date line,
its number and its verification code are on the paper, read back from the PDF."""

from __future__ import annotations

import pytest
import time_machine

from documents.codes import verification_code_display
from documents.models import OfficialDocument
from notifications.models import Notification
from tests.documents.helpers import pdf_text
from tests.documents.paper import ISSUED_AT, notice_sent, rendered

pytestmark = pytest.mark.django_db

Kind = OfficialDocument.Kind


@pytest.fixture
def papers():
    with time_machine.travel(ISSUED_AT, tick=False):
        yield notice_sent()


def test_art_46_letter_has_the_recipients_name_and_full_address_in_its_box(papers):
    letter = rendered(papers.notice, Kind.REGISTERED_LETTER)
    text = pdf_text(letter)

    assert "José Carlos Ferreira Rua das Acácias, 45 Vila Nova — Mantenópolis CEP 29770-000" in text


def test_art_46_letter_is_dated_the_day_it_is_written_in_the_municipality(papers):
    text = pdf_text(rendered(papers.notice, Kind.REGISTERED_LETTER))

    assert "Mantenópolis, 04/05/2026." in text
    assert "Mantenópolis, ." not in text


def test_art_46_letter_prints_its_number_reference_and_verification_code(papers):
    letter = rendered(papers.notice, Kind.REGISTERED_LETTER)
    text = pdf_text(letter)

    assert letter.number == "CR-2026/000001"
    assert "Nº CR-2026/000001" in text
    assert f"Referência Processo {papers.notice.number}" in text
    assert f"Código de verificação: {verification_code_display(letter.verification_code)}" in text
    # The notification row points at this very letter (the clerk prints it from there).
    assert Notification.objects.get(
        case=papers.notice, channel=Notification.Channel.REGISTERED_POST
    ).letter == letter


def test_art_46_letter_carries_the_notice_with_its_number_and_the_penalty_in_full(papers):
    text = pdf_text(rendered(papers.notice, Kind.REGISTERED_LETTER))

    assert f"Auto de Infração {papers.notice.number}" in text
    assert "Suspensão da autorização por 30 dias" in text
    assert "Pontos: 5 pontos no cadastro do condutor (Art. 56)." in text
