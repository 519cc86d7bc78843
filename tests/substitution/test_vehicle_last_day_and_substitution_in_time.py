"""Art. 12 with Código Civil art. 132 §1: the vehicle's last day moves off a weekend or
holiday; a substitution filed by that day holds the revocation until it is decided
(issue 9, item 12)."""

from __future__ import annotations

import datetime as dt
import zoneinfo

import pytest
import time_machine

from cases.models import AuditEvent, Deadline
from cases.services.deadlines import deadlines_sweep
from cases.services.transitions import case_act
from notifications.models import Notification
from tests.factories import AuthorizationFactory
from tests.substitution.factories import crlv, new_vehicle
from workflows.revocation.models import RevocationCase
from workflows.substitution.models import SubstitutionCase
from workflows.substitution.services import substitution_file
from workflows.substitution.tracking import vehicle_age_deadlines_set

pytestmark = pytest.mark.django_db

AGE = "substitution.vehicle_age"
SP = zoneinfo.ZoneInfo("America/Sao_Paulo")


def _on(day: dt.date):
    return time_machine.travel(dt.datetime(day.year, day.month, day.day, 10, tzinfo=SP), tick=False)


def test_art_12_cc_132_p1_a_2020_vehicle_serves_until_2_january_2029():
    # Given a 2020 vehicle: Art. 12 names 31/12/2028, a Sunday; 01/01/2029 is a holiday
    authorization = AuthorizationFactory(vehicle__manufacture_year=2020)
    rows = vehicle_age_deadlines_set(authorization=authorization, today=dt.date(2028, 6, 1))
    # Then the row ends on the next business day
    assert (rows[0].kind, rows[0].due_on, rows[0].article) == (AGE, dt.date(2029, 1, 2), "Art. 12")
    # and nothing happens on 02/01/2029: the holder may still substitute that day
    deadlines_sweep(today=dt.date(2029, 1, 1))
    deadlines_sweep(today=dt.date(2029, 1, 2))
    assert not RevocationCase.objects.exists()
    # When 02/01/2029 has passed, the revocation opens, naming the day
    assert deadlines_sweep(today=dt.date(2029, 1, 3)).applied == 1
    assert "02/01/2029" in RevocationCase.objects.get().reason


def test_art_12_a_substitution_filed_in_time_holds_the_revocation_until_decided(clerk):
    # Given a 2018 vehicle (last day 31/12/2026) and a substitution filed on 20/12/2026
    authorization = AuthorizationFactory(
        vehicle__manufacture_year=2018, holder__email="titular@example.com"
    )
    # (set on 02/12, after the last reminder's day: only the main row)
    vehicle_age_deadlines_set(authorization=authorization, today=dt.date(2026, 12, 2))
    with _on(dt.date(2026, 12, 20)):
        case = substitution_file(
            actor=clerk, driver=authorization.holder, vehicle=new_vehicle(), crlv=crlv(),
            today=dt.date(2026, 12, 20),
        )
    # When the last day passes while the Secretaria is still reviewing it
    with _on(dt.date(2027, 1, 1)):
        report = deadlines_sweep(today=dt.date(2027, 1, 1))
    # Then no revocation: the case's timeline says why, with the article, and the holder is told
    assert report.applied == 1
    assert not RevocationCase.objects.exists()
    held = AuditEvent.objects.get(case=case, transition="vehicle_revocation_held")
    assert held.article == "Art. 12"
    assert "20/12/2026" in held.note and "31/12/2026" in held.note
    notice = Notification.objects.get(case=case, template="substitution_revocation_held")
    assert "31/12/2026" in notice.body and "Art. 12" in notice.body
    # and later sweeps do not open it either while the case is under review
    deadlines_sweep(today=dt.date(2027, 1, 20))
    assert not RevocationCase.objects.exists()
    # When the Secretaria rejects the filing on 25/01/2027
    with _on(dt.date(2027, 1, 25)):
        case_act(case=case, action="reject", actor=clerk, note="CRLV ilegível")
    recheck = Deadline.objects.get(kind=AGE, state=Deadline.State.PENDING)
    assert (recheck.due_on, recheck.vehicle_link.target_on) == (
        dt.date(2027, 1, 25), dt.date(2026, 12, 31),
    )
    assert AuditEvent.objects.filter(case=case, transition="vehicle_revocation_hold_ended").exists()
    # Then the next sweep opens the revocation
    assert deadlines_sweep(today=dt.date(2027, 1, 26)).applied == 1
    assert RevocationCase.objects.get().ground_article == "Art. 12"


def test_art_12_a_substitution_filed_after_the_last_day_does_not_hold_it(clerk):
    authorization = AuthorizationFactory(vehicle__manufacture_year=2018)
    vehicle_age_deadlines_set(authorization=authorization, today=dt.date(2026, 12, 1))
    with _on(dt.date(2027, 1, 1)):
        case = substitution_file(
            actor=clerk, driver=authorization.holder, vehicle=new_vehicle(), crlv=crlv(),
            today=dt.date(2027, 1, 1),
        )
        deadlines_sweep(today=dt.date(2027, 1, 1))
    revocation = RevocationCase.objects.get()
    assert case.number in revocation.reason
    assert SubstitutionCase.objects.get(pk=case.pk).closed_at is None
