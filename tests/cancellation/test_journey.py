"""Art. 23: the holder gives the authorization back; from the effective cancellation a new
authorization is barred for 5 years."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from cases.models import AuditEvent, Deadline
from cases.services.deadlines import deadline_handler
from cases.services.transitions import case_act
from notifications.models import Notification
from registers.models import Authorization, AuxiliaryBinding
from registers.requirements import driver_requirements_unmet
from tests.auxiliary.factories import AuxiliaryBindingFactory
from workflows.application import workflow as application_workflow
from workflows.cancellation.models import CancellationState
from workflows.cancellation.services import cancellation_confirm, cancellation_file

pytestmark = pytest.mark.django_db
EFFECTIVE = dt.date(2026, 4, 6)


@deadline_handler("test.register_deadline")
def _register_deadline(case, deadline, today):  # a register deadline of the authorization
    return False


def test_the_effective_cancellation_ends_everything_and_starts_the_bar_art23(
    authorization, driver, clerk
):
    # Given an authorization with an auxiliary and a pending register deadline
    binding = AuxiliaryBindingFactory(authorization=authorization)
    register_row = Deadline.objects.create(
        authorization=authorization, kind="test.register_deadline", label="Idade do veículo",
        due_on=dt.date(2030, 12, 31), counting=Deadline.Counting.FIXED_DATE, article="Art. 12",
    )
    # When the holder asks and a clerk confirms on 6 April 2026
    case = cancellation_file(actor=driver.user, holder=driver, acknowledged_bar=True,
                             reason="Mudança de profissão")
    case = cancellation_confirm(case=case, actor=clerk, today=EFFECTIVE)
    # Then the authorization is cancelled on that day
    authorization.refresh_from_db()
    assert (authorization.status, authorization.ended_on) == (
        Authorization.Status.CANCELLED, EFFECTIVE,
    )
    assert (case.state, case.effective_on) == (CancellationState.CANCELLED, EFFECTIVE)
    assert case.closed_at is not None
    # The auxiliary's binding ended with it (Art. 27 §1)
    binding.refresh_from_db()
    assert (binding.ended_on, binding.end_reason) == (EFFECTIVE, "authorization_ended")
    binding.auxiliary.refresh_from_db()
    assert binding.auxiliary.titular is None
    # The register deadlines of the authorization are cancelled
    register_row.refresh_from_db()
    assert register_row.state == Deadline.State.CANCELLED
    events = AuditEvent.objects.filter(case=case)
    assert list(events.values_list("transition", flat=True)) == [
        "open", "confirm", "authorization_cancelled", "auxiliary_unbound",
    ]
    cancelled = events.get(transition="authorization_cancelled")
    assert cancelled.article == "Art. 23 parágrafo único"
    assert cancelled.data == {
        "authorization": authorization.number, "ended_on": "2026-04-06",
        "bar_ends": "2031-04-06", "deadlines_cancelled": 1,
    }
    notice = Notification.objects.get(case=case, template="cancellation_effective")
    assert notice.recipient == driver
    assert "06/04/2026" in notice.body and "07/04/2031" in notice.body
    assert Notification.objects.get(case=case, template="auxiliary_unbound").recipient == (
        binding.auxiliary
    )


def test_a_new_application_during_the_five_years_meets_the_bar_art23_sole(
    authorization, driver, clerk
):
    driver.cnh_expires_on = dt.date(2035, 1, 1)  # a CNH valid through the whole bar
    driver.save(update_fields=["cnh_expires_on"])
    case = cancellation_file(actor=driver.user, holder=driver, acknowledged_bar=True)
    cancellation_confirm(case=case, actor=clerk, today=EFFECTIVE)
    # A new application's requirements check, a year later and on the last barred day
    for day in (dt.date(2027, 4, 6), dt.date(2031, 4, 6)):
        unmet = driver_requirements_unmet(driver, on=day)
        assert [u.article for u in unmet] == ["Art. 23 parágrafo único"]
        assert "06/04/2031" in unmet[0].message
    # The day after the five years the bar is gone
    assert driver_requirements_unmet(driver, on=dt.date(2031, 4, 7)) == []
    # And as an auxiliary too (Arts. 23 and 27 §3: the auxiliary meets the holder's rules)
    assert [u.article for u in driver_requirements_unmet(
        driver, on=dt.date(2027, 4, 6), as_auxiliary=True
    )] == ["Art. 23 parágrafo único"]


def test_a_freed_fleet_place_is_offered_to_the_waiting_list_art22_p2(
    authorization, driver, clerk, monkeypatch
):
    calls = []

    def fleet_place_freed(*, today):
        status = Authorization.objects.get(pk=authorization.pk).status
        calls.append((today, status))

    # The application kind offers the place, from its `on_authorization_end`.
    monkeypatch.setattr(application_workflow, "fleet_place_freed", fleet_place_freed)
    case = cancellation_file(actor=driver.user, holder=driver, acknowledged_bar=True)
    cancellation_confirm(case=case, actor=clerk, today=EFFECTIVE)
    # Called once, in the confirming transaction, after the authorization ended
    assert calls == [(EFFECTIVE, Authorization.Status.CANCELLED)]


def test_the_first_application_waiting_gets_the_freed_place_art22_p2(
    authorization, driver, clerk
):
    # Given a full fleet (500 inhabitants: one place, held by this authorization) and an
    # application approved by the Secretaria waiting for a place
    from registers.models import PopulationFigure
    from tests.factories import DriverFactory, VehicleFactory
    from workflows.application.models import ApplicationCase, ApplicationState

    PopulationFigure.objects.create(year=EFFECTIVE.year, population=500)
    applicant = DriverFactory()
    waiting = ApplicationCase.objects.create(
        number="2026/400001", year=2026, sequence=400001, kind=ApplicationCase.KIND,
        state=ApplicationState.WAITING_LIST, applicant=applicant,
        vehicle=VehicleFactory(owner=applicant), opened_at=timezone.now(),
        approved_on=dt.date(2026, 3, 1),
    )
    # When the holder's cancellation takes effect
    case = cancellation_file(actor=driver.user, holder=driver, acknowledged_bar=True)
    cancellation_confirm(case=case, actor=clerk, today=EFFECTIVE)
    # Then the place goes to the waiting application, in the same transaction
    waiting.refresh_from_db()
    assert waiting.state == ApplicationState.AWAITING_HOMOLOGATION


def test_a_suspended_authorization_may_be_cancelled_art23(clerk):
    from tests.factories import AuthorizationFactory

    suspended = AuthorizationFactory(suspended=True)
    holder = suspended.holder
    case = cancellation_file(actor=holder.user, holder=holder, acknowledged_bar=True)
    case_act(case=case, action="confirm", actor=clerk)
    suspended.refresh_from_db()
    assert suspended.status == Authorization.Status.CANCELLED
    assert not AuxiliaryBinding.objects.exists()
