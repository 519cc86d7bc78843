"""Sessions (issue 22, point 4): the list of a user's sessions and API token with "end
this one", and the idle timeout of staff sessions (LGPD, Lei 13.709/2018, Art. 46: the
controller's security measures against unauthorised access)."""

from __future__ import annotations

import time

import pytest
from django.contrib.sessions.models import Session
from django.test import Client
from rest_framework.authtoken.models import Token

from accounts.roles import Role
from identity.models import UserSession
from identity.services import SESSION_SEEN
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _browser(user) -> Client:
    client = Client()
    client.force_login(user)
    client.get("/portal/")  # the first request records the session
    return client


def test_the_user_sees_his_sessions_and_ends_another_one():
    user = UserFactory(role=Role.DRIVER)
    phone, desktop = _browser(user), _browser(user)
    stranger = _browser(UserFactory(role=Role.DRIVER))
    page = desktop.get("/conta/sessoes/")
    assert page.status_code == 200
    rows = UserSession.objects.filter(user=user)
    assert rows.count() == 2
    phone_row = rows.get(session_key=phone.session.session_key)
    assert "esta sessão" in page.content.decode()
    assert f"/conta/sessoes/{phone_row.pk}/encerrar/" in page.content.decode()
    # Another user's session cannot be ended from here.
    theirs = UserSession.objects.exclude(user=user).get()
    assert desktop.post(f"/conta/sessoes/{theirs.pk}/encerrar/").status_code == 404
    assert Session.objects.filter(session_key=theirs.session_key).exists()
    ended = desktop.post(f"/conta/sessoes/{phone_row.pk}/encerrar/")
    assert ended.status_code == 302
    assert not Session.objects.filter(session_key=phone_row.session_key).exists()
    # The phone is signed out; the desktop and the stranger are not.
    assert phone.get("/portal/").status_code == 302
    assert desktop.get("/portal/").status_code == 200
    assert stranger.get("/portal/").status_code == 200


def test_the_user_revokes_his_api_token_from_the_same_page():
    user = UserFactory(role=Role.DRIVER)
    token = Token.objects.create(user=user)
    client = _browser(user)
    page = client.get("/conta/sessoes/").content.decode()
    assert token.key[:6] in page and token.key not in page
    client.post("/conta/token/revogar/")
    assert not Token.objects.filter(user=user).exists()


def test_a_staff_session_idle_past_the_setting_is_ended(settings):
    settings.STAFF_IDLE_MINUTES = 30
    clerk = UserFactory(role=Role.CLERK)
    client = _browser(clerk)
    session = client.session
    session[SESSION_SEEN] = time.time() - 31 * 60
    session.save()
    response = client.get("/processos/")
    assert response.status_code == 302 and response["Location"].startswith("/entrar/?next=")
    assert client.session.get("_auth_user_id") is None


def test_a_staff_session_used_within_the_setting_goes_on(settings):
    settings.STAFF_IDLE_MINUTES = 30
    client = _browser(UserFactory(role=Role.CLERK))
    session = client.session
    session[SESSION_SEEN] = time.time() - 29 * 60
    session.save()
    assert client.get("/processos/").status_code == 200


def test_a_drivers_session_has_no_idle_timeout(settings):
    settings.STAFF_IDLE_MINUTES = 30
    client = _browser(UserFactory(role=Role.DRIVER))
    session = client.session
    session[SESSION_SEEN] = time.time() - 120 * 60
    session.save()
    assert client.get("/portal/").status_code == 200
