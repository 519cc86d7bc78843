from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from accounts.roles import Role
from tests.factories import UserFactory
from tests.renewal.factories import im_issued


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


@pytest.fixture
def im():
    """An IM valid from 1 March 2026 to 28 February 2027, issued with its cycle."""
    return im_issued()


@pytest.fixture
def holder(im):
    return im.authorization.holder
