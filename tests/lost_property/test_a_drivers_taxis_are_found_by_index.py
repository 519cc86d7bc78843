"""The taxis a driver drives — his own Termo in force, or the holder's he is bound to as
auxiliary (Art. 27) — are found by one indexed lookup per path, united (issue 25): an OR
across the join to the bindings made PostgreSQL read every authorization in force, 45 ms of
the portal's lost-property page at a million cases. The same taxis as before."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from municipal.selectors import authorizations_of_driver
from registers.models import Authorization, AuxiliaryBinding
from tests.complaint.factories import bind_auxiliary
from tests.factories import AuthorizationFactory

pytestmark = pytest.mark.django_db


def test_art_27_a_holder_drives_his_termo_in_force_and_not_one_that_ended():
    mine = AuthorizationFactory()
    AuthorizationFactory(holder=mine.holder, status=Authorization.Status.CANCELLED)
    AuthorizationFactory()  # someone else's

    assert list(authorizations_of_driver(mine.holder)) == [mine]


def test_art_27_an_auxiliary_drives_the_taxis_he_is_bound_to_now():
    bound = AuthorizationFactory()
    auxiliary = bind_auxiliary(bound)
    former = AuthorizationFactory()
    AuxiliaryBinding.objects.create(
        authorization=former,
        auxiliary=auxiliary,
        valid_from=timezone.localdate(),
        valid_until=timezone.localdate(),
        ended_on=timezone.localdate(),
    )

    assert list(authorizations_of_driver(auxiliary)) == [bound]


def test_the_paths_are_united_not_joined_with_an_or():
    taxi = AuthorizationFactory()

    with CaptureQueriesContext(connection) as ctx:
        assert list(authorizations_of_driver(taxi.holder)) == [taxi]

    [sql] = [q["sql"] for q in ctx.captured_queries]
    assert " UNION " in sql
    assert 'LEFT OUTER JOIN "registers_auxiliarybinding"' not in sql
    assert "DISTINCT" not in sql
