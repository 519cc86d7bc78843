"""Tariff endpoints through HTTP only (Arts. 29-31, 58 XVI)."""

from __future__ import annotations

from decimal import Decimal

import pytest
import time_machine
from rest_framework.test import APIClient

from municipal.models import TariffReminder, TariffTable
from tests.factories import AuthorizationFactory
from tests.municipal_factories import TariffTableFactory

pytestmark = pytest.mark.django_db


def _client(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


TABLE = {
    "act_number": "Decreto 10/2026",
    "act_date": "2026-01-05",
    "valid_from": "2026-01-06",
    "joint_study": "Estudo tarifário 2025 com a Associação dos Taxistas de Mantenópolis",
    "items": [
        {"code": "bandeirada", "label": "Bandeirada", "unit": "por corrida", "value": "6.00"},
        {"code": "km", "label": "Quilômetro rodado", "unit": "por km", "value": "3.50"},
    ],
}


def test_art_29_clerk_records_the_table_set_by_the_act(clerk):
    response = _client(clerk).post("/api/tariffs/", TABLE, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["status"] == "published" and body["act_number"] == "Decreto 10/2026"
    assert [(i["code"], i["value"]) for i in body["items"]] == [
        ("bandeirada", "6.00"),
        ("km", "3.50"),
    ]


def test_art_29_without_the_acts_number_400(clerk):
    response = _client(clerk).post("/api/tariffs/", {**TABLE, "act_number": ""}, format="json")
    assert response.status_code == 400
    assert response.json()["article"] == "Art. 29"
    assert not TariffTable.objects.exists()


def test_a_driver_cannot_record_a_tariff_403():
    user = AuthorizationFactory().holder.user
    assert _client(user).post("/api/tariffs/", TABLE, format="json").status_code == 403
    assert not TariffTable.objects.exists()


def test_art_58_xvi_the_table_in_force_on_the_day_of_the_fact():
    old = TariffTableFactory(valid_from="2025-01-02", act_date="2025-01-02")
    new = TariffTableFactory(
        valid_from="2026-01-10", act_date="2026-01-08", items={"bandeirada": Decimal("6.50")}
    )
    client = _client()
    assert client.get("/api/tariffs/in-force/?on=2026-01-09").json()["id"] == old.pk
    fact_day = client.get("/api/tariffs/in-force/?on=2026-01-10").json()
    assert fact_day["id"] == new.pk
    assert fact_day["items"] == [
        {"code": "bandeirada", "label": "Bandeirada", "unit": "R$", "value": "6.50"}
    ]
    assert client.get("/api/tariffs/in-force/?on=2024-12-31").status_code == 404
    assert client.get("/api/tariffs/in-force/?on=ontem").status_code == 400


def test_art_31_igpm_proposal_then_the_act_puts_it_in_force(clerk):
    base = TariffTableFactory(valid_from="2025-01-02")
    client = _client(clerk)
    proposed = client.post(
        "/api/tariffs/adjustments/", {"year": 2026, "igpm_percent": "4.2583"}, format="json"
    )
    assert proposed.status_code == 201, proposed.content
    draft = proposed.json()
    assert draft["status"] == "draft" and draft["based_on"] == base.pk
    assert [i["value"] for i in draft["items"]] == ["6.26", "3.65"]
    # a proposal is not in force
    assert _client().get("/api/tariffs/in-force/?on=2026-02-01").json()["id"] == base.pk
    TariffReminder.objects.create(year=2026)
    published = client.post(
        f"/api/tariffs/{draft['id']}/publish/",
        {
            "act_number": "Decreto 3/2026",
            "act_date": "2026-01-08",
            "valid_from": "2026-01-09",
        },
        format="json",
    )
    assert published.status_code == 200, published.content
    assert published.json()["status"] == "published"
    assert _client().get("/api/tariffs/in-force/?on=2026-02-01").json()["id"] == draft["id"]
    assert TariffReminder.objects.get(year=2026).table_id == draft["id"]
    # one adjustment a year
    again = client.post(
        "/api/tariffs/adjustments/", {"year": 2026, "igpm_percent": "1"}, format="json"
    )
    assert again.status_code == 400
    assert again.json()["article"] == "Art. 31"


def test_art_31_an_adjustment_act_after_january_is_published_from_its_own_day(clerk):
    """Art. 31: "no mês de janeiro" says when the adjustment is due; an act of 10/02/2026
    still puts the year's IGP-M adjustment in force, from its own day (Art. 29)."""
    base = TariffTableFactory(valid_from="2025-01-02")
    client = _client(clerk)
    draft = client.post(
        "/api/tariffs/adjustments/", {"year": 2026, "igpm_percent": "2"}, format="json"
    ).json()
    response = client.post(
        f"/api/tariffs/{draft['id']}/publish/",
        {
            "act_number": "Decreto 9/2026",
            "act_date": "2026-02-10",
            "valid_from": "2026-02-10",
        },
        format="json",
    )
    assert response.status_code == 200, response.content
    assert TariffTable.objects.get(pk=draft["id"]).status == "published"
    assert _client().get("/api/tariffs/in-force/?on=2026-02-09").json()["id"] == base.pk
    assert _client().get("/api/tariffs/in-force/?on=2026-02-10").json()["id"] == draft["id"]


def test_art_31_an_adjustment_in_force_in_another_year_400(clerk):
    TariffTableFactory(valid_from="2025-01-02")
    client = _client(clerk)
    draft = client.post(
        "/api/tariffs/adjustments/", {"year": 2026, "igpm_percent": "2"}, format="json"
    ).json()
    response = client.post(
        f"/api/tariffs/{draft['id']}/publish/",
        {
            "act_number": "Decreto 9/2027",
            "act_date": "2027-01-04",
            "valid_from": "2027-01-04",
        },
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["article"] == "Art. 31"
    assert TariffTable.objects.get(pk=draft["id"]).status == "draft"


def test_art_31_a_negative_igpm_keeps_the_fares_unless_the_setting_applies_it(clerk, settings):
    TariffTableFactory(valid_from="2025-01-02")
    client = _client(clerk)
    kept = client.post(
        "/api/tariffs/adjustments/", {"year": 2026, "igpm_percent": "-3.18"}, format="json"
    )
    assert kept.status_code == 201, kept.content
    assert [i["value"] for i in kept.json()["items"]] == ["6.00", "3.50"]
    assert kept.json()["igpm_percent"] == "-3.1800"
    client.post(f"/api/tariffs/{kept.json()['id']}/discard/")
    settings.TARIFF_NEGATIVE_IGPM = "apply"
    applied = client.post(
        "/api/tariffs/adjustments/", {"year": 2026, "igpm_percent": "-3.18"}, format="json"
    )
    assert applied.status_code == 201, applied.content
    assert [i["value"] for i in applied.json()["items"]] == ["5.81", "3.39"]


def test_publishing_twice_is_a_conflict_409(clerk):
    TariffTableFactory(valid_from="2025-01-02")
    client = _client(clerk)
    draft = client.post(
        "/api/tariffs/adjustments/", {"year": 2026, "igpm_percent": "2"}, format="json"
    ).json()
    act = {"act_number": "Decreto 9/2026", "act_date": "2026-01-02", "valid_from": "2026-01-02"}
    url = f"/api/tariffs/{draft['id']}/publish/"
    assert client.post(url, act, format="json").status_code == 200
    assert client.post(url, act, format="json").status_code == 409


def test_art_31_adjusting_with_no_table_in_force_is_a_conflict_409(clerk):
    response = _client(clerk).post(
        "/api/tariffs/adjustments/", {"year": 2026, "igpm_percent": "2"}, format="json"
    )
    assert response.status_code == 409
    assert not TariffTable.objects.exists()


def test_the_public_sees_published_tables_only():
    TariffTableFactory()
    TariffTableFactory(
        status=TariffTable.Status.DRAFT, act_number="", act_date=None, valid_from=None
    )
    rows = _client().get("/api/tariffs/").json()
    assert [r["status"] for r in rows] == ["published"]


@time_machine.travel("2027-01-04 10:00 -03:00", tick=False)
def test_art_31_january_reminder_task_opens_once(clerk):
    from municipal.tasks import tariff_january_reminder

    assert tariff_january_reminder() == 2027
    assert tariff_january_reminder() == 2027
    assert TariffReminder.objects.filter(year=2027).count() == 1
    assert tariff_january_reminder(today="2027-02-01") is None
    reminders = _client(clerk).get("/api/tariffs/reminders/").json()
    assert [(r["year"], r["closed_at"]) for r in reminders] == [(2027, None)]


def test_art_31_the_beat_schedules_the_january_reminder():
    from config.schedule import BEAT_SCHEDULE

    entry = BEAT_SCHEDULE["tariff-january-reminder"]
    assert entry["task"] == "municipal.tasks.tariff_january_reminder"
    assert entry["schedule"].month_of_year == {1}


def test_art_29_a_table_set_by_act_records_the_joint_study_with_the_class_body(clerk):
    """Art. 29: the tariff is fixed "mediante estudos efetuados conjuntamente com órgão
    representativo de classe" (issue 19, item 14)."""
    missing = _client(clerk).post("/api/tariffs/", {**TABLE, "joint_study": ""}, format="json")
    assert missing.status_code == 400 and missing.json()["article"] == "Art. 29"
    assert not TariffTable.objects.exists()
    recorded = _client(clerk).post("/api/tariffs/", TABLE, format="json")
    assert recorded.status_code == 201, recorded.content
    assert recorded.json()["joint_study"] == TABLE["joint_study"]
