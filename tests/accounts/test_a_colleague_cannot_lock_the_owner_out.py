"""Issue 20 §3: password guessing is slowed without handing anyone a way to lock a
colleague out. Behind the town hall's one address, a colleague typing the owner's user
name with wrong passwords used to lock the owner out (the lockout was keyed on user name
and address). Now the owner still signs in from a browser where he signed in before,
and lifts the lock anywhere with the single-use link mailed to him (accounts.lockout)."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.test import Client

from accounts.roles import Role
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PASSWORD = "senha-de-teste-123"
TOWN_HALL = {"REMOTE_ADDR": "200.10.20.30"}


@pytest.fixture
def owner():
    return UserFactory(role=Role.CLERK, username="balcao", email="balcao@example.com")


def _log_in(client: Client, password: str):
    return client.post("/entrar/", {"username": "balcao", "password": password}, **TOWN_HALL)


def _guess_30_times():
    colleague = Client()
    for _ in range(30):
        _log_in(colleague, "chute-errado")
    return colleague


def test_a_colleagues_guesses_from_the_same_address_do_not_keep_the_owner_out(owner):
    own_browser = Client()
    assert _log_in(own_browser, PASSWORD).status_code == 302
    own_browser.post("/sair/", **TOWN_HALL)

    colleague = _guess_30_times()

    assert _log_in(colleague, PASSWORD).status_code == 429  # unknown browser: locked
    assert _log_in(own_browser, PASSWORD).status_code == 302
    assert "_auth_user_id" in own_browser.session


def test_the_owner_lifts_the_lock_by_the_mailed_link_once(owner, settings):
    settings.PUBLIC_BASE_URL = "https://taxi.example.gov.br"
    _guess_30_times()
    new_browser = Client()
    assert _log_in(new_browser, PASSWORD).status_code == 429

    unlock_mails = [m for m in mail.outbox if "/entrar/desbloquear/" in m.body]
    assert len(unlock_mails) == 1 and unlock_mails[0].to == ["balcao@example.com"]
    path = re.search(
        r"https://taxi\.example\.gov\.br(/entrar/desbloquear/\S+/)", unlock_mails[0].body
    )
    assert path
    assert new_browser.get(path.group(1)).status_code == 200  # a mail scanner lifts nothing
    assert _log_in(Client(), PASSWORD).status_code == 429
    assert new_browser.post(path.group(1)).status_code == 302

    assert _log_in(new_browser, PASSWORD).status_code == 302
    used = Client().post(path.group(1))
    assert used.status_code == 400
    assert "já foi usado" in used.content.decode()


def test_the_lock_answer_is_the_same_for_a_user_name_that_does_not_exist(owner):
    for _ in range(6):
        _log_in(Client(), "chute-errado")
        Client().post("/entrar/", {"username": "ninguem", "password": "x"}, **TOWN_HALL)

    known = _log_in(Client(), PASSWORD)
    unknown = Client().post("/entrar/", {"username": "ninguem", "password": "x"}, **TOWN_HALL)

    assert known.status_code == unknown.status_code == 429

    # The same page but for the CSRF token.
    def page(response):
        return re.sub(r'value="[0-9a-zA-Z]{32,}"', "", response.content.decode())

    assert page(known) == page(unknown)
    # Only the real account's owner gets a mail, once.
    assert [m.to for m in mail.outbox] == [["balcao@example.com"]]


def test_a_known_browser_is_still_limited(owner):
    own_browser = Client()
    _log_in(own_browser, PASSWORD)
    own_browser.post("/sair/", **TOWN_HALL)

    for _ in range(5):
        _log_in(own_browser, "chute-errado")

    assert _log_in(own_browser, PASSWORD).status_code == 429
