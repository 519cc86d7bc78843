"""Art. 53 I: a notice annulled as inconsistent or irregular stops its clocks — to pay, to
appeal — and its papers leave the driver's portal (issue 19, item 15: the annulled notice
kept its payment date and its documents among the open items)."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine

from cases.models import Deadline
from cases.services.transitions import case_act
from documents.models import OfficialDocument
from tests.documents.paper import ISSUED_AT, notice_sent, render_pending
from tests.web.portal_helpers import portal_text
from workflows.violation.models import ViolationState
from workflows.violation.services import violation_notice_received

pytestmark = pytest.mark.django_db


def test_art_53_i_an_annulled_notice_closes_its_deadlines_and_leaves_the_portal(client):
    with time_machine.travel(ISSUED_AT, tick=False):
        papers = notice_sent(item="XIV")
        violation_notice_received(
            case=papers.notice, received_on=ISSUED_AT.date(), actor=papers.clerk
        )
    render_pending()  # the notice, the letter and the Notificação de Multa, as PDFs
    numbers = list(
        OfficialDocument.objects.filter(case=papers.notice).values_list("number", flat=True)
    )
    with time_machine.travel(ISSUED_AT + dt.timedelta(days=2), tick=False):
        before = portal_text(client, papers.holder_user)
        assert papers.notice.number in before and "Pagamento da multa" in before
        assert all(number in before for number in numbers)

        annulled = case_act(
            case=papers.notice,
            action="annul",
            actor=papers.clerk,
            note="Placa anotada errada pelo agente.",
        )

        assert annulled.state == ViolationState.ANNULLED
        assert not Deadline.objects.filter(case=annulled, state=Deadline.State.PENDING).exists()
        text = portal_text(client, papers.holder_user)
    assert "Pagamento da multa" not in text and "Prazo de recurso" not in text
    assert papers.notice.number not in text
    assert numbers and not any(number in text for number in numbers)
