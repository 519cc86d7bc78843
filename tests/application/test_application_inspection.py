"""Art. 20: the inspection moves the application; a failed one is fixed and inspected again."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from cases.errors import NotPermitted, RuleViolation, StateConflict
from cases.models import AuditEvent
from cases.services.transitions import case_act
from inspections.models import Inspection
from notifications.models import Notification
from tests.application.journey import PLACE, filed, inspect, schedule
from workflows.application.models import ApplicationCase, ApplicationState

pytestmark = pytest.mark.django_db


def _state(case):
    return ApplicationCase.objects.get(pk=case.pk).state


@pytest.fixture
def accepted(applicant_user, clerk, today):
    case = filed(applicant_user, today=today)
    case_act(case=case, action="accept", actor=clerk)
    return case


def test_failed_inspection_then_reinspection_passes_art20(accepted, clerk, fiscal_agent):
    case = accepted
    # Given a scheduled inspection; the applicant is told when and where
    first = schedule(case, clerk)
    assert (first.vehicle, first.place) == (case.vehicle, PLACE)
    scheduled = Notification.objects.filter(case=case).latest("id")
    assert scheduled.template == "application_inspection_scheduled"
    local = timezone.localtime(first.scheduled_for)
    assert f"agendada para {local:%d/%m/%Y} às {local:%H:%M}, em {PLACE}" in scheduled.body
    # When the roof light and the price table fail (Art. 11 III a, e)
    inspect(first, fiscal_agent, roof_light=False, price_table=False)
    # Then the case waits for a reinspection, the failed items on record and in the notice
    assert _state(case) == ApplicationState.INSPECTION_FAILED
    failed = AuditEvent.objects.get(case=case, transition="fail_inspection")
    assert (failed.actor, failed.data) == (
        fiscal_agent, {"inspection": first.pk, "failed": ["roof_light", "price_table"]},
    )
    notice = Notification.objects.filter(case=case).latest("id")
    assert notice.template == "application_inspection_failed"
    roof = "Caixa luminosa “TÁXI” no teto, com dispositivo para apagar (Art. 11 III a)"
    assert roof in notice.body
    assert "Tabela de preços em vigor (Art. 11 III e; Art. 30)" in notice.body
    # When the clerk schedules the reinspection and every item is met
    second = schedule(case, clerk)
    assert _state(case) == ApplicationState.INSPECTION_SCHEDULED
    inspect(second, clerk)
    # Then the case goes to the Secretaria's review
    assert _state(case) == ApplicationState.SECRETARIA_REVIEW
    assert list(
        Inspection.objects.filter(case=case).order_by("id").values_list("status", flat=True)
    ) == ["failed", "passed"]
    assert list(
        AuditEvent.objects.filter(case=case)
        .exclude(transition__in=["open", "document_attached"])
        .values_list("transition", "to_state")
    ) == [
        ("accept", "awaiting_inspection"),
        ("schedule_inspection", "inspection_scheduled"),
        ("inspection_scheduled", "inspection_scheduled"),
        ("inspection_recorded", "inspection_scheduled"),
        ("fail_inspection", "inspection_failed"),
        ("schedule_inspection", "inspection_scheduled"),
        ("inspection_scheduled", "inspection_scheduled"),
        ("inspection_recorded", "inspection_scheduled"),
        ("pass_inspection", "secretaria_review"),
    ]


def test_an_inspection_cannot_be_scheduled_before_the_documents_are_accepted_art20(
    applicant_user, clerk, today
):
    case = filed(applicant_user, today=today)
    with pytest.raises(StateConflict):
        schedule(case, clerk)
    assert not Inspection.objects.exists()


def test_the_place_of_the_inspection_is_required_art20(accepted, clerk):
    with pytest.raises(RuleViolation) as refused:
        case_act(case=accepted, action="schedule_inspection", actor=clerk,
                 when=timezone.now() + dt.timedelta(days=1), place=" ")
    assert refused.value.article == "Art. 20"
    assert _state(accepted) == ApplicationState.AWAITING_INSPECTION


def test_an_inspection_in_the_past_is_refused_and_nothing_changes(accepted, clerk):
    with pytest.raises(RuleViolation):
        case_act(case=accepted, action="schedule_inspection", actor=clerk,
                 when=timezone.now() - dt.timedelta(days=1), place=PLACE)
    assert _state(accepted) == ApplicationState.AWAITING_INSPECTION
    assert not AuditEvent.objects.filter(case=accepted, transition="schedule_inspection").exists()


def test_the_applicant_cannot_schedule_nor_pass_their_own_inspection(accepted, applicant_user):
    with pytest.raises(NotPermitted):
        schedule(accepted, applicant_user)
    with pytest.raises(NotPermitted):
        case_act(case=accepted, action="pass_inspection", actor=applicant_user)


def test_a_result_recorded_after_the_applicant_withdrew_changes_nothing(
    accepted, applicant_user, clerk
):
    inspection = schedule(accepted, clerk)
    case_act(case=accepted, action="withdraw", actor=applicant_user)
    inspect(inspection, clerk)
    assert _state(accepted) == ApplicationState.WITHDRAWN
    assert not AuditEvent.objects.filter(case=accepted, transition="pass_inspection").exists()
