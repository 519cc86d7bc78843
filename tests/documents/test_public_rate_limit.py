"""The public verification page answers each client address a limited number of times a
minute (PUBLIC_VERIFY_RATE), then HTTP 429 with a message in Portuguese.
"""

from __future__ import annotations

import pytest
from django.core.cache import caches
from django.test import RequestFactory

from documents.ratelimit import client_ip, rate_limit_hit
from tests.clock import inside_one_window

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _one_window():
    """The counts are per clock minute: the clock stands still in one, so a slow run never
    sees its requests split across two windows."""
    with inside_one_window(60):
        yield


@pytest.fixture
def three_a_minute(settings):
    settings.PUBLIC_VERIFY_RATE = 3


def test_past_the_limit_the_page_answers_429_in_portuguese(client, three_a_minute):
    statuses = [client.get("/verificar/?q=ABC1234").status_code for _ in range(3)]
    refused = client.get("/verificar/placa/ABC1234/")

    assert statuses == [200, 200, 200]
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 60
    assert "Muitas consultas em pouco tempo deste endereço" in refused.content.decode()


def test_the_limit_is_per_client_address(client, three_a_minute):
    for _ in range(3):
        client.get("/verificar/", REMOTE_ADDR="10.0.0.1")

    assert client.get("/verificar/", REMOTE_ADDR="10.0.0.1").status_code == 429
    assert client.get("/verificar/", REMOTE_ADDR="10.0.0.2").status_code == 200


def test_the_qr_code_path_is_limited_too(client, three_a_minute):
    for _ in range(3):
        client.get("/verificar/ABCDEFGHJK/")

    assert client.get("/verificar/ABCDEFGHJK/").status_code == 429


def test_the_default_is_sixty_a_minute(client):
    statuses = {client.get("/verificar/").status_code for _ in range(60)}

    assert statuses == {200}
    assert client.get("/verificar/").status_code == 429


def test_the_counter_starts_again_in_the_next_window():
    assert rate_limit_hit(scope="t", client="c", limit=1, now=1020.0) == (True, 60)
    assert rate_limit_hit(scope="t", client="c", limit=1, now=1021.0) == (False, 59)
    assert rate_limit_hit(scope="t", client="c", limit=1, now=1080.0) == (True, 60)


def test_a_request_in_an_open_window_only_increments_its_counter(monkeypatch):
    """Issue 25: every call to the cache is a round trip to Redis on every public
    verification; once its window's counter exists, a request only increments it."""
    rate_limit_hit(scope="t", client="c", limit=5, now=1020.0)
    backend = caches["default"]
    calls: list[str] = []

    def spied(name):
        real = getattr(backend, name)

        def call(*args, **kwargs):
            calls.append(name)
            return real(*args, **kwargs)

        return call

    for name in ("add", "incr", "set", "get"):
        monkeypatch.setattr(backend, name, spied(name))

    assert rate_limit_hit(scope="t", client="c", limit=5, now=1021.0) == (True, 59)
    assert calls == ["incr"]


def test_a_failing_cache_lets_the_public_through(monkeypatch):
    def down(*args, **kwargs):
        raise ConnectionError("redis down")

    # The backend itself, not the `cache` proxy, which follows settings.CACHES around.
    for name in ("add", "incr", "set"):
        monkeypatch.setattr(caches["default"], name, down)

    assert rate_limit_hit(scope="t", client="c", limit=0)[0] is True


def test_the_client_address_behind_our_proxy(settings):
    request = RequestFactory().get(
        "/", REMOTE_ADDR="10.0.0.9", HTTP_X_FORWARDED_FOR="6.6.6.6, 200.1.2.3"
    )
    # Without a proxy declared, a forwarded header is the client's word: ignored.
    assert client_ip(request) == "10.0.0.9"
    # One proxy of ours: the address it saw is the last one it appended.
    settings.RATELIMIT_PROXY_COUNT = 1
    assert client_ip(request) == "200.1.2.3"
