import pytest

from accounts.roles import Role
from tests.factories import UserFactory


@pytest.fixture
def agent():
    return UserFactory(role=Role.FISCAL_AGENT, username="fiscal")
