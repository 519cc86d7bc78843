"""Issue 12 §3: every API error is {"detail", "code", "article"} (+ "fields"), translated."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from accounts.roles import Role
from tests.factories import DriverFactory, SuspensionCaseFactory, UserFactory
from workflows.suspension.models import SuspensionState

pytestmark = pytest.mark.django_db


def _contract(body: dict) -> None:
    assert {"detail", "code", "article"} <= set(body), body
    assert set(body) <= {"detail", "code", "article", "fields"}, body
    assert isinstance(body["detail"], str) and body["detail"]
    assert isinstance(body["code"], str) and body["code"]


def test_bad_fields_answer_400_with_per_field_messages_not_a_raw_dict(api, driver):
    response = api(driver.user).post("/api/suspensions/", {"ground": "V", "days": "x"})
    assert response.status_code == 400
    body = response.json()
    _contract(body)
    assert body["code"] == "invalid"
    assert set(body["fields"]) == {"ground", "days"}
    assert "non_field_errors" not in str(body)


def test_a_message_not_tied_to_a_field_is_the_detail_not_non_field_errors(client, driver):
    response = APIClient().post(
        "/api/auth/token/", {"username": driver.user.username, "password": "wrong-password"}
    )
    assert response.status_code == 400
    body = response.json()
    _contract(body)
    assert "non_field_errors" not in body and "non_field_errors" not in body.get("fields", {})


def test_not_found_is_in_portuguese_with_a_code(api, clerk):
    response = api(clerk).get("/api/cases/999999/")
    assert response.status_code == 404
    body = response.json()
    _contract(body)
    assert (body["detail"], body["code"]) == ("Não encontrado.", "not_found")
    assert "matches the given query" not in response.content.decode()


def test_not_found_is_in_english_when_asked(api, clerk):
    response = api(clerk).get("/api/cases/999999/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 404
    assert response.json()["detail"] == "Not found."


def test_an_unknown_api_address_answers_the_error_body_not_an_html_page(api, clerk):
    response = api(clerk).get("/api/no-such-endpoint/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")
    _contract(response.json())


def test_forbidden_and_conflict_keep_the_contract(api, clerk, driver):
    case = SuspensionCaseFactory(authorization=driver.authorizations.get())
    refused = api(driver.user).post(f"/api/cases/{case.pk}/actions/accept/", {})
    assert refused.status_code == 403
    _contract(refused.json())
    busy = SuspensionCaseFactory(state=SuspensionState.AWAITING_DECISION)
    conflict = api(clerk).post(f"/api/cases/{busy.pk}/actions/accept/", {})
    assert conflict.status_code == 409
    _contract(conflict.json())


def test_a_rule_of_the_law_names_its_article(api, driver):
    response = api(driver.user).post("/api/suspensions/", {"ground": "IV", "days": 121})
    assert response.status_code == 400
    body = response.json()
    _contract(body)
    assert body["article"].startswith("Art. 24")


def test_validation_messages_are_in_english_when_asked(api, driver):
    response = api(driver.user).post(
        "/api/suspensions/", {"ground": "IV", "days": "x"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 400
    assert response.json()["fields"]["days"] == ["A valid integer is required."]


def test_a_mayor_gets_the_contract_on_a_403_too():
    mayor = UserFactory(role=Role.MAYOR)
    client = APIClient()
    client.force_authenticate(mayor)
    response = client.post(
        "/api/suspensions/", {"ground": "IV", "days": 30, "driver": DriverFactory().pk}
    )
    assert response.status_code == 403
    _contract(response.json())
