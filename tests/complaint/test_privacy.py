"""LGPD: the passenger's name and contact are for staff only — never the driver's, never the
public receipt's, never the timeline's."""

from __future__ import annotations

import pytest

from accounts.roles import Role
from cases.models import AuditEvent
from tests.complaint.factories import CONTACT, PASSENGER, ComplaintCaseFactory
from tests.factories import UserFactory
from workflows.complaint.models import ComplaintCase

pytestmark = pytest.mark.django_db


def test_the_driver_complained_about_sees_nothing_of_the_complaint(client, api):
    complaint = ComplaintCaseFactory()
    holder = complaint.taxi.holder
    client.force_login(holder.user)

    assert client.get(f"/processos/{complaint.pk}/").status_code == 404
    portal = client.get("/portal/").content.decode()
    assert complaint.number not in portal and CONTACT not in portal
    assert api(holder.user).get(f"/api/cases/{complaint.pk}/").status_code == 404
    listed = api(holder.user).get("/api/cases/?closed=1").json()
    assert complaint.number not in [row["number"] for row in listed]


def test_the_appeal_commission_does_not_see_complaints_art52(client):
    complaint = ComplaintCaseFactory()
    client.force_login(UserFactory(role=Role.COMMISSION_MEMBER))

    assert client.get(f"/processos/{complaint.pk}/").status_code == 404


def test_a_clerk_sees_the_facts_and_the_passengers_contact_on_the_case_page(client, clerk):
    complaint = ComplaintCaseFactory()
    client.force_login(clerk)

    page = client.get(f"/processos/{complaint.pk}/").content.decode()

    assert PASSENGER in page and CONTACT in page
    assert complaint.account in page


FILING = {
    "plate": "XYZ1A23",
    "occurred_at": "2026-05-03T22:15",
    "place": "Rua Sete, 70",
    "account": "Ofendeu a passageira.",
    "passenger_name": PASSENGER,
    "passenger_contact": CONTACT,
}


def test_the_receipt_shows_the_number_and_nothing_else(client):
    filed = client.post("/reclamacao/", FILING)

    page = client.get(filed["Location"]).content.decode()

    assert ComplaintCase.objects.get().number in page
    for private in (PASSENGER, CONTACT, "XYZ1A23", "Rua Sete", "Ofendeu"):
        assert private not in page


def test_the_timeline_carries_nothing_that_identifies_the_passenger(client):
    client.post("/reclamacao/", FILING)

    [event] = AuditEvent.objects.all()
    assert PASSENGER not in f"{event.note} {event.data}"
    assert CONTACT not in f"{event.note} {event.data}"
