import pytest
from rest_framework.test import APIClient


@pytest.fixture
def api():
    def client_for(user=None):
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return client

    return client_for
