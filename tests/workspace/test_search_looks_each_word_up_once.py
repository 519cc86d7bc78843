"""One search looks its words up once (workspace.search.Matches, issue 13): the case list
and the register hits beside it name the same drivers and Termos, and a trigram match
over every driver is the costliest statement of the request."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.roles import Role
from tests.factories import AuthorizationFactory, DriverFactory, SuspensionCaseFactory, UserFactory

pytestmark = pytest.mark.django_db

# The driver's own name: by the index of its words' pieces on PostgreSQL, else compared.
NAME_MATCHES = (
    'ws_wordparts("registers_driver"."name_key") @>',
    '"registers_driver"."name_key"::text LIKE',
)


@pytest.fixture
def maria():
    holder = DriverFactory(name="Maria Aparecida Souza")
    authorization = AuthorizationFactory(holder=holder, number="TA-2026/000123")
    return SuspensionCaseFactory(authorization=authorization, applicant=holder)


@pytest.mark.parametrize("path", ["/api/search/", "/busca/"])
def test_the_name_is_matched_once_and_found_everywhere(client, maria, path):
    DriverFactory(name="Maria de Lourdes")  # named too, with no case
    client.force_login(UserFactory(role=Role.CLERK))
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(path, {"q": "maria", "status": "all"})
    assert response.status_code == 200
    statements = [q["sql"] for q in ctx.captured_queries]
    assert sum(any(match in sql for match in NAME_MATCHES) for sql in statements) == 1
    text = response.content.decode()
    for shown in (maria.number, "Maria Aparecida Souza", "Maria de Lourdes", "TA-2026/000123"):
        assert shown in text
