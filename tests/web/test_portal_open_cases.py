"""Arts. 55 and 63: the portal lists the driver's open cases with what comes next and
until when — the nearest pending deadline of each."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine

from tests.documents.paper import ISSUED_AT, notice_sent
from tests.web.portal_helpers import portal_text
from workflows.suspension.services import suspension_file
from workflows.violation.services import violation_notice_received

pytestmark = pytest.mark.django_db


@pytest.fixture
def notified():
    with time_machine.travel(ISSUED_AT, tick=False):
        papers = notice_sent()
        violation_notice_received(
            case=papers.notice, received_on=dt.date(2026, 5, 4), actor=papers.clerk
        )
        yield papers


def test_art_55_the_next_step_of_a_notified_notice_is_the_payment_date(client, notified):
    text = portal_text(client, notified.holder_user, "open-cases")

    assert (
        f"{notified.notice.number} Auto de infração "
        "Multa de 150,00 VRTE (R$ 709,97) "  # the penalty, as the notice tells it
        "Notificado: prazos de pagamento e recurso correndo "
        "Sua vez — Pagamento da multa: 14/05/2026 (Art. 55 I)"
    ) in text


def test_art_46_before_the_ar_the_next_step_is_the_notification_limit(client):
    with time_machine.travel(ISSUED_AT, tick=False):
        papers = notice_sent()
        text = portal_text(client, papers.holder_user, "open-cases")

    # Art. 46 caput and §1: 60 days from the finding (02/05/2026).
    assert "Prazo para notificar o infrator (senão o auto é arquivado): 01/07/2026" in text


def test_art_24_a_pending_suspension_is_not_offered_again(client, driver):
    """Issue 24: a suspension was still offered while one was pending."""
    assert "Pedir suspensão (Art. 24)" in portal_text(client, driver.user, "requests")
    suspension_file(actor=driver.user, driver=driver, ground="IV", days=30)
    text = portal_text(client, driver.user, "requests")
    assert "Pedir suspensão (Art. 24)" not in text
    assert "Renovar" in text or "Substituir o veículo" in text  # the others still offered
