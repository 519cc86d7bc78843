from __future__ import annotations

import datetime as dt
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
import time_machine
from rest_framework.test import APIClient

from accounts.roles import Role
from registers.models import VrteValue
from tests.factories import UserFactory

SP = ZoneInfo("America/Sao_Paulo")


def at(day: dt.date, hour: int = 10):
    """Travel to a local day and hour (time is injected, never read twice)."""
    return time_machine.travel(
        dt.datetime(day.year, day.month, day.day, hour, tzinfo=SP), tick=False
    )


@pytest.fixture(autouse=True)
def _monday_4_may_2026():
    with at(dt.date(2026, 5, 4)):
        yield


@pytest.fixture(autouse=True)
def vrte(db):
    """Art. 54: R$ 4,7331 per VRTE in 2026."""
    return VrteValue.objects.create(year=2026, value=Decimal("4.7331"), source="SEFAZ-ES")


@pytest.fixture
def agent():
    return UserFactory(role=Role.FISCAL_AGENT)


@pytest.fixture
def commission_member():
    return UserFactory(role=Role.COMMISSION_MEMBER)


@pytest.fixture
def api():
    def client_for(user):
        client = APIClient()
        client.force_authenticate(user)
        return client

    return client_for
