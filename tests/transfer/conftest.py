import datetime as dt

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.roles import Role
from law.inspection import ITEMS
from tests.factories import UserFactory


@pytest.fixture
def api():
    def client_for(user=None):
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return client

    return client_for


@pytest.fixture
def agent():
    return UserFactory(role=Role.FISCAL_AGENT, username="agent")


@pytest.fixture
def tomorrow_at_nine():
    day = timezone.localdate() + dt.timedelta(days=1)
    return timezone.make_aware(dt.datetime.combine(day, dt.time(9, 0)))


@pytest.fixture
def all_items_met():
    return {item.code: True for item in ITEMS}
