"""Issue 20 §3: disabling a user (is_active off, in the admin or by any code that saves
him) ends his sessions and API tokens, for good: enabling him again does not bring back
a session or a token from before."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from accounts.models import User
from accounts.roles import Role
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def clerk():
    return UserFactory(role=Role.CLERK, username="balcao")


@pytest.fixture
def admin_client(client):
    admin = UserFactory(username="admin", is_staff=True, is_superuser=True)
    client.force_login(admin)
    return client


def _token() -> str:
    response = APIClient().post(
        "/api/auth/token/", {"username": "balcao", "password": "senha-de-teste-123"}
    )
    return response.json()["token"]


def _status(token: str) -> int:
    return APIClient(HTTP_AUTHORIZATION=f"Token {token}").get("/api/cases/").status_code


def test_disabled_then_enabled_in_the_admin_keeps_no_old_session_or_token(clerk, admin_client):
    token = _token()
    session = type(admin_client)()
    session.force_login(clerk)
    assert session.get("/processos/").status_code == 200
    form = (
        User.objects.filter(pk=clerk.pk)
        .values("username", "first_name", "last_name", "email", "employee_number")
        .get()
    )

    for active in (False, True):
        data = {
            **form,
            "is_active": "on" if active else "",
            "date_joined_0": "01/01/2026",
            "date_joined_1": "00:00:00",
            "groups": [g.pk for g in clerk.groups.all()],
        }
        if not active:
            data.pop("is_active")
        saved = admin_client.post(f"/admin/accounts/user/{clerk.pk}/change/", data)
        assert saved.status_code == 302, saved.content.decode()[:2000]
        assert User.objects.get(pk=clerk.pk).is_active is active

    assert session.get("/processos/").status_code == 302
    assert _status(token) == 401


def test_any_code_that_disables_a_user_ends_his_tokens(clerk):
    token = _token()
    user = User.objects.get(pk=clerk.pk)

    user.is_active = False
    user.save(update_fields=["is_active"])
    user.is_active = True
    user.save(update_fields=["is_active"])

    assert _status(token) == 401


def test_the_admins_deactivate_action_ends_sessions_and_tokens(clerk, admin_client):
    token = _token()
    session = type(admin_client)()
    session.force_login(clerk)

    admin_client.post(
        "/admin/accounts/user/",
        {"action": "deactivate", "_selected_action": [clerk.pk]},
    )

    assert not User.objects.get(pk=clerk.pk).is_active
    assert session.get("/processos/").status_code == 302
    assert _status(token) == 401
