"""Art. 37 VII: the roster judges each day of a month against that day's fleet (issue 25).

A past day's fleet is the Termos in force that day: those in force on every past day of
the month are counted by PostgreSQL, and only those granted or ended among those days are
read, one by one — reading every Termo's span and testing it against each day took 0.3 s
on the 6th of a month at a million cases, ten times that at its end. The fleets of a month
are kept in the cache for ROSTER_FLEET_CACHE_SECONDS: a Termo granted meanwhile shows once
they expire; the shifts on the roster are read at every request."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from municipal import selectors
from registers.models import Authorization
from tests.factories import AuthorizationFactory

pytestmark = pytest.mark.django_db

MARCH = [dt.date(2026, 3, day) for day in range(1, 32)]
TODAY = dt.date(2026, 3, 16)
ENDED = Authorization.Status.CANCELLED


@pytest.fixture
def fleet():
    """Two Termos in force all month; one granted on the 5th; one ended on the 10th; one
    ended in February; one granted on the 20th (after today)."""
    AuthorizationFactory.create_batch(2)
    AuthorizationFactory(granted_on=dt.date(2026, 3, 5))
    AuthorizationFactory(ended_on=dt.date(2026, 3, 10), status=ENDED)
    AuthorizationFactory(ended_on=dt.date(2026, 2, 1), status=ENDED)
    AuthorizationFactory(granted_on=dt.date(2026, 3, 20))


def test_art_37_vii_each_past_day_has_the_fleet_in_force_that_day_and_today_the_active(fleet):
    fleets = selectors.fleet_by_day(MARCH, today=TODAY)

    assert list(fleets) == MARCH
    for day in MARCH[:15]:
        expected = 2 + (day >= dt.date(2026, 3, 5)) + (day < dt.date(2026, 3, 10))
        assert fleets[day] == expected, day
    # From today on, the Termos active now: the two, the 5th's and the 20th's.
    assert {fleets[day] for day in MARCH[15:]} == {4}


def test_the_termos_in_force_all_along_are_counted_and_only_those_that_changed_read(fleet):
    with CaptureQueriesContext(connection) as ctx:
        selectors.fleet_by_day(MARCH, today=TODAY)

    reads = [
        q["sql"]
        for q in ctx.captured_queries
        if 'FROM "registers_authorization"' in q["sql"] and "COUNT(" not in q["sql"]
    ]
    assert len(reads) == 1
    with connection.cursor() as cursor:
        cursor.execute(reads[0])
        spans = sorted(cursor.fetchall())
    # The one granted on the 5th and the one ended on the 10th, not the two steady ones.
    assert spans == [
        (dt.date(2024, 3, 1), dt.date(2026, 3, 10)),
        (dt.date(2026, 3, 5), None),
    ]
    assert not any('ORDER BY "registers_authorization"."number"' in s for s in reads)


LOCAL_CACHE = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}


@pytest.fixture
def kept(settings):
    settings.CACHES = {"default": {**LOCAL_CACHE, "LOCATION": "roster-fleet-test"}}
    settings.ROSTER_FLEET_CACHE_SECONDS = 300
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


def _check(clerk) -> tuple[dict, list[str]]:  # type: ignore[no-untyped-def]
    api = APIClient()
    api.force_authenticate(clerk)
    with (
        time_machine.travel("2026-03-16 10:00 -03:00", tick=False),
        CaptureQueriesContext(connection) as ctx,
    ):
        body = api.get("/api/roster/check/?month=2026-03").json()
    return body, [q["sql"] for q in ctx.captured_queries]


def test_art_37_vii_a_termo_granted_shows_in_the_fleet_once_the_kept_one_expires(
    clerk, fleet, kept, settings
):
    first, _ = _check(clerk)
    assert (first["fleet"], first["required"]) == (4, 2)

    AuthorizationFactory.create_batch(2)
    again, sql = _check(clerk)

    # Within the time the fleets are kept, the month is judged by them, not counted again.
    assert (again["fleet"], again["required"]) == (4, 2)
    assert not any('FROM "registers_authorization"' in s for s in sql)
    assert any('FROM "municipal_rosterentry"' in s for s in sql)  # the shifts: read live

    settings.ROSTER_FLEET_CACHE_SECONDS = 0
    counted, _ = _check(clerk)
    assert (counted["fleet"], counted["required"]) == (6, 3)
