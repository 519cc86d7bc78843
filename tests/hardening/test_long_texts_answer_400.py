"""Issue 12 §2: text inputs are bounded; a 200,000-character reason answers 400 on pages
and the API, and nothing is written."""

from __future__ import annotations

import pytest

from accounts.roles import Role
from cases.models import AuditEvent, Case
from tests.factories import SuspensionCaseFactory, UserFactory
from workflows.suspension.models import SuspensionState

pytestmark = pytest.mark.django_db

HUGE = "a" * 200_000


def test_a_200000_character_reason_on_the_api_answers_400_naming_the_field(api, driver):
    response = api(driver.user).post(
        "/api/suspensions/", {"ground": "IV", "days": 30, "reason": HUGE}, format="json"
    )
    assert response.status_code == 400
    body = response.json()
    assert (body["code"], list(body["fields"])) == ("too_long", ["reason"])
    assert "20.000" in body["detail"]
    assert Case.objects.count() == 0


def test_a_200000_character_reason_on_a_page_answers_400(client, driver):
    client.force_login(driver.user)
    response = client.post("/portal/suspensao/nova/", {"ground": "IV", "days": 30, "reason": HUGE})
    assert response.status_code == 400
    assert "passa do limite" in response.content.decode()
    assert Case.objects.count() == 0


def test_an_action_note_past_5000_characters_answers_400(api):
    clerk = UserFactory(role=Role.CLERK)
    case = SuspensionCaseFactory()
    response = api(clerk).post(
        f"/api/cases/{case.pk}/actions/reject/", {"note": "x" * 5001}, format="json"
    )
    assert response.status_code == 400
    assert "note" in response.json()["fields"]
    assert SuspensionCaseFactory._meta.model.objects.get(pk=case.pk).state == SuspensionState.FILED
    assert not AuditEvent.objects.filter(case=case, transition="reject").exists()


def test_a_5000_character_note_is_still_accepted(api):
    clerk = UserFactory(role=Role.CLERK)
    case = SuspensionCaseFactory()
    response = api(clerk).post(
        f"/api/cases/{case.pk}/actions/reject/", {"note": "x" * 5000}, format="json"
    )
    assert response.status_code == 200, response.content
