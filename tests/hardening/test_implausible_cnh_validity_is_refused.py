"""Issue 12 §1: a CNH valid until 31/12/9999 is a typo (CTB Art. 147 §2: 10 years at
most) and is refused naming Art. 10 I b; an expired CNH's date is written in full."""

from __future__ import annotations

import datetime as dt

import pytest

from accounts.roles import Role
from cases.models import Case
from registers.requirements import driver_requirements_unmet
from tests.application.factories import (
    applicant_data,
    document_fields,
    form_payload,
    population,
    vehicle_data,
)
from tests.factories import DriverFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _quiet_queues(monkeypatch):
    monkeypatch.setattr("notifications.services._enqueue", lambda pk: None)
    monkeypatch.setattr("documents.services._enqueue", lambda pk: None)


def test_art_10_i_b_a_cnh_valid_until_9999_is_refused_at_filing(api):
    population(100_000)
    payload = {
        **form_payload(applicant_data(cnh_expires_on=dt.date(9999, 12, 31)), vehicle_data()),
        **document_fields(),
    }
    response = api(UserFactory(role=Role.DRIVER)).post(
        "/api/applications/", payload, format="multipart"
    )
    assert response.status_code == 400, response.content
    body = response.json()
    # Refused at the door by the date's bound (core.dates), before Art. 10 I b's own rule.
    assert "31/12/9999" in body["fields"]["cnh_expires_on"][0]
    assert Case.objects.count() == 0


def test_art_10_i_b_an_expired_cnh_shows_its_year_in_full():
    driver = DriverFactory(cnh_expires_on=dt.date(1, 1, 1))
    messages = [u.message for u in driver_requirements_unmet(driver, on=dt.date(2026, 4, 1))]
    assert "A CNH venceu em 01/01/0001." in messages


def test_art_10_i_b_a_cnh_valid_for_ten_years_is_fine():
    today = dt.date(2026, 4, 1)
    driver = DriverFactory(cnh_expires_on=dt.date(2036, 4, 1))
    assert [u for u in driver_requirements_unmet(driver, on=today) if "CNH" in u.message] == []
