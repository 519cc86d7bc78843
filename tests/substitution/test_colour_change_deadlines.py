"""Arts. 10 §2 and 70: 36 months from the publication to have a white vehicle."""

from __future__ import annotations

import datetime as dt

import pytest

from cases.models import Deadline
from cases.services.deadlines import deadlines_sweep
from notifications.models import Notification
from registers.models import Vehicle
from tests.factories import AuthorizationFactory
from tests.substitution.factories import PreLawAuthorizationFactory
from workflows.revocation.models import RevocationCase
from workflows.substitution.models import SubstitutionCase, SubstitutionTrigger
from workflows.substitution.tracking import vehicle_colour_deadlines_set, vehicle_deadlines_set

pytestmark = pytest.mark.django_db

COLOUR = "substitution.colour_change"
REMINDER = "substitution.colour_change_reminder"


def test_a_silver_vehicle_in_service_at_publication_must_be_white_by_28_july_2026_art70():
    authorization = PreLawAuthorizationFactory(
        vehicle__manufacture_year=2020, vehicle__colour="Prata"
    )
    rows = vehicle_deadlines_set(authorization=authorization, today=dt.date(2026, 1, 10))
    assert [(r.kind, r.due_on, r.article) for r in rows] == [
        # 31/12/2028 is a Sunday: the last day is 02/01/2029 (Código Civil art. 132 §1)
        ("substitution.vehicle_age", dt.date(2029, 1, 2), "Art. 12"),
        ("substitution.vehicle_age_reminder", dt.date(2028, 10, 3), "Art. 12"),
        ("substitution.vehicle_age_reminder", dt.date(2028, 12, 2), "Art. 12"),
        (COLOUR, dt.date(2026, 7, 28), "Art. 10 §2; Art. 70"),
        (REMINDER, dt.date(2026, 4, 28), "Art. 10 §2; Art. 70"),
        (REMINDER, dt.date(2026, 6, 27), "Art. 10 §2; Art. 70"),
    ]


def test_a_white_vehicle_has_no_colour_row_art10_II_e():
    authorization = PreLawAuthorizationFactory(vehicle__colour="Branco")
    rows = vehicle_colour_deadlines_set(authorization=authorization, today=dt.date(2026, 1, 10))
    assert rows == []


def test_after_28_july_2026_a_vehicle_still_not_white_opens_a_revocation_art59_V_f():
    authorization = PreLawAuthorizationFactory(
        vehicle__manufacture_year=2020, vehicle__colour="prata"
    )
    vehicle_colour_deadlines_set(authorization=authorization, today=dt.date(2026, 1, 10))
    # the reminders open one colour notice
    deadlines_sweep(today=dt.date(2026, 4, 29))
    deadlines_sweep(today=dt.date(2026, 6, 28))
    notice = SubstitutionCase.objects.get()
    assert (notice.trigger, notice.due_on) == (SubstitutionTrigger.COLOUR, dt.date(2026, 7, 28))
    assert Notification.objects.filter(case=notice).count() == 2
    assert "pintado na cor branca até 28/07/2026" in Notification.objects.first().body
    # nothing on the last day; a revocation the day after
    assert deadlines_sweep(today=dt.date(2026, 7, 28)).processed == 0
    assert deadlines_sweep(today=dt.date(2026, 7, 29)).applied == 1
    revocation = RevocationCase.objects.get()
    assert revocation.ground_article == "Art. 59 V f; Art. 70"
    assert "prata" in revocation.reason
    assert "28/07/2026" in revocation.reason


def test_a_repainted_vehicle_opens_nothing_art10_p2():
    authorization = PreLawAuthorizationFactory(vehicle__colour="prata")
    vehicle_colour_deadlines_set(authorization=authorization, today=dt.date(2026, 7, 1))
    # the clerk updated the register after seeing the vehicle repainted
    Vehicle.objects.filter(pk=authorization.vehicle_id).update(colour="Branca")
    report = deadlines_sweep(today=dt.date(2026, 7, 29))
    assert (report.applied, report.moot) == (0, 1)
    assert not RevocationCase.objects.exists()
    assert not SubstitutionCase.objects.exists()


def test_a_silver_vehicle_without_the_transition_gets_no_row_art10_II_e():
    # Granted after the law: it never had the 36 months; the backfill lists it instead
    authorization = AuthorizationFactory(vehicle__colour="prata")
    rows = vehicle_colour_deadlines_set(authorization=authorization, today=dt.date(2026, 1, 10))
    assert rows == []
    assert not Deadline.objects.exists()
