"""Art. 46: sending the notice issues the Notificação de Multa, addressed to the holder,
with the amount in VRTE and in reais and the deadlines of Arts. 55 and 63."""

from __future__ import annotations

from decimal import Decimal

import pytest
import time_machine

from documents.codes import verification_code_display
from documents.models import OfficialDocument
from documents.notices import fine_notification_issue
from tests.documents.helpers import pdf_text
from tests.documents.paper import ISSUED_AT, notice_sent, rendered

pytestmark = pytest.mark.django_db

Kind = OfficialDocument.Kind


@pytest.fixture
def papers():
    with time_machine.travel(ISSUED_AT, tick=False):
        yield notice_sent()


def test_art_46_sending_the_notice_issues_one_fine_notification(papers):
    documents = OfficialDocument.objects.filter(case=papers.notice).order_by("pk")

    assert [(d.kind, d.number) for d in documents] == [
        (Kind.VIOLATION_NOTICE, papers.notice.number),
        (Kind.REGISTERED_LETTER, "CR-2026/000001"),
        (Kind.FINE_NOTIFICATION, "NM-2026/000001"),
    ]


def test_art_46_fine_notification_has_recipient_address_date_number_and_code(papers):
    document = rendered(papers.notice, Kind.FINE_NOTIFICATION)
    text = pdf_text(document)

    assert "Nome José Carlos Ferreira" in text
    assert "Endereço Rua das Acácias, 45 — Vila Nova, Mantenópolis — CEP 29770-000" in text
    assert f"Auto de Infração {papers.notice.number}, lavrado em 04/05/2026" in text
    assert "Notificação de Multa Nº NM-2026/000001" in text
    assert "emitido em 04/05/2026" in text
    assert f"Código de verificação: {verification_code_display(document.verification_code)}" in text


def test_art_54_55_fine_notification_shows_vrte_reais_and_the_deadline_rule(papers):
    text = pdf_text(rendered(papers.notice, Kind.FINE_NOTIFICATION))

    assert "Valor em VRTE (Arts. 54 e 57) 150,00 VRTE" in text
    assert "Valor da VRTE (2026) R$ 4,7331" in text
    assert "Valor a pagar R$ 709,97" in text
    assert "Pagar até 10 dias contados do recebimento desta notificação (Art. 55 I)" in text
    assert "Suspensão da autorização por 30 dias" in text


def test_art_59_i_a_warning_without_fine_issues_no_fine_notification(papers):
    notice = papers.notice
    notice.fine_vrte = Decimal("0")

    assert fine_notification_issue(notice=notice, actor=papers.clerk) is None
    assert OfficialDocument.objects.filter(case=notice, kind=Kind.FINE_NOTIFICATION).count() == 1
