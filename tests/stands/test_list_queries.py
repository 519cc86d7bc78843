"""Each list of the municipal registers costs the same number of queries for 1 row or 6."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from tests.factories import AuthorizationFactory
from tests.municipal_factories import (
    AssociationFactory,
    LostItemFactory,
    MembershipFactory,
    RosterEntryFactory,
    StandAssignmentFactory,
    TariffTableFactory,
)

pytestmark = pytest.mark.django_db


def _queries(client: APIClient, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def _one_more_batch(make) -> None:  # type: ignore[no-untyped-def]
    for _ in range(5):
        make()


@pytest.mark.parametrize(
    ("url", "make"),
    [
        ("/api/stands/", lambda: StandAssignmentFactory()),
        ("/api/tariffs/", lambda: TariffTableFactory()),
        ("/api/lost-items/", lambda: LostItemFactory()),
        ("/api/roster/?start=2026-03-01&end=2026-03-31", lambda: RosterEntryFactory()),
        ("/api/associations/", lambda: MembershipFactory(association=AssociationFactory())),
        ("/pontos/", lambda: StandAssignmentFactory()),
        ("/achados/", lambda: LostItemFactory()),
        ("/associacoes/", lambda: MembershipFactory(association=AssociationFactory())),
    ],
)
def test_list_queries_do_not_grow_with_rows(clerk, client, url, make):
    api = APIClient()
    api.force_authenticate(clerk)
    client.force_login(clerk)
    reader = api if url.startswith("/api/") else client
    make()
    AuthorizationFactory()
    _queries(reader, url)  # the user's roles are read once per user object, then cached
    first = _queries(reader, url)
    _one_more_batch(make)
    assert _queries(reader, url) == first
