"""Roster pages through HTTP only: the calendar of shortfalls and the driver's shifts."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine

from municipal.models import RosterEntry
from tests.factories import AuthorizationFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_art_37_vii_calendar_marks_the_shortfalls(client, clerk):
    taxi = AuthorizationFactory()
    AuthorizationFactory()
    client.force_login(clerk)
    response = client.post(
        "/escala/?mes=2026-03",
        {
            "authorization": taxi.vehicle.display_plate,
            "shift": "night",
            "start": "2026-03-01",
            "end": "2026-03-31",
        },
    )
    assert response.status_code == 302
    html = client.get("/escala/?mes=2026-03").content.decode()
    assert "31 turnos abaixo do mínimo." in html
    assert html.count("⚠") == 31 + 1  # every day marked (its day shift), one in the legend


def test_art_37_vii_bad_range_rerenders_400(client, clerk):
    taxi = AuthorizationFactory()
    client.force_login(clerk)
    response = client.post(
        "/escala/",
        {"authorization": taxi.number, "shift": "day", "start": "2026-03-05", "end": "2026-03-01"},
    )
    assert response.status_code == 400
    assert not RosterEntry.objects.exists()


@time_machine.travel("2026-03-01 08:00 -03:00", tick=False)
def test_art_37_vii_driver_sees_his_shifts_in_the_portal(client):
    taxi = AuthorizationFactory()
    RosterEntry.objects.create(day=dt.date(2026, 3, 7), shift="night", authorization=taxi)
    RosterEntry.objects.create(
        day=dt.date(2026, 3, 8), shift="day", authorization=AuthorizationFactory()
    )
    client.force_login(taxi.holder.user)
    html = client.get("/portal/escala/").content.decode()
    assert "07/03/2026" in html and "08/03/2026" not in html


def test_the_roster_calendar_is_staff_only_403(client):
    client.force_login(UserFactory())
    assert client.get("/escala/").status_code == 403
