"""Lost-property endpoints through HTTP only (Art. 37 XVIII)."""

from __future__ import annotations

import datetime as dt
import io

import pytest
import time_machine
from pypdf import PdfReader
from rest_framework.test import APIClient

from cases.models import Deadline
from cases.services.deadlines import deadlines_sweep
from municipal.models import LostItem
from tests.factories import AuthorizationFactory

pytestmark = pytest.mark.django_db

TODAY = "2026-03-10 10:00 -03:00"


def _client(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@time_machine.travel(TODAY, tick=False)
def test_art_37_xviii_driver_reports_and_the_deadline_row_is_set():
    authorization = AuthorizationFactory()
    response = _client(authorization.holder.user).post(
        "/api/lost-items/", {"description": "Celular azul", "found_on": "2026-03-06"}
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["due_on"] == "2026-03-10" and body["status"] == "reported"
    deadline = Deadline.objects.get(authorization=authorization)
    assert (deadline.kind, deadline.due_on, deadline.article, deadline.state) == (
        "lost_property_handing_in",
        dt.date(2026, 3, 10),
        "Art. 37 XVIII",
        "pending",
    )


@time_machine.travel(TODAY, tick=False)
def test_art_37_xviii_handing_in_gives_numbered_receipts_without_gaps(clerk):
    authorization = AuthorizationFactory()
    driver = _client(authorization.holder.user)
    first = driver.post(
        "/api/lost-items/", {"description": "Mochila", "found_on": "2026-03-09"}
    ).json()
    second = driver.post(
        "/api/lost-items/", {"description": "Óculos", "found_on": "2026-03-09"}
    ).json()
    staff = _client(clerk)
    a = staff.post(f"/api/lost-items/{first['id']}/hand-in/", {"handed_in_on": "2026-03-10"})
    b = staff.post(f"/api/lost-items/{second['id']}/hand-in/", {"handed_in_on": "2026-03-10"})
    assert (a.status_code, b.status_code) == (200, 200)
    assert [a.json()["receipt_number"], b.json()["receipt_number"]] == [
        "RO-2026/000001",
        "RO-2026/000002",
    ]
    assert a.json()["handed_in_late"] is False
    assert Deadline.objects.filter(state="done").count() == 2
    again = staff.post(f"/api/lost-items/{first['id']}/hand-in/", {"handed_in_on": "2026-03-10"})
    assert again.status_code == 409


@time_machine.travel(TODAY, tick=False)
def test_art_37_xviii_late_handing_in_at_the_counter_is_marked_late(clerk):
    authorization = AuthorizationFactory()
    response = _client(clerk).post(
        "/api/lost-items/",
        {
            "authorization": authorization.number,
            "description": "Carteira",
            "found_on": "2026-03-02",
            "handed_in_on": "2026-03-10",
        },
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["due_on"] == "2026-03-04" and body["handed_in_late"] is True
    assert body["receipt_number"] == "RO-2026/000001"


@time_machine.travel(TODAY, tick=False)
def test_art_37_xviii_refusals(clerk):
    authorization = AuthorizationFactory()
    driver = _client(authorization.holder.user)
    future = driver.post("/api/lost-items/", {"description": "X", "found_on": "2026-03-11"})
    assert future.status_code == 400 and future.json()["article"] == "Art. 37 XVIII"
    item = driver.post(
        "/api/lost-items/", {"description": "Bolsa", "found_on": "2026-03-10"}
    ).json()
    # the driver cannot receive his own object
    hand_in = driver.post(f"/api/lost-items/{item['id']}/hand-in/", {"handed_in_on": "2026-03-10"})
    assert hand_in.status_code == 403
    # another driver does not see it
    other = _client(AuthorizationFactory().holder.user)
    assert other.get(f"/api/lost-items/{item['id']}/").status_code == 404
    staff = _client(clerk)
    staff.post(f"/api/lost-items/{item['id']}/hand-in/", {"handed_in_on": "2026-03-10"})
    nameless = staff.post(
        f"/api/lost-items/{item['id']}/close/",
        {"destination": "returned", "closed_on": "2026-03-10"},
    )
    assert nameless.status_code == 400
    assert LostItem.objects.get(pk=item["id"]).status == "in_custody"
    returned = staff.post(
        f"/api/lost-items/{item['id']}/close/",
        {
            "destination": "returned",
            "closed_on": "2026-03-10",
            "owner_name": "Carla Dias",
            "owner_document": "RG 123",
        },
    )
    assert returned.status_code == 200 and returned.json()["status"] == "closed"


def test_art_37_xviii_sweep_marks_an_object_not_handed_in(clerk):
    authorization = AuthorizationFactory()
    with time_machine.travel("2026-03-06 10:00 -03:00", tick=False):
        item = (
            _client(authorization.holder.user)
            .post("/api/lost-items/", {"description": "Chave", "found_on": "2026-03-06"})
            .json()
        )
    deadlines_sweep(today=dt.date(2026, 3, 10), now=dt.datetime(2026, 3, 10, 13, tzinfo=dt.UTC))
    assert LostItem.objects.get(pk=item["id"]).handing_in_overdue is False
    report = deadlines_sweep(
        today=dt.date(2026, 3, 11), now=dt.datetime(2026, 3, 11, 13, tzinfo=dt.UTC)
    )
    assert report.applied == 1
    assert LostItem.objects.get(pk=item["id"]).handing_in_overdue is True
    rows = _client(clerk).get("/api/lost-items/").json()
    assert [(r["id"], r["handing_in_overdue"]) for r in rows] == [(item["id"], True)]


@time_machine.travel(TODAY, tick=False)
def test_art_37_xviii_the_receipt_pdf_for_the_driver(client, clerk):
    authorization = AuthorizationFactory()
    item = (
        _client(clerk)
        .post(
            "/api/lost-items/",
            {
                "authorization": authorization.vehicle.plate,
                "description": "Guarda-chuva verde",
                "found_on": "2026-03-09",
                "handed_in_on": "2026-03-10",
            },
        )
        .json()
    )
    client.force_login(authorization.holder.user)
    response = client.get(f"/achados/{item['id']}/recibo.pdf")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    text = PdfReader(io.BytesIO(response.content)).pages[0].extract_text()
    assert "RO-2026/000001" in text and "Guarda-chuva verde" in text
    assert authorization.vehicle.display_plate in text
    client.force_login(AuthorizationFactory().holder.user)
    assert client.get(f"/achados/{item['id']}/recibo.pdf").status_code == 404
