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


@pytest.fixture
def roadside_day(local_cache, queued_renders):  # noqa: F811
    """The agent's page and API on 4 May 2026: a cache of the test's own (the rate limiter
    never counts in the shared Redis) and notices' PDFs queued here, not on the Redis queue.

    Not autouse: the worker tests of this folder need the real clock and queue.
    """
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
