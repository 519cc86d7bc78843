"""Issue 20 §3: a sign-up never changes an existing account, active or not.

An anonymous sign-up with the address of a disabled clerk used to overwrite his password,
and the confirmation link reactivated him with his roles (his queue and dashboard open).
Now the address only gets a mail saying it already has an account.
"""

from __future__ import annotations

import re

import pytest
from django.core import mail

from accounts.models import User
from accounts.roles import Role, has_role
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

ATTACKER_PASSWORD = "senha-do-invasor-2026"


@pytest.mark.parametrize("active", [True, False], ids=["active", "disabled"])
def test_a_sign_up_with_an_accounts_address_changes_nothing(client, sign_up, active):
    clerk = UserFactory(role=Role.CLERK, username="balcao", email="balcao@mantenopolis.es.gov.br")
    clerk.is_active = active
    clerk.save()
    clerk.refresh_from_db()
    before = User.objects.filter(pk=clerk.pk).values().get()

    response = sign_up(email="Balcao@Mantenopolis.es.gov.br", password=ATTACKER_PASSWORD)

    assert 'data-testid="signup-sent"' in response.content.decode()
    assert User.objects.filter(pk=clerk.pk).values().get() == before
    assert User.objects.count() == 1
    # The mail says the address has an account and where to reset its password; no link
    # that confirms (and so reactivates) anything.
    body = mail.outbox[-1].body
    assert "já tem uma conta" in body and "/senha/esqueci/" in body
    assert "/cadastro/confirmar/" not in body
    assert not client.login(username="balcao", password=ATTACKER_PASSWORD)


def test_a_disabled_account_is_not_reactivated_by_any_link(post, client, sign_up):
    clerk = UserFactory(role=Role.CLERK, username="balcao", email="balcao@mantenopolis.es.gov.br")
    clerk.is_active = False
    clerk.save()

    sign_up(email="balcao@mantenopolis.es.gov.br", password=ATTACKER_PASSWORD)
    post("/cadastro/reenviar/", {"email": "balcao@mantenopolis.es.gov.br"})

    assert not any(re.search(r"/cadastro/confirmar/", m.body) for m in mail.outbox)
    clerk.refresh_from_db()
    assert not clerk.is_active and has_role(clerk, Role.CLERK)
