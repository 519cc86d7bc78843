"""Art. 59 III-IV, Art. 63: when a penalty starts to be served without an appeal — the
fine paid, or the appeal window closed — the driver is told by e-mail what now applies and
its dates; after an appeal, the decision's own letter and e-mail say it (no second one)."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine

from cases.models import Deadline
from cases.services.deadlines import deadlines_sweep
from notifications.models import Notification
from tests.documents.paper import ISSUED_AT, appeal_denied, notice_sent
from workflows.violation.services import violation_notice_received, violation_pay

pytestmark = pytest.mark.django_db

TEMPLATE = "violation_penalties_applied"


@pytest.fixture
def notified():
    with time_machine.travel(ISSUED_AT, tick=False):
        papers = notice_sent()
        violation_notice_received(
            case=papers.notice, received_on=dt.date(2026, 5, 4), actor=papers.clerk
        )
        return papers


def test_art_59_iii_paying_the_fine_tells_the_suspension_and_its_dates(notified, settings):
    # The reading where paying ends the appeal (Art. 55; PAYMENT_ENDS_APPEAL): the penalty
    # starts with the payment. By default it starts when the appeal window closes.
    settings.PAYMENT_ENDS_APPEAL = True
    with time_machine.travel(ISSUED_AT + dt.timedelta(days=2), tick=False):
        violation_pay(case=notified.notice, actor=notified.clerk)

    mail = Notification.objects.get(case=notified.notice, template=TEMPLATE)
    assert mail.recipient == notified.notice.applicant
    assert "foi registrado em 06/05/2026" in mail.body
    assert "- Suspensão da autorização por 30 dias de 06/05/2026 a 04/06/2026, inclusive," in (
        mail.body
    )
    assert "- Impedimento de circulação do veículo por até 90 dias de 06/05/2026 a 03/08/2026" in (
        mail.body
    )
    assert "- Multa: 150,00 VRTE = R$ 709,97" in mail.body


def test_art_63_the_window_closing_tells_the_penalty_now_final(notified):
    closes = Deadline.objects.get(case=notified.notice, kind="violation.appeal_window").due_on
    day_after = closes + dt.timedelta(days=1)

    deadlines_sweep(today=day_after)

    mail = Notification.objects.get(case=notified.notice, template=TEMPLATE)
    assert "terminou sem recurso; a penalidade fica definitiva" in mail.body
    assert f"- Suspensão da autorização por 30 dias de {day_after:%d/%m/%Y}" in mail.body


def test_art_63_par_1_after_an_appeal_only_the_decision_tells_it():
    appeal = appeal_denied()

    assert not Notification.objects.filter(case=appeal.notice, template=TEMPLATE).exists()
    assert Notification.objects.filter(case=appeal, template="appeal_decided").count() == 2
