"""Art. 20: the new vehicle is inspected before it enters service; a failed one again."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from cases.errors import NotPermitted, RuleViolation
from cases.models import AuditEvent
from cases.services.transitions import case_act
from inspections.models import Inspection
from tests.factories import AuthorizationFactory
from tests.substitution.factories import SubstitutionCaseFactory, crlv, new_vehicle
from tests.substitution.helpers import accept_crlv, book_inspection, record_inspection
from workflows.substitution.models import SubstitutionCase, SubstitutionState
from workflows.substitution.services import (
    substitution_deny,
    substitution_file,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def filed(clerk):
    authorization = AuthorizationFactory()
    driver = authorization.holder
    case = substitution_file(
        actor=driver.user, driver=driver, vehicle=new_vehicle(), crlv=crlv(),
        today=dt.date(2026, 11, 30),
    )
    return case


def _state(case):
    return SubstitutionCase.objects.get(pk=case.pk).state


def test_a_failed_inspection_waits_for_a_reinspection_art20_art11(filed, clerk, fiscal_agent):
    accept_crlv(filed, clerk)
    # When the vehicle fails an item (no roof light, Art. 11 III a)
    record_inspection(book_inspection(filed, clerk), fiscal_agent, roof_light=False)
    assert _state(filed) == SubstitutionState.INSPECTION_FAILED
    # Then it is inspected again, by a fiscal agent this time, and passes
    record_inspection(book_inspection(filed, fiscal_agent), fiscal_agent)
    assert _state(filed) == SubstitutionState.AWAITING_DECISION
    assert list(
        Inspection.objects.filter(case=filed).order_by("id").values_list("status", flat=True)
    ) == [Inspection.Status.FAILED, Inspection.Status.PASSED]
    steps = AuditEvent.objects.filter(case=filed).order_by("id")
    assert [e.transition for e in steps if e.from_state != e.to_state] == [
        "open", "file", "schedule_inspection", "fail_inspection", "schedule_inspection",
        "pass_inspection",
    ]
    assert steps.get(transition="fail_inspection").data["failed"] == ["roof_light"]


def test_a_white_colour_failure_fails_a_vehicle_without_the_window_art10_II_e(filed, clerk):
    accept_crlv(filed, clerk)
    record_inspection(book_inspection(filed, clerk), clerk, white_colour=False)
    assert _state(filed) == SubstitutionState.INSPECTION_FAILED


def test_the_inspection_waits_for_the_clerk_to_accept_the_crlv_art10_II_a(filed, clerk):
    with pytest.raises(RuleViolation) as refused:
        case_act(
            case=filed, action="schedule_inspection", actor=clerk,
            when=timezone.now() + dt.timedelta(days=1), place="Pátio",
        )
    assert refused.value.article == "Art. 10 II a"
    assert _state(filed) == SubstitutionState.FILED
    assert not Inspection.objects.exists()


def test_the_driver_cannot_book_his_own_inspection_art20(filed, clerk):
    accept_crlv(filed, clerk)
    with pytest.raises(NotPermitted):
        case_act(
            case=filed, action="schedule_inspection", actor=filed.applicant.user,
            when=timezone.now() + dt.timedelta(days=1), place="Pátio",
        )
    assert not Inspection.objects.exists()


def test_a_vehicle_that_keeps_failing_can_be_denied_art20(filed, clerk):
    accept_crlv(filed, clerk)
    record_inspection(book_inspection(filed, clerk), clerk, good_condition=False)
    case = substitution_deny(case=filed, actor=clerk, note="Corrosão estrutural.")
    assert (case.state, case.decided_on is not None) == (SubstitutionState.DENIED, True)


def test_withdrawing_calls_off_the_booked_inspection_art20(filed, clerk):
    accept_crlv(filed, clerk)
    inspection = book_inspection(filed, clerk)
    case = case_act(case=filed, action="withdraw", actor=filed.applicant.user)
    inspection.refresh_from_db()
    assert (case.state, inspection.status) == (
        SubstitutionState.WITHDRAWN, Inspection.Status.CANCELLED,
    )
    assert list(
        AuditEvent.objects.filter(case=filed).order_by("id").values_list("transition", flat=True)
    )[-2:] == ["withdraw", "inspection_cancelled"]


def test_an_inspection_recorded_on_a_case_not_waiting_for_it_moves_nothing(clerk):
    # An inspection booked outside the case's flow (say, by hand in the admin)
    case = SubstitutionCaseFactory(state=SubstitutionState.FILED)
    inspection = Inspection.objects.create(
        case=case, vehicle=case.new_vehicle,
        scheduled_for=timezone.now() + dt.timedelta(days=1), place="Pátio",
    )
    record_inspection(inspection, clerk)
    assert _state(case) == SubstitutionState.FILED
    assert list(AuditEvent.objects.filter(case=case).values_list("transition", flat=True)) == [
        "inspection_recorded"
    ]
