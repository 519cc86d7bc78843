"""Art. 59 I (FIRST_OFFENCE_WARNING=instead): the written warning for a first group 1-2
infraction is not a fine of 0,00 VRTE. No payment guide, no payment clock, no "pagamento
da multa" in the letter; every surface says "advertência escrita (Art. 59 I)", read from
the one description of the penalty (documents.penalties.PenaltyInFull). The same surfaces
for a fine tell the fine. And the warning can still be appealed (Art. 63).
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
import time_machine
from django.test import Client
from rest_framework.test import APIClient

from accounts.roles import Role
from cases.models import Deadline
from cases.services.transitions import case_act
from documents.models import OfficialDocument
from notifications.models import Notification
from tests.documents.helpers import pdf_text
from tests.documents.paper import ISSUED_AT, notice_sent, rendered
from tests.factories import UserFactory
from workflows.appeal.selectors import notices_appealable_by
from workflows.violation.models import ViolationNotice
from workflows.violation.services import violation_notice_received

pytestmark = pytest.mark.django_db

WARNING = "dvertência escrita (Art. 59 I)"  # capitalised at the start of a line or not
NOT_FOR_A_WARNING = ("0,00 VRTE", "0.00 VRTE", "agamento da multa", "VRTE não cadastrad")


@pytest.fixture(params=["warning", "fine"])
def notice(request) -> tuple[str, ViolationNotice]:
    """A notice issued, sent and received on 04/05/2026: item X (group 2, first offence:
    the warning) or XIV (a group 3 fine)."""
    item = {"warning": "X", "fine": "XIV"}[request.param]
    with time_machine.travel(ISSUED_AT, tick=False):
        papers = notice_sent(item=item)
        violation_notice_received(
            case=papers.notice, received_on=ISSUED_AT.date(), actor=papers.clerk
        )
    with time_machine.travel(ISSUED_AT + dt.timedelta(days=1), tick=False):
        yield request.param, ViolationNotice.objects.get(pk=papers.notice.pk)


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _surfaces(notice: ViolationNotice) -> dict[str, str]:
    user = notice.applicant.user
    client = Client()
    client.force_login(user)
    api = APIClient()
    api.force_authenticate(user)
    letter = Notification.objects.get(
        case=notice, template="violation_notice", channel=Notification.Channel.REGISTERED_POST
    )
    emails = Notification.objects.filter(case=notice, template="violation_received")
    return {
        "notice PDF": pdf_text(rendered(notice, OfficialDocument.Kind.VIOLATION_NOTICE)),
        "letter": letter.body,
        "e-mail": " ".join(e.body for e in emails),
        "portal": _text(client.get("/portal/").content.decode()),
        "case page": _text(client.get(f"/processos/{notice.pk}/").content.decode()),
        "penalties page": _text(client.get(f"/autos/{notice.pk}/penalidades/").content.decode()),
        "API": str(api.get(f"/api/cases/{notice.pk}/").json()["details"]["penalty"]),
    }


def test_art_59_i_every_surface_tells_the_warning_or_the_fine_from_one_description(notice):
    kind, notice = notice
    for surface, text in _surfaces(notice).items():
        if kind == "warning":
            assert WARNING in text, surface
            for wrong in NOT_FOR_A_WARNING:
                assert wrong not in text, (surface, wrong)
        else:
            assert "VRTE = R$" in text or "VRTE (R$" in text or "'fine_reais': '" in text, surface


def test_art_59_i_a_warning_has_no_payment_clock_and_no_guide_but_an_appeal(notice):
    kind, notice = notice
    pending = set(
        Deadline.objects.filter(case=notice, state=Deadline.State.PENDING).values_list(
            "kind", flat=True
        )
    )
    client = Client()
    client.force_login(notice.applicant.user)
    guide = client.get(f"/autos/{notice.pk}/guia/")
    api = APIClient()
    api.force_authenticate(notice.applicant.user)
    penalty = api.get(f"/api/cases/{notice.pk}/").json()["details"]["penalty"]
    appealable = notices_appealable_by(notice.applicant.user).filter(pk=notice.pk).exists()
    if kind == "warning":
        assert pending == {"violation.appeal_window"}
        assert guide.status_code == 409
        assert "advertência escrita (Art. 59 I), sem multa" in guide.content.decode()
        assert "VRTE do ano" not in guide.content.decode()
        assert (penalty["kind"], penalty["has_fine"], penalty["fine_vrte"]) == (
            "warning",
            False,
            "0.00",
        )
        assert penalty["summary"] == "advertência escrita (Art. 59 I), sem multa"
        # Nothing to register as paid either.
        clerk = UserFactory(role=Role.CLERK)
        from cases.errors import DomainError

        with pytest.raises(DomainError):
            case_act(case=notice, action="pay", actor=clerk)
    else:
        assert pending == {"violation.appeal_window", "violation.payment"}
        assert guide.status_code == 200
        assert (penalty["kind"], penalty["has_fine"]) == ("fine", True)
    assert appealable  # Art. 63: a warning is appealed like a fine
