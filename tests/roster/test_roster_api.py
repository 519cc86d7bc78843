"""Roster endpoints through HTTP only (Art. 37 VII)."""

from __future__ import annotations

import pytest
import time_machine
from rest_framework.test import APIClient

from municipal.models import RosterEntry
from tests.factories import AuthorizationFactory, UserFactory

pytestmark = pytest.mark.django_db


def _client(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def test_art_37_vii_clerk_puts_a_taxi_on_the_nights_of_a_month(clerk):
    taxi = AuthorizationFactory()
    response = _client(clerk).post(
        "/api/roster/",
        {
            "authorization": taxi.number,
            "shift": "night",
            "start": "2026-03-01",
            "end": "2026-03-31",
        },
        format="json",
    )
    assert response.status_code == 201, response.content
    assert len(response.json()) == 31
    # again: nothing new
    again = _client(clerk).post(
        "/api/roster/",
        {
            "authorization": taxi.number,
            "shift": "night",
            "start": "2026-03-01",
            "end": "2026-03-31",
        },
        format="json",
    )
    assert again.status_code == 201 and again.json() == []
    assert RosterEntry.objects.count() == 31


def test_art_37_vii_march_check_marks_every_day_shift_uncovered(clerk):
    # fleet of 2 → 1 taxi required; nights covered, day shifts not (weekdays included)
    taxi = AuthorizationFactory()
    AuthorizationFactory()
    client = _client(clerk)
    client.post(
        "/api/roster/",
        {
            "authorization": taxi.number,
            "shift": "night",
            "start": "2026-03-01",
            "end": "2026-03-31",
        },
        format="json",
    )
    body = client.get("/api/roster/check/?month=2026-03").json()
    assert (body["fleet"], body["required"]) == (2, 1)
    assert [(s["day"], s["shift"]) for s in body["shortfalls"]] == [
        (f"2026-03-{d:02d}", "day") for d in range(1, 32)
    ]
    client.post(
        "/api/roster/",
        {
            "authorization": taxi.number,
            "shift": "day",
            "start": "2026-03-01",
            "end": "2026-03-31",
        },
        format="json",
    )
    assert client.get("/api/roster/check/?month=2026-03").json()["shortfalls"] == []


def test_art_37_vii_refusals(clerk):
    taxi = AuthorizationFactory()
    client = _client(clerk)
    bad_shift = client.post(
        "/api/roster/",
        {
            "authorization": taxi.number,
            "shift": "evening",
            "start": "2026-03-01",
            "end": "2026-03-02",
        },
    )
    assert bad_shift.status_code == 400
    backwards = client.post(
        "/api/roster/",
        {"authorization": taxi.number, "shift": "day", "start": "2026-03-05", "end": "2026-03-02"},
    )
    assert backwards.status_code == 400 and backwards.json()["article"] == "Art. 37 VII"
    suspended = AuthorizationFactory(suspended=True)
    refused = client.post(
        "/api/roster/",
        {
            "authorization": suspended.number,
            "shift": "day",
            "start": "2026-03-01",
            "end": "2026-03-02",
        },
    )
    assert refused.status_code == 400
    driver = _client(taxi.holder.user)
    forbidden = driver.post(
        "/api/roster/",
        {"authorization": taxi.number, "shift": "day", "start": "2026-03-01", "end": "2026-03-02"},
    )
    assert forbidden.status_code == 403
    assert driver.get("/api/roster/check/?month=2026-03").status_code == 403
    assert not RosterEntry.objects.exists()
    assert _client(UserFactory()).get("/api/roster/").status_code == 403


@time_machine.travel("2026-03-01 08:00 -03:00", tick=False)
def test_art_37_vii_a_driver_sees_only_his_own_shifts(clerk):
    mine, other = AuthorizationFactory(), AuthorizationFactory()
    client = _client(clerk)
    for taxi, shift in ((mine, "night"), (other, "day")):
        client.post(
            "/api/roster/",
            {
                "authorization": taxi.number,
                "shift": shift,
                "start": "2026-03-02",
                "end": "2026-03-03",
            },
            format="json",
        )
    rows = _client(mine.holder.user).get("/api/roster/?start=2026-03-01&end=2026-03-31").json()
    assert [(r["day"], r["shift"], r["authorization"]) for r in rows] == [
        ("2026-03-02", "night", mine.number),
        ("2026-03-03", "night", mine.number),
    ]
    entry = RosterEntry.objects.filter(authorization=mine).first()
    assert _client(mine.holder.user).delete(f"/api/roster/{entry.pk}/").status_code == 403
    assert client.delete(f"/api/roster/{entry.pk}/").status_code == 204


def test_art_37_vii_a_past_month_is_judged_with_the_fleet_it_had(clerk):
    """Art. 37 VII: March 2026 had 2 taxis (1 required per shift); the 4 granted in June
    do not make March short afterwards."""
    import datetime as dt

    taxi = AuthorizationFactory()
    AuthorizationFactory()
    AuthorizationFactory.create_batch(4, granted_on=dt.date(2026, 6, 1))
    client = _client(clerk)
    for shift in ("day", "night"):
        client.post(
            "/api/roster/",
            {
                "authorization": taxi.number,
                "shift": shift,
                "start": "2026-03-01",
                "end": "2026-03-31",
            },
            format="json",
        )
    with time_machine.travel("2026-07-01 10:00 -03:00", tick=False):
        body = client.get("/api/roster/check/?month=2026-03").json()
    assert body["shortfalls"] == []
