from __future__ import annotations

import uuid

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _local_cache(settings):
    """A process-local cache for the account mail counters (accounts.throttle), emptied
    for each test: the shared Redis is also a broker, and is not flushed here."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": f"accounts-tests-{uuid.uuid4()}",
        }
    }
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def sign_up(client, django_capture_on_commit_callbacks):
    """Post the sign-up form; its mail leaves when the request commits, as in production."""

    def post(email="joana@example.com", password="taxi-de-mantenopolis-2026", **extra):
        with django_capture_on_commit_callbacks(execute=True):
            return client.post(
                "/cadastro/novo/",
                {
                    "name": "Joana Dias Lima",
                    "email": email,
                    "password": password,
                    "password_again": password,
                },
                **extra,
            )

    return post


@pytest.fixture
def post(client, django_capture_on_commit_callbacks):
    """client.post whose mails leave when the request commits, as in production."""

    def send(path, data, **extra):
        with django_capture_on_commit_callbacks(execute=True):
            return client.post(path, data, **extra)

    return send
