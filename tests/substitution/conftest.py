from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from accounts.roles import Role
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
def fiscal_agent():
    return UserFactory(role=Role.FISCAL_AGENT, username="fiscal")
