"""Issue 12 §5: an API token is accepted for API_TOKEN_LIFETIME_HOURS after it is issued,
then answers 401; signing in again gives a new one."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.utils import timezone
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


def _sign_in(api):
    response = api.post("/api/auth/token/", {"username": "balcao", "password": PASSWORD})
    assert response.status_code == 200, response.content
    return response.json()


def test_a_token_says_when_it_expires_and_works_until_then(clerk_with_password, settings):
    settings.API_TOKEN_LIFETIME_HOURS = 12
    start = timezone.now()
    with time_machine.travel(start, tick=False):
        body = _sign_in(APIClient())
    expires = dt.datetime.fromisoformat(body["expires_at"])
    assert expires == start + dt.timedelta(hours=12)
    api = APIClient(HTTP_AUTHORIZATION=f"Token {body['token']}")
    with time_machine.travel(start + dt.timedelta(hours=11, minutes=59), tick=False):
        assert api.get("/api/cases/").status_code == 200
    with time_machine.travel(start + dt.timedelta(hours=12, minutes=1), tick=False):
        refused = api.get("/api/cases/")
        assert refused.status_code == 401
        assert refused.json()["code"] == "authentication_failed"
        renewed = _sign_in(APIClient())
    assert renewed["token"] != body["token"]
