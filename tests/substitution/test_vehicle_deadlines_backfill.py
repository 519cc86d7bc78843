"""Arts. 10 §2, 12 and 70 for the data that existed before the rows: the backfill."""

from __future__ import annotations

import datetime as dt
from io import StringIO

import pytest
from django.core.management import call_command

from cases.models import Deadline
from registers.models import Authorization
from tests.factories import AuthorizationFactory
from tests.substitution.factories import PreLawAuthorizationFactory
from workflows.substitution.tracking import vehicle_deadlines_backfill

pytestmark = pytest.mark.django_db
TODAY = dt.date(2026, 1, 10)


def _pending(authorization):
    return sorted(
        (row.kind, row.due_on)
        for row in Deadline.objects.filter(authorization=authorization, kind__in=[
            "substitution.vehicle_age", "substitution.colour_change"
        ])
    )


def test_every_authorization_in_force_gets_its_rows_once_art12_art70():
    active = AuthorizationFactory(vehicle__manufacture_year=2018)
    suspended = PreLawAuthorizationFactory(
        suspended=True, vehicle__manufacture_year=2015, vehicle__colour="prata"
    )
    revoked = AuthorizationFactory(status=Authorization.Status.REVOKED)
    irregular = AuthorizationFactory(vehicle__colour="azul")
    report = vehicle_deadlines_backfill(today=TODAY)
    assert (report.authorizations, report.rows, report.irregular) == (3, 12, [irregular.number])
    assert _pending(active) == [("substitution.vehicle_age", dt.date(2026, 12, 31))]
    assert _pending(suspended) == [
        ("substitution.colour_change", dt.date(2026, 7, 28)),
        ("substitution.vehicle_age", dt.date(2026, 7, 28)),
    ]
    assert _pending(revoked) == []
    # Running again writes nothing
    count = Deadline.objects.count()
    again = vehicle_deadlines_backfill(today=TODAY)
    assert (again.authorizations, again.rows) == (3, 0)
    assert Deadline.objects.count() == count


def test_the_management_command_runs_the_backfill_for_a_given_day():
    authorization = AuthorizationFactory(vehicle__manufacture_year=2018)
    out = StringIO()
    call_command("vehicle_deadlines_backfill", "--today", "2026-06-01", stdout=out)
    assert "1 authorizations checked, 3 rows set." in out.getvalue()
    assert _pending(authorization) == [("substitution.vehicle_age", dt.date(2026, 12, 31))]
