"""Issue 12 §5: after LOGIN_FAILURE_LIMIT wrong passwords the login page and the token
endpoint refuse even the right password (429) until the lockout ends (for unknown
browsers: tests/accounts/test_a_colleague_cannot_lock_the_owner_out.py)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from accounts.roles import Role
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PASSWORD = "senha-certa-do-teste-2026"


@pytest.fixture
def clerk_with_password():
    user = UserFactory(role=Role.CLERK, username="balcao")
    user.set_password(PASSWORD)
    user.save()
    return user


def test_30_wrong_passwords_then_the_right_one_is_refused_on_the_page(client, clerk_with_password):
    for _ in range(30):
        client.post("/entrar/", {"username": "balcao", "password": "errada"})
    response = client.post("/entrar/", {"username": "balcao", "password": PASSWORD})
    assert response.status_code == 429
    assert "Muitas tentativas" in response.content.decode()
    assert "_auth_user_id" not in client.session
    assert int(response["Retry-After"]) > 0


def test_30_wrong_passwords_then_the_right_one_is_refused_on_the_api(clerk_with_password):
    api = APIClient()
    statuses = [
        api.post("/api/auth/token/", {"username": "balcao", "password": "errada"}).status_code
        for _ in range(30)
    ]
    assert statuses[0] == 400 and statuses[-1] == 429
    response = api.post("/api/auth/token/", {"username": "balcao", "password": PASSWORD})
    assert response.status_code == 429
    body = response.json()
    assert (body["code"], body["article"]) == ("too_many_attempts", "")
    assert "token" not in body


def test_a_few_mistakes_do_not_lock_and_success_resets_the_count(clerk_with_password):
    api = APIClient()
    for _ in range(4):
        assert (
            api.post("/api/auth/token/", {"username": "balcao", "password": "x"}).status_code == 400
        )
    assert (
        api.post("/api/auth/token/", {"username": "balcao", "password": PASSWORD}).status_code
        == 200
    )
    for _ in range(4):
        api.post("/api/auth/token/", {"username": "balcao", "password": "x"})
    assert (
        api.post("/api/auth/token/", {"username": "balcao", "password": PASSWORD}).status_code
        == 200
    )


def test_guesses_from_many_addresses_lock_the_user_name(clerk_with_password):
    """The key is the user name (for unknown browsers), not the name and the address:
    changing address does not buy more guesses."""
    api = APIClient()
    for i in range(10):
        api.post(
            "/api/auth/token/", {"username": "balcao", "password": "x"}, REMOTE_ADDR=f"10.1.1.{i}"
        )
    other = api.post(
        "/api/auth/token/", {"username": "balcao", "password": PASSWORD}, REMOTE_ADDR="10.2.2.2"
    )
    assert other.status_code == 429
