"""Issue 20 §3: a sign-up's confirmation link works once and for SIGNUP_LINK_MAX_AGE
seconds (an hour by default; it used to be three days and reusable). A used or an
expired link says which."""

from __future__ import annotations

import datetime as dt
import re

import pytest
import time_machine
from django.core import mail

from accounts.models import User
from accounts.roles import Role, has_role

pytestmark = pytest.mark.django_db


def _path_in_last_mail() -> str:
    match = re.search(r"https?://[^/\s]+(/cadastro/confirmar/\S+/)", mail.outbox[-1].body)
    assert match, mail.outbox[-1].body
    return match.group(1)


def test_a_used_link_says_so_and_changes_nothing(client, sign_up):
    sign_up()
    path = _path_in_last_mail()
    assert client.post(path).status_code == 302
    user = User.objects.get(email="joana@example.com")
    # The administrator disables the account; the old link must not bring it back.
    user.is_active = False
    user.save()

    again = client.post(path)

    assert again.status_code == 400
    assert "Este link já foi usado." in again.content.decode()
    user.refresh_from_db()
    assert not user.is_active


def test_the_link_lives_an_hour_by_default(client, sign_up):
    sign_up()
    path = _path_in_last_mail()

    with time_machine.travel(dt.timedelta(minutes=61)):
        late = client.post(path)

    assert late.status_code == 400
    assert "Este link expirou." in late.content.decode()
    assert not User.objects.get(email="joana@example.com").is_active


def test_a_new_link_for_a_pending_sign_up_confirms_it(post, client, sign_up):
    sign_up()
    with time_machine.travel(dt.timedelta(hours=2)):
        post("/cadastro/reenviar/", {"email": "joana@example.com"})
        response = client.post(_path_in_last_mail())

    assert response.status_code == 302
    user = User.objects.get(email="joana@example.com")
    assert user.is_active and has_role(user, Role.DRIVER)
