"""Issue 20 §3: "Esqueci minha senha" — Django's password reset by e-mail: linked from the
login page, the same answer whatever the address, a link that works once and for
PASSWORD_RESET_TIMEOUT, and the new password ends the sessions and API tokens."""

from __future__ import annotations

import datetime as dt
import re

import pytest
import time_machine
from django.core import mail
from rest_framework.test import APIClient

from accounts.roles import Role
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "nova-senha-do-balcao-2026"


@pytest.fixture
def clerk():
    return UserFactory(role=Role.CLERK, username="balcao", email="balcao@example.com")


def _reset_path() -> str:
    match = re.search(r"https?://[^/\s]+(/senha/nova/\S+/)", mail.outbox[-1].body)
    assert match, mail.outbox[-1].body
    return match.group(1)


def test_the_login_page_links_to_forgot_my_password(client):
    html = client.get("/entrar/").content.decode()

    assert 'href="/senha/esqueci/"' in html and "Esqueci minha senha" in html


def test_reset_sets_a_new_password_once_and_ends_tokens(post, client, clerk, settings):
    settings.PUBLIC_BASE_URL = "https://taxi.example.gov.br"
    token = (
        APIClient()
        .post("/api/auth/token/", {"username": "balcao", "password": "senha-de-teste-123"})
        .json()["token"]
    )

    sent = post("/senha/esqueci/", {"email": "BALCAO@example.com"})
    assert sent.status_code == 302
    assert mail.outbox[-1].body.count("https://taxi.example.gov.br/senha/nova/") == 1
    form = client.get(_reset_path(), follow=True)
    set_path = form.redirect_chain[-1][0]
    done = client.post(set_path, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})

    assert done.status_code == 302
    assert client.login(username="balcao", password=NEW_PASSWORD)
    assert APIClient(HTTP_AUTHORIZATION=f"Token {token}").get("/api/cases/").status_code == 401
    client.logout()
    reused = client.get(_reset_path(), follow=True)
    assert "Este link já foi usado ou expirou." in reused.content.decode()


def test_the_link_expires_after_password_reset_timeout(post, client, clerk, settings):
    settings.PASSWORD_RESET_TIMEOUT = 3600
    post("/senha/esqueci/", {"email": "balcao@example.com"})

    with time_machine.travel(dt.timedelta(minutes=61)):
        late = client.get(_reset_path(), follow=True)

    assert "Este link já foi usado ou expirou." in late.content.decode()


def test_any_address_gets_the_same_answer_and_one_mail(post, client, clerk):
    known = post("/senha/esqueci/", {"email": "balcao@example.com"}, follow=True)
    unknown = post("/senha/esqueci/", {"email": "ninguem@example.com"}, follow=True)

    # The same page but for the CSRF token and the form's one-time key.
    def page(response):
        return re.sub(r'value="[0-9a-zA-Z]{32,}"', "", response.content.decode())

    assert page(known) == page(unknown)
    assert [m.to for m in mail.outbox] == [["balcao@example.com"], ["ninguem@example.com"]]
    assert "não há conta ativa" in mail.outbox[-1].body


def test_a_disabled_account_gets_no_reset_link(post, client, clerk):
    clerk.is_active = False
    clerk.save()

    post("/senha/esqueci/", {"email": "balcao@example.com"})

    assert "/senha/nova/" not in mail.outbox[-1].body


def test_the_pages_speak_english_too(client):
    client.cookies.load({"django_language": "en"})
    html = client.get("/senha/esqueci/", HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert "Forgot my password" in html
