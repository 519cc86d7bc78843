"""Art. 46: "entregue pessoalmente ... mediante recibo" — an agent or a clerk delivers the
notice in person against a signed receipt, or records a refusal before two witnesses; that
date starts the clocks like an AR (issue 9, item 10; issue 19, item 7)."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile
from validate_docbr import CPF

from accounts.roles import Role
from cases.errors import NotPermitted, RuleViolation
from cases.models import AuditEvent, Deadline
from cases.services.transitions import case_act
from notifications.models import Notification, Receiver
from notifications.post import Witness, notice_deliver_in_person
from tests.factories import PASSWORD, AuthorizationFactory, UserFactory
from workflows.violation.models import ViolationNotice, ViolationState
from workflows.violation.services import violation_notice_issue

SP = ZoneInfo("America/Sao_Paulo")
pytestmark = pytest.mark.django_db
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


def _at(day):
    return time_machine.travel(dt.datetime(day.year, day.month, day.day, 10, tzinfo=SP),
                               tick=False)


@pytest.fixture
def letter(clerk):
    with _at(dt.date(2026, 4, 6)):
        notice = violation_notice_issue(
            agent=UserFactory(role=Role.FISCAL_AGENT), authorization=AuthorizationFactory(),
            item="X", occurred_at=dt.datetime(2026, 4, 6, 9, tzinfo=SP), place="Praça Central",
            password=PASSWORD,
        )
        case_act(case=notice, action="send_notice", actor=clerk, password=PASSWORD)
    return Notification.objects.get(case=notice, channel=Notification.Channel.REGISTERED_POST)


def _receipt():
    return SimpleUploadedFile("recibo.pdf", PDF, content_type="application/pdf")


def test_art_46_a_notice_delivered_in_person_against_a_receipt_starts_the_clocks(letter):
    agent = UserFactory(role=Role.FISCAL_AGENT)
    with _at(dt.date(2026, 4, 8)):
        row = notice_deliver_in_person(
            notification=letter, actor=agent, delivered_on=dt.date(2026, 4, 8),
            receiver_name=letter.recipient.name, receipt=_receipt(),
        )
    assert (row.status, row.delivered_on, row.received_on, row.delivered_in_person) == (
        Notification.Status.DELIVERED, dt.date(2026, 4, 8), dt.date(2026, 4, 8), True
    )
    assert row.ar_scan.name
    notice = ViolationNotice.objects.get(pk=letter.case_id)
    assert (notice.state, notice.received_on) == (ViolationState.NOTIFIED, dt.date(2026, 4, 8))
    assert Deadline.objects.filter(case=notice, kind="violation.appeal_window").exists()
    event = AuditEvent.objects.get(case=notice, transition="personal_delivery")
    assert (event.article, event.actor) == ("Art. 46", agent)
    assert event.data["refused"] is False
    assert event.data["receiver_name"] == letter.recipient.name


def test_art_46_a_refusal_before_two_witnesses_counts_as_delivery(letter, clerk):
    with _at(dt.date(2026, 4, 9)):
        notice_deliver_in_person(
            notification=letter, actor=clerk, delivered_on=dt.date(2026, 4, 9),
            receiver=Receiver.REFUSED,
            witnesses=[Witness("Ana Souza", CPF().generate()),
                       Witness("Rui Lima", CPF().generate())],
        )
    notice = ViolationNotice.objects.get(pk=letter.case_id)
    assert (notice.state, notice.received_on) == (ViolationState.NOTIFIED, dt.date(2026, 4, 9))
    event = AuditEvent.objects.get(case=notice, transition="personal_delivery")
    assert event.data["refused"] is True
    assert [w["name"] for w in event.data["witnesses"]] == ["Ana Souza", "Rui Lima"]


def test_art_46_without_a_signed_receipt_or_a_witnessed_refusal_nothing_is_recorded(
    letter, clerk
):
    with _at(dt.date(2026, 4, 9)):
        with pytest.raises(RuleViolation):
            notice_deliver_in_person(notification=letter, actor=clerk,
                                     delivered_on=dt.date(2026, 4, 9), receiver_name="João")
        with pytest.raises(RuleViolation):
            notice_deliver_in_person(notification=letter, actor=clerk,
                                     delivered_on=dt.date(2026, 4, 9),
                                     receiver=Receiver.REFUSED,
                                     witnesses=[Witness("Ana", CPF().generate())])
        with pytest.raises(NotPermitted):
            notice_deliver_in_person(notification=letter, actor=UserFactory(role=Role.DRIVER),
                                     delivered_on=dt.date(2026, 4, 9), receiver_name="João",
                                     receipt=_receipt())
    assert ViolationNotice.objects.get(pk=letter.case_id).state == ViolationState.NOTIFICATION_SENT
    assert not AuditEvent.objects.filter(transition="personal_delivery").exists()


def test_art_46_the_api_records_a_personal_delivery(letter, clerk):
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(clerk)
    with _at(dt.date(2026, 4, 8)):
        response = client.post(
            f"/api/notifications/{letter.pk}/personal-delivery/",
            {"delivered_on": "2026-04-08", "receipt": _receipt()},
            format="multipart",
        )
    assert response.status_code == 200, response.content
    body = response.json()
    assert (body["delivered_in_person"], body["received_on"]) == (True, "2026-04-08")
