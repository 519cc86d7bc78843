from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
import time_machine
from rest_framework.test import APIClient

from accounts.roles import Role
from tests.documents.helpers import local_cache, queued_renders  # noqa: F401 — fixtures
from tests.factories import UserFactory

SP = ZoneInfo("America/Sao_Paulo")
NOW = dt.datetime(2026, 5, 4, 10, 0, tzinfo=SP)


@pytest.fixture(autouse=True)
def _fresh_cache(local_cache):  # noqa: F811
    """The rate limiter counts in a cache of each test's own, never the shared Redis."""
    return local_cache


@pytest.fixture(autouse=True)
def _renders_stay_here(queued_renders):  # noqa: F811
    """Issued notices queue their PDF after commit; nothing leaves for the Redis queue."""
    return queued_renders


@pytest.fixture(autouse=True)
def _may_2026():
    with time_machine.travel(NOW, tick=False):
        yield


@pytest.fixture
def agent():
    return UserFactory(role=Role.FISCAL_AGENT, first_name="Ana", last_name="Fiscal")


@pytest.fixture
def api():
    def client_for(user=None):
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return client

    return client_for
