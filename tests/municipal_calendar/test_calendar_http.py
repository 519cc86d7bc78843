"""The municipal calendar through HTTP only: declarations with their acts, their effect on
business-day counting, the December reminder."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from rest_framework.test import APIClient

from law.lost_property import handing_in_due
from municipal.models import CalendarReminder
from registers.calendar import municipal_calendar
from registers.models import CalendarDay
from tests.factories import AuthorizationFactory, UserFactory

pytestmark = pytest.mark.django_db
TODAY = "2026-12-01 10:00 -03:00"


def _client(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@time_machine.travel(TODAY, tick=False)
def test_a_declared_closed_day_stops_being_a_business_day(clerk):
    response = _client(clerk).post(
        "/api/calendar/days/",
        {
            "day": "2026-12-24",
            "kind": "closed",
            "act": "Decreto nº 1.300/2026",
        },
    )
    assert response.status_code == 201, response.content
    assert CalendarDay.objects.get(day=dt.date(2026, 12, 24)).reason == "Decreto nº 1.300/2026"
    # an object found on Tuesday 22/12 is now due on Monday 28/12, not Thursday 24/12
    assert handing_in_due(dt.date(2026, 12, 22), municipal_calendar()) == dt.date(2026, 12, 28)
    listed = _client(clerk).get("/api/calendar/?year=2026").json()
    assert {
        "day": "2026-12-24",
        "label": "Véspera de Natal",
        "source": "closed",
        "act": "Decreto nº 1.300/2026",
        "declared": "closed",
    } in listed


@time_machine.travel(TODAY, tick=False)
def test_cpc_224_refusals(clerk):
    client = _client(clerk)
    past = client.post(
        "/api/calendar/days/", {"day": "2026-11-30", "kind": "closed", "act": "Decreto 1"}
    )
    assert past.status_code == 400 and past.json()["article"] == "CPC Art. 224 §1"
    no_act = client.post("/api/calendar/days/", {"day": "2026-12-24", "kind": "closed", "act": ""})
    assert no_act.status_code == 400
    driver = _client(AuthorizationFactory().holder.user)
    assert (
        driver.post(
            "/api/calendar/days/", {"day": "2026-12-24", "kind": "closed", "act": "Decreto 1"}
        ).status_code
        == 403
    )
    assert driver.get("/api/calendar/").status_code == 403
    assert client.delete("/api/calendar/days/2026-12-24/").status_code == 409
    assert not CalendarDay.objects.exists()


@time_machine.travel(TODAY, tick=False)
def test_december_reminder_closes_when_every_optional_day_is_declared(clerk):
    from municipal.tasks import calendar_december_reminder

    assert calendar_december_reminder() == 2027
    assert calendar_december_reminder() == 2027
    reminder = CalendarReminder.objects.get()
    assert reminder.year == 2027 and reminder.closed_at is None
    client = _client(clerk)
    days = ["2027-02-08", "2027-02-09", "2027-05-27", "2027-12-24", "2027-12-31"]
    for day in days:
        assert (
            client.post(
                "/api/calendar/days/", {"day": day, "kind": "closed", "act": "Decreto 9/2026"}
            ).status_code
            == 201
        )
    reminder.refresh_from_db()
    assert reminder.closed_at is not None
    assert calendar_december_reminder(today="2026-11-30") is None


def test_the_beat_schedules_the_december_reminder():
    from config.schedule import BEAT_SCHEDULE

    entry = BEAT_SCHEDULE["calendar-december-reminder"]
    assert entry["task"] == "municipal.tasks.calendar_december_reminder"
    assert entry["schedule"].month_of_year == {12}


@time_machine.travel(TODAY, tick=False)
def test_calendar_page_lists_declarations_and_days_to_declare(client, clerk):
    client.force_login(clerk)
    response = client.post(
        "/calendario/", {"day": "2026-12-31", "kind": "open", "act": "Portaria 77/2026"}
    )
    assert response.status_code == 302
    html = client.get("/calendario/?ano=2026").content.decode()
    assert "Portaria 77/2026" in html and "com expediente" in html
    assert "ponto facultativo a declarar" in html  # 24/12 still to declare
    assert "Natal" in html  # the national holiday


@time_machine.travel(TODAY, tick=False)
def test_calendar_page_refusals(client, clerk):
    client.force_login(clerk)
    past = client.post("/calendario/", {"day": "2026-01-02", "kind": "closed", "act": "D 1"})
    assert past.status_code == 400
    assert "não pode ser declarado retroativamente" in past.content.decode()
    client.force_login(UserFactory())
    assert client.get("/calendario/").status_code == 403
    assert not CalendarDay.objects.exists()


@time_machine.travel(TODAY, tick=False)
@pytest.mark.parametrize(
    ("language", "shown", "not_shown"),
    [("pt-br", "Sexta-feira Santa", "Good Friday"), ("en", "Good Friday", "Sexta-feira Santa")],
)
def test_holidays_are_named_in_the_pages_language(client, clerk, language, shown, not_shown):
    """Issue 24 §5: the Portuguese calendar showed "Good Friday" and "Our Lady of Penha"."""
    client.force_login(clerk)
    html = client.get("/calendario/?ano=2026", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert shown in html and not_shown not in html
