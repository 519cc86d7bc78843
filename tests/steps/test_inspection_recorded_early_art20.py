"""Art. 20: an inspection recorded a week before the day it was booked for was taken
without a word (issue 19, item 15). Now it is refused with the booked day unless the
inspector confirms it was done today, and the timeline says it came early."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from cases.models import AuditEvent
from inspections.models import Inspection
from law import inspection as law_inspection
from tests.application.factories import ApplicationCaseFactory
from tests.factories import VehicleFactory

pytestmark = pytest.mark.django_db

ALL_MET = {item.code: True for item in law_inspection.ITEMS}


def _scheduled(clerk, days_ahead: int) -> Inspection:
    return Inspection.objects.create(
        case=ApplicationCaseFactory(),
        vehicle=VehicleFactory(),
        scheduled_for=timezone.now() + dt.timedelta(days=days_ahead),
        place="Pátio da Secretaria",
    )


def test_art_20_an_inspection_a_week_early_is_refused_unless_confirmed(clerk):
    inspection = _scheduled(clerk, 7)
    client = APIClient()
    client.force_authenticate(clerk)
    url = f"/api/inspections/{inspection.pk}/result/"

    refused = client.post(url, {"items": ALL_MET}, format="json")

    assert refused.status_code == 400
    assert refused.json()["code"] == "inspection_before_schedule"
    booked = timezone.localtime(inspection.scheduled_for).strftime("%d/%m/%Y")
    assert booked in refused.json()["detail"]
    inspection.refresh_from_db()
    assert (inspection.status, inspection.performed_at) == (Inspection.Status.SCHEDULED, None)

    confirmed = client.post(url, {"items": ALL_MET, "confirm_early": True}, format="json")
    assert confirmed.status_code == 200, confirmed.content
    event = AuditEvent.objects.get(case=inspection.case, transition="inspection_recorded")
    assert event.data["early"] is True
