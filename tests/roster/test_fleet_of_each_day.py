"""Art. 37 VII: the roster's minimum is a share of each day's fleet — on a past day, the
taxis whose Termo was in force that day (granted by then, not yet ended). Counted by the
days Termos were granted and ended, in a fixed number of statements (issue 25: every Termo's
span read and tested day by day took half a second a month at a million cases)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from municipal.selectors import fleet_by_day
from registers.models import Authorization
from tests.factories import AuthorizationFactory

pytestmark = pytest.mark.django_db

MARCH = [dt.date(2026, 3, 1) + dt.timedelta(days=i) for i in range(31)]
TODAY = dt.date(2026, 3, 20)


def _in_force(day: dt.date) -> int:
    return sum(
        1
        for a in Authorization.objects.all()
        if a.granted_on <= day and (a.ended_on is None or day < a.ended_on)
    )


def test_a_past_days_fleet_is_the_termos_in_force_that_day_art_37_vii():
    ended = Authorization.Status.CANCELLED
    for granted_on, ended_on, status in [
        (dt.date(2024, 3, 1), None, Authorization.Status.ACTIVE),  # in force all month
        (dt.date(2026, 3, 5), None, Authorization.Status.ACTIVE),  # granted on the 5th
        (dt.date(2024, 3, 1), dt.date(2026, 3, 10), ended),  # ended on the 10th
        (dt.date(2026, 3, 3), dt.date(2026, 3, 8), ended),  # in force 3rd to 7th
        (dt.date(2024, 3, 1), dt.date(2026, 2, 1), ended),  # ended before the month
        (dt.date(2026, 3, 25), None, Authorization.Status.ACTIVE),  # granted after today
    ]:
        AuthorizationFactory(granted_on=granted_on, ended_on=ended_on, status=status)
    with CaptureQueriesContext(connection) as ctx:
        fleets = fleet_by_day(MARCH, today=TODAY)
    active = Authorization.objects.filter(status=Authorization.Status.ACTIVE).count()
    assert fleets == {day: _in_force(day) if day < TODAY else active for day in MARCH}
    assert [fleets[dt.date(2026, 3, d)] for d in (1, 3, 5, 8, 10, 19)] == [2, 3, 4, 3, 2, 2]
    assert len(ctx.captured_queries) == 3


def test_a_month_to_come_is_todays_fleet_with_no_span_read():
    AuthorizationFactory()
    with CaptureQueriesContext(connection) as ctx:
        fleets = fleet_by_day(MARCH, today=dt.date(2026, 2, 1))
    assert fleets == dict.fromkeys(MARCH, 1)
    assert len(ctx.captured_queries) == 1  # the active fleet, counted once
