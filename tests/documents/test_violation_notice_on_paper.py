"""Art. 47: the Auto de Infração prints every field the law requires, its number is its
case's, and the agent is named with his matrícula — read back from the PDF."""

from __future__ import annotations

import io

import pytest
import time_machine
from pypdf import PdfReader

from documents.codes import verification_code_display
from documents.models import OfficialDocument
from tests.documents.helpers import pdf_text
from tests.documents.paper import ISSUED_AT, notice_sent, rendered

pytestmark = pytest.mark.django_db

Kind = OfficialDocument.Kind


@pytest.fixture
def papers():
    with time_machine.travel(ISSUED_AT, tick=False):
        yield notice_sent()


def test_art_47_notice_number_is_the_case_number_on_paper(papers):
    document = rendered(papers.notice, Kind.VIOLATION_NOTICE)
    text = pdf_text(document)

    assert document.number == papers.notice.number == "2026/000001"
    assert "Auto de Infração Nº 2026/000001" in text
    assert "AI-2026/" not in text


def test_art_47_vi_notice_names_the_agent_and_his_matricula_not_his_login(papers):
    text = pdf_text(rendered(papers.notice, Kind.VIOLATION_NOTICE))

    assert "Agente fiscal Roberto Alves Matrícula 1043-7" in text
    assert "rob.fiscal" not in text


def test_art_47_i_to_v_notice_prints_holder_authorization_infraction_vehicle_place_and_time(
    papers,
):
    document = rendered(papers.notice, Kind.VIOLATION_NOTICE)
    text = pdf_text(document)

    assert "Nome do taxista José Carlos Ferreira" in text
    assert "Número da autorização TA-0007/2024" in text
    assert "Art. 58 XIII da Lei nº 1.764/2023 — grupo 3" in text
    assert "Placa MTP4B21 Marca/modelo Fiat Cronos Cor prata" in text
    assert "Local Rodoviária, plataforma 2 Data e hora 02/05/2026 09:30" in text
    assert "Lavrado em 04/05/2026" in text
    assert f"Código de verificação: {verification_code_display(document.verification_code)}" in text


def test_art_59_notice_states_the_penalty_in_full_with_the_fine_in_reais(papers):
    text = pdf_text(rendered(papers.notice, Kind.VIOLATION_NOTICE))

    # 150 VRTE (group 3, Art. 57 III) at R$ 4,7331 (Art. 54) = R$ 709,965 → R$ 709,97
    assert "Multa: 150,00 VRTE = R$ 709,97 (VRTE de 2026: R$ 4,7331; Arts. 54 e 57)." in text
    assert "Pontos: 5 pontos no cadastro do condutor (Art. 56)." in text
    assert "Suspensão da autorização por 30 dias" in text and "(Art. 59 III)" in text
    assert "Impedimento de circulação do veículo por até 90 dias" in text


def test_art_47_par_1_notice_fits_one_sheet_with_both_signature_lines(papers):
    document = rendered(papers.notice, Kind.VIOLATION_NOTICE)
    with document.file.open("rb") as handle:
        pages = PdfReader(io.BytesIO(handle.read())).pages

    assert len(pages) == 1
    assert "Agente fiscal Autuado — não assinou" in pdf_text(document)
