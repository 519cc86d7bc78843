"""Art. 46, personal delivery: the same date bounds as the posted letter's AR (not before
the notice, not in the future, a confirmation when a window would close at once) and a
receiver the law allows — the person notified, his attorney with a mandate, or a refusal
before two witnesses with their CPFs. A back-dated delivery made a notice final, with its
points, within seconds (issue 19, item 7)."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient
from validate_docbr import CPF

from accounts.roles import Role
from cases.models import AuditEvent, Deadline
from cases.services.transitions import case_act
from notifications.models import Notification
from tests.factories import PASSWORD, AuthorizationFactory, UserFactory
from workflows.violation.models import ViolationNotice, ViolationState
from workflows.violation.services import violation_notice_issue

SP = ZoneInfo("America/Sao_Paulo")
pytestmark = pytest.mark.django_db
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
URL = "/api/notifications/{}/personal-delivery/"


def _at(day: dt.date):
    return time_machine.travel(dt.datetime(day.year, day.month, day.day, 10, tzinfo=SP), tick=False)


def _pdf(name: str = "recibo.pdf") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, PDF, content_type="application/pdf")


@pytest.fixture
def letter(clerk) -> Notification:
    """A notice for an infraction on 06/04/2026, written and sent that day."""
    with _at(dt.date(2026, 4, 6)):
        notice = violation_notice_issue(
            agent=UserFactory(role=Role.FISCAL_AGENT),
            authorization=AuthorizationFactory(),
            item="X",
            occurred_at=dt.datetime(2026, 4, 6, 9, tzinfo=SP),
            place="Praça Central",
            password=PASSWORD,
        )
        case_act(case=notice, action="send_notice", actor=clerk, password=PASSWORD)
    return Notification.objects.get(case=notice, channel=Notification.Channel.REGISTERED_POST)


def _post(clerk, letter, today: dt.date, **fields):
    client = APIClient()
    client.force_authenticate(clerk)
    with _at(today):
        return client.post(URL.format(letter.pk), fields, format="multipart")


def _nothing_changed(letter: Notification) -> None:
    letter.refresh_from_db()
    notice = ViolationNotice.objects.get(pk=letter.case_id)
    assert (letter.status, letter.delivered_on, letter.received_on) == (
        Notification.Status.QUEUED,
        None,
        None,
    )
    assert (notice.state, notice.received_on) == (ViolationState.NOTIFICATION_SENT, None)
    assert not AuditEvent.objects.filter(case=notice, transition="personal_delivery").exists()
    assert not Deadline.objects.filter(case=notice, kind="violation.appeal_window").exists()


@pytest.mark.parametrize(
    "day",
    ["2000-01-01", "0001-01-01", "2026-04-05", "2026-04-10"],
    ids=["year-2000", "year-1", "before-the-infraction", "future"],
)
def test_art_46_a_back_dated_or_future_personal_delivery_is_400_and_changes_nothing(
    clerk, letter, day
):
    response = _post(clerk, letter, dt.date(2026, 4, 9), delivered_on=day, receipt=_pdf())
    assert response.status_code == 400, response.content
    assert response.json()["detail"]
    _nothing_changed(letter)


def test_art_46_a_delivery_that_closes_the_appeal_window_at_once_asks_for_confirmation(
    clerk, letter
):
    """Delivered 07/04/2026, recorded on 30/06/2026: the 30 business days of Art. 63 have
    run; recorded only once the clerk confirms, and the timeline says so."""
    late = dt.date(2026, 6, 30)
    response = _post(clerk, letter, late, delivered_on="2026-04-07", receipt=_pdf())
    assert response.status_code == 400
    assert response.json()["code"] == "windows_already_closed"
    _nothing_changed(letter)

    confirmed = _post(
        clerk,
        letter,
        late,
        delivered_on="2026-04-07",
        receipt=_pdf(),
        confirm_closed_windows=True,
    )
    assert confirmed.status_code == 200, confirmed.content
    assert AuditEvent.objects.filter(
        case_id=letter.case_id, transition="windows_closed_at_record"
    ).exists()


def test_art_46_a_stranger_is_no_receiver(clerk, letter):
    response = _post(
        clerk,
        letter,
        dt.date(2026, 4, 8),
        delivered_on="2026-04-08",
        receiver_name="Vizinho Qualquer",
        receipt=_pdf(),
    )
    assert response.status_code == 400
    assert response.json()["code"] == "receiver_not_the_addressee"
    _nothing_changed(letter)


def test_art_46_an_attorney_receives_only_with_his_mandate(clerk, letter):
    without = _post(
        clerk,
        letter,
        dt.date(2026, 4, 8),
        delivered_on="2026-04-08",
        receiver="attorney",
        receiver_name="Dra. Ana Souza",
        receiver_document="OAB/ES 12.345",
        receipt=_pdf(),
    )
    assert without.status_code == 400
    assert without.json()["code"] == "mandate_required"
    _nothing_changed(letter)

    response = _post(
        clerk,
        letter,
        dt.date(2026, 4, 8),
        delivered_on="2026-04-08",
        receiver="attorney",
        receiver_name="Dra. Ana Souza",
        receiver_document="OAB/ES 12.345",
        receipt=_pdf(),
        mandate=_pdf("procuracao.pdf"),
    )
    assert response.status_code == 200, response.content
    letter.refresh_from_db()
    assert (letter.receiver_kind, letter.receiver_name) == ("attorney", "Dra. Ana Souza")
    assert letter.mandate.name


def test_art_46_a_refusal_needs_two_witnesses_with_valid_cpfs(clerk, letter):
    day = dt.date(2026, 4, 8)
    one = _post(
        clerk,
        letter,
        day,
        delivered_on="2026-04-08",
        refused=True,
        witness_name="Ana Souza",
        witness_cpf=CPF().generate(),
    )
    assert (one.status_code, one.json()["code"]) == (400, "refusal_witnesses")
    invalid = _post(
        clerk,
        letter,
        day,
        delivered_on="2026-04-08",
        receiver="refused",
        witness_name="Ana Souza",
        witness_cpf="111.111.111-11",
        second_witness_name="Rui Lima",
        second_witness_cpf=CPF().generate(),
    )
    assert (invalid.status_code, invalid.json()["code"]) == (400, "invalid_cpf")
    _nothing_changed(letter)

    cpfs = [CPF().generate(), CPF().generate()]
    response = _post(
        clerk,
        letter,
        day,
        delivered_on="2026-04-08",
        receiver="refused",
        witness_name="Ana Souza",
        witness_cpf=cpfs[0],
        second_witness_name="Rui Lima",
        second_witness_cpf=cpfs[1],
    )
    assert response.status_code == 200, response.content
    letter.refresh_from_db()
    assert letter.witnesses == [
        {"name": "Ana Souza", "cpf": cpfs[0]},
        {"name": "Rui Lima", "cpf": cpfs[1]},
    ]
    notice = ViolationNotice.objects.get(pk=letter.case_id)
    assert (notice.state, notice.received_on) == (ViolationState.NOTIFIED, day)
