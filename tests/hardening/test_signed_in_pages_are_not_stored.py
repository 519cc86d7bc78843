"""Issue 12 §6: pages and API answers for a signed-in person (personal data) carry
`Cache-Control: no-store`; public pages for anonymous visitors need not."""

from __future__ import annotations

import pytest

from accounts.roles import Role
from tests.factories import SuspensionCaseFactory, UserFactory

pytestmark = pytest.mark.django_db


def _directives(response) -> set[str]:
    return {part.strip() for part in response.get("Cache-Control", "").split(",") if part}


def test_a_case_page_is_not_stored(client):
    case = SuspensionCaseFactory()
    client.force_login(UserFactory(role=Role.CLERK))
    response = client.get(f"/processos/{case.pk}/")
    assert response.status_code == 200
    assert {"no-store", "private"} <= _directives(response)


def test_the_drivers_portal_is_not_stored(client, driver):
    client.force_login(driver.user)
    response = client.get("/portal/")
    assert response.status_code == 200
    assert "no-store" in _directives(response)


def test_an_api_answer_with_a_token_is_not_stored(driver):
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    token = Token.objects.create(user=driver.user)
    response = APIClient().get("/api/cases/", HTTP_AUTHORIZATION=f"Token {token.key}")
    assert response.status_code == 200
    assert "no-store" in _directives(response)
