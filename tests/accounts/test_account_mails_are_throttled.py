"""Issue 20 §3: sign-up, "send the link again" and "forgot my password" are counted per
address (ACCOUNT_MAILS_PER_ADDRESS_HOUR) and per client (ACCOUNT_MAIL_REQUESTS_PER_IP_HOUR):
30 sign-ups to one address used to send 30 mails in 18 s. Past the limit the page says so
(429), and no mail leaves."""

from __future__ import annotations

import pytest
from django.core import mail

from tests.clock import inside_one_window

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _one_window():
    """The mails are counted per clock hour: the clock stands still in one, so a slow run
    never sees its requests split across two windows."""
    with inside_one_window(3600):
        yield


@pytest.fixture
def limits(settings):
    settings.ACCOUNT_MAILS_PER_ADDRESS_HOUR = 3
    settings.ACCOUNT_MAIL_REQUESTS_PER_IP_HOUR = 5


def test_thirty_sign_ups_to_one_address_send_three_mails(sign_up, limits):
    statuses = [
        sign_up(email="alvo@example.com", REMOTE_ADDR=f"10.0.0.{i}").status_code for i in range(30)
    ]

    assert statuses[:3] == [200, 200, 200]
    assert set(statuses[3:]) == {429}
    assert len(mail.outbox) == 3


def test_a_throttled_sign_up_says_so_and_when_to_come_back(sign_up, limits):
    for _ in range(3):
        sign_up(email="alvo@example.com")

    refused = sign_up(email="alvo@example.com")

    assert refused.status_code == 429
    assert 0 < int(refused["Retry-After"]) <= 3600
    assert "Muitos pedidos de e-mail para este endereço" in refused.content.decode()


def test_one_client_is_limited_across_addresses_and_forms(post, client, sign_up, limits):
    for i in range(3):
        sign_up(email=f"pessoa{i}@example.com")
    post("/cadastro/reenviar/", {"email": "outra@example.com"})
    post("/senha/esqueci/", {"email": "mais-uma@example.com"})

    assert post("/cadastro/reenviar/", {"email": "x@example.com"}).status_code == 429
    assert post("/senha/esqueci/", {"email": "y@example.com"}).status_code == 429
    assert sign_up(email="z@example.com").status_code == 429
    assert len(mail.outbox) == 5


def test_the_address_count_is_shared_by_the_three_forms(post, client, sign_up, limits):
    sign_up(email="alvo@example.com", REMOTE_ADDR="10.0.0.1")
    post("/cadastro/reenviar/", {"email": "alvo@example.com"}, REMOTE_ADDR="10.0.0.2")
    post("/senha/esqueci/", {"email": "alvo@example.com"}, REMOTE_ADDR="10.0.0.3")

    refused = post("/senha/esqueci/", {"email": "ALVO@example.com"}, REMOTE_ADDR="10.0.0.4")

    assert refused.status_code == 429
    assert "Muitos pedidos de e-mail" in refused.content.decode()
    assert len(mail.outbox) == 3
