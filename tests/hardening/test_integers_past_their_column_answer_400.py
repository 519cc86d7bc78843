"""Issue 12 §2: an integer no column can hold, in any field of any request, answers 400
(never a 500, never stored)."""

from __future__ import annotations

import pytest

from accounts.roles import Role
from cases.models import Case
from tests.application.factories import (
    applicant_data,
    document_fields,
    form_payload,
    population,
    vehicle_data,
)
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

HUGE = "99999999999999999999"


@pytest.fixture(autouse=True)
def _quiet_queues(monkeypatch):
    monkeypatch.setattr("notifications.services._enqueue", lambda pk: None)
    monkeypatch.setattr("documents.services._enqueue", lambda pk: None)


@pytest.mark.parametrize("field", ["manufacture_year", "doors", "capacity"])
def test_art_10_ii_a_huge_vehicle_numbers_answer_400(api, field):
    population(100_000)
    payload = {**form_payload(applicant_data(), vehicle_data()), **document_fields()}
    payload[field] = HUGE
    response = api(UserFactory(role=Role.DRIVER)).post(
        "/api/applications/", payload, format="multipart"
    )
    assert response.status_code == 400, response.content
    assert response.json()["code"] in ("invalid", "out_of_range", "rule_violation")
    assert Case.objects.count() == 0


def test_art_24_a_huge_number_of_days_answers_400(api, driver):
    response = api(driver.user).post(
        "/api/suspensions/", {"ground": "IV", "days": HUGE}, format="json"
    )
    assert response.status_code == 400
    assert Case.objects.count() == 0


def test_a_huge_id_in_a_body_answers_404(api):
    clerk = UserFactory(role=Role.CLERK)
    response = api(clerk).post(
        "/api/suspensions/", {"ground": "IV", "days": 30, "driver": HUGE}, format="json"
    )
    assert response.status_code == 404
    assert Case.objects.count() == 0
