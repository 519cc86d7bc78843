"""Issue 20 §3: an API token ends with the session's logout and with a new password (it
used to outlive both: /api/auth/token/ returned the same one)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from accounts.roles import Role
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PASSWORD = "senha-de-teste-123"
NEW_PASSWORD = "outra-senha-do-balcao-2026"


@pytest.fixture
def clerk():
    return UserFactory(role=Role.CLERK, username="balcao")


def _token(password=PASSWORD) -> str:
    response = APIClient().post("/api/auth/token/", {"username": "balcao", "password": password})
    assert response.status_code == 200, response.content
    return response.json()["token"]


def _status(token: str) -> int:
    return APIClient(HTTP_AUTHORIZATION=f"Token {token}").get("/api/cases/").status_code


def test_logout_ends_the_token_and_the_next_sign_in_gets_a_new_one(client, clerk):
    old = _token()
    client.force_login(clerk)

    client.post("/sair/")

    assert _status(old) == 401
    new = _token()
    assert new != old and _status(new) == 200


def test_a_password_change_ends_the_token_and_other_sessions(client, clerk):
    old = _token()
    other = type(client)()
    other.force_login(clerk)
    client.force_login(clerk)

    changed = client.post(
        "/senha/alterar/",
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )

    assert changed.status_code == 302
    assert _status(old) == 401
    assert client.get("/processos/").status_code == 200  # this session stays
    assert other.get("/processos/").status_code == 302  # the other is signed out
    assert _token(NEW_PASSWORD) != old
