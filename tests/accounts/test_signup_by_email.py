"""A future applicant opens an account confirmed by e-mail, then files and follows the
application (Art. 10 §1: the application is filed by the interested person)."""

from __future__ import annotations

import datetime as dt
import re

import pytest
import time_machine
from django.core import mail, signing

from accounts.models import User
from accounts.roles import Role, has_role
from accounts.signup import SALT
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


PASSWORD = "taxi-de-mantenopolis-2026"


@pytest.fixture
def sign_up(client, django_capture_on_commit_callbacks):
    """Post the sign-up form; its mail leaves when the request commits, as in production."""

    def post(email="joana@example.com", password=PASSWORD, again=None):
        with django_capture_on_commit_callbacks(execute=True):
            return client.post(
                "/cadastro/novo/",
                {"name": "Joana Dias Lima", "email": email, "password": password,
                 "password_again": again or password},
            )

    return post


def _link_in_last_mail() -> str:
    match = re.search(r"https?://\S+/cadastro/confirmar/\S+/", mail.outbox[-1].body)
    assert match, mail.outbox[-1].body
    return match.group(0)


def test_sign_up_confirm_log_in_and_reach_the_application_form(client, settings, sign_up):
    settings.PUBLIC_BASE_URL = "https://taxi.example.gov.br"

    response = sign_up()

    assert 'data-testid="signup-sent"' in response.content.decode()
    assert not User.objects.get(email="joana@example.com").is_active
    link = _link_in_last_mail()
    assert link.startswith("https://taxi.example.gov.br/cadastro/confirmar/")
    path = link.split("example.gov.br", 1)[1]
    # Opening the link (as a mail scanner would) activates nothing.
    assert client.get(path).status_code == 200
    assert not User.objects.get(email="joana@example.com").is_active

    client.post(path)
    logged_in = client.post("/entrar/", {"username": "joana@example.com", "password": PASSWORD})

    assert logged_in.status_code == 302
    user = User.objects.get(email="joana@example.com")
    assert user.is_active and has_role(user, Role.DRIVER)
    assert client.get("/portal/outorga/nova/").status_code == 200


def test_an_address_with_an_account_gets_the_same_answer_and_no_second_account(client, sign_up):
    UserFactory(username="ja@example.com", email="ja@example.com")

    response = sign_up(email="JA@example.com")

    assert 'data-testid="signup-sent"' in response.content.decode()
    assert User.objects.filter(email__iexact="ja@example.com").count() == 1
    assert "já tem uma conta" in mail.outbox[-1].body


def test_a_weak_password_is_refused_next_to_its_field(client, sign_up):
    response = sign_up(password="12345678")

    html = response.content.decode()
    assert response.status_code == 200
    assert "Esta senha é muito comum" in html or "inteiramente numérica" in html
    assert not User.objects.filter(email="joana@example.com").exists()


def test_passwords_that_differ_are_refused(client, sign_up):
    html = sign_up(again="outra-senha-qualquer-9").content.decode()

    assert "As senhas não conferem." in html
    assert not User.objects.exists()


@pytest.mark.parametrize(
    "token",
    ["nonsense", signing.dumps({"user": 99999, "email": "x@example.com"}, salt=SALT)],
)
def test_a_wrong_link_is_refused_with_a_reason(client, token):
    response = client.post(f"/cadastro/confirmar/{token}/")

    assert response.status_code == 400
    assert "Link de confirmação inválido." in response.content.decode()


def test_an_expired_link_says_so(client, sign_up):
    sign_up()
    path = "/cadastro/confirmar/" + _link_in_last_mail().split("/cadastro/confirmar/")[1]

    with time_machine.travel(dt.timedelta(days=4)):
        response = client.post(path)

    assert response.status_code == 400
    assert "expirou" in response.content.decode()
