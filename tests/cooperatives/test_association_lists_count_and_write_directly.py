"""The associations' list (Art. 3) at the cost of its rows, not of their members (issue
25): the page counts members and executive taxis in PostgreSQL, the API writes each member
itself, with the same keys and values DRF's fields give."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework import serializers

from municipal.api.cooperatives import MembershipOutput
from municipal.models import ExecutiveVehicle
from tests.factories import AuthorizationFactory, VehicleFactory
from tests.municipal_factories import AssociationFactory, MembershipFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def association():
    """Three current members (one of them suspended), one who left, and two executive
    taxis, one of them ended."""
    association = AssociationFactory(name="Cooperativa Central")
    for _ in range(2):
        MembershipFactory(association=association)
    MembershipFactory(association=association, driver=AuthorizationFactory(suspended=True).holder)
    MembershipFactory(association=association, ended_on=dt.date(2026, 1, 5))
    for ended_on in (None, dt.date(2026, 2, 1)):
        ExecutiveVehicle.objects.create(
            association=association,
            vehicle=VehicleFactory(),
            seal="S-1",
            registered_on=dt.date(2025, 6, 1),
            ended_on=ended_on,
        )
    return association


def test_art_3_the_list_counts_current_members_those_authorized_and_every_taxi(
    client, clerk, association
):
    AssociationFactory(name="Associação Vazia")
    client.force_login(clerk)

    with CaptureQueriesContext(connection) as ctx:
        html = client.get("/associacoes/").content.decode()

    row = re.search(r"Cooperativa Central</a>.*?</tr>", html, re.S)[0]
    assert "<td>3 (2 com autorização)</td><td>2</td>" in row
    empty = re.search(r"Associação Vazia</a>.*?</tr>", html, re.S)[0]
    assert "<td>0 (0 com autorização)</td><td>0</td>" in empty
    # Counted, not loaded: no member's or taxi's row is read.
    assert not any('"registers_driver"."cpf"' in q["sql"] for q in ctx.captured_queries)
    assert not any('"registers_vehicle"."plate"' in q["sql"] for q in ctx.captured_queries)


def test_art_3_the_api_writes_a_member_as_drfs_fields_would(association):
    for membership in association.memberships.select_related("driver"):
        direct = MembershipOutput(membership).data
        by_fields = serializers.ModelSerializer.to_representation(MembershipOutput(), membership)

        assert direct == by_fields
        assert list(direct) == list(by_fields)
