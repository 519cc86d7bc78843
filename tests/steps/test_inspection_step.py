"""Art. 20: the inspection step, one for every kind that inspects a vehicle. The recorded
result passes or fails the case with the failed items of `law.inspection.failed_items`;
a result the case no longer waits for stays on the record only."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from cases.errors import NotPermitted, RuleViolation
from cases.models import AuditEvent, Document
from cases.services.documents import document_store, upload_check
from cases.services.transitions import case_act
from cases.workflow import workflow_for
from inspections.models import Inspection
from inspections.services import inspection_record_for_case
from law import inspection as law_inspection
from tests.application.factories import ApplicationCaseFactory
from tests.factories import VehicleFactory
from tests.renewal.factories import RenewalCaseFactory
from tests.substitution.factories import SubstitutionCaseFactory, crlv
from tests.transfer.factories import TransferCaseFactory

pytestmark = pytest.mark.django_db

ALL_MET = {item.code: True for item in law_inspection.ITEMS}
def _substitution_ready(**fields):
    """A substitution after a failed inspection: its CRLV was accepted before."""
    case = SubstitutionCaseFactory(state="inspection_failed", **fields)
    document = document_store(case=case, item="crlv", checked=upload_check(crlv()), actor=None)
    Document.objects.filter(pk=document.pk).update(review=Document.Review.ACCEPTED)
    return case


# kind: a case ready for its inspection, and the states it passes and fails to
READY = {
    "application": (
        lambda: ApplicationCaseFactory(state="awaiting_inspection"),
        "secretaria_review",
        "inspection_failed",
    ),
    "renewal": (
        lambda: RenewalCaseFactory(state="awaiting_inspection"),
        "inspection_passed",
        "awaiting_inspection",
    ),
    "transfer": (
        lambda: TransferCaseFactory(awaiting_inspection=True),
        "awaiting_consent",
        "awaiting_inspection",
    ),
    "vehicle_substitution": (
        _substitution_ready,
        "awaiting_decision",
        "inspection_failed",
    ),
}
KINDS = sorted(READY)


def _book(case, clerk):
    when = timezone.now() + dt.timedelta(days=1)
    case_act(case=case, action="schedule_inspection", actor=clerk, when=when, place="Pátio")
    return Inspection.objects.get(case=case, status=Inspection.Status.SCHEDULED)


def _record(inspection, clerk, **failed):
    return inspection_record_for_case(
        inspection=inspection, actor=clerk, items={**ALL_MET, **failed}
    )


def _state(case):
    return type(case).objects.get(pk=case.pk).state


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_names_its_inspection_edges_alike_art20(kind):
    workflow = workflow_for(kind)
    names = [edge.name for edge in workflow.edges]
    assert {"schedule_inspection", "pass_inspection", "fail_inspection"} <= set(names)
    assert "inspection_passed" not in names and "inspection_failed" not in names
    assert workflow.edge("pass_inspection").internal and workflow.edge("fail_inspection").internal
    assert workflow.model.pass_inspection.__qualname__.startswith("inspection_transitions.")


@pytest.mark.parametrize("kind", KINDS)
def test_a_passed_inspection_moves_the_case_on_art20(kind, clerk):
    make, passed, _failed = READY[kind]
    case = make()
    _record(_book(case, clerk), clerk)
    assert _state(case) == passed
    event = AuditEvent.objects.filter(case=case).order_by("id").last()
    assert (event.transition, event.article, event.data["failed"]) == (
        "pass_inspection", "Art. 20", [],
    )


@pytest.mark.parametrize("kind", KINDS)
def test_a_failed_item_fails_the_case_with_the_statute_items_art11(kind, clerk):
    make, _passed, failed = READY[kind]
    case = make()
    _record(_book(case, clerk), clerk, seat_belts=False, price_table=False)
    assert _state(case) == failed
    event = AuditEvent.objects.filter(case=case).order_by("id").last()
    expected = [
        item.code
        for item in law_inspection.failed_items({**ALL_MET, "seat_belts": False,
                                                 "price_table": False})
    ]
    assert (event.transition, event.data["failed"]) == ("fail_inspection", expected)
    assert expected == ["seat_belts", "price_table"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_result_the_case_no_longer_waits_for_stays_on_the_record_only_art20(kind, clerk):
    make, _passed, _failed = READY[kind]
    case = make()
    inspection = _book(case, clerk)
    # The case left the inspection meanwhile (a renewal's hook lacked this check).
    type(case).objects.filter(pk=case.pk).update(state="rejected")
    _record(inspection, clerk)
    assert _state(case) == "rejected"
    assert not AuditEvent.objects.filter(
        case=case, transition__in=("pass_inspection", "fail_inspection")
    ).exists()


def test_a_result_of_another_vehicle_does_not_move_the_case_art20(clerk):
    case = TransferCaseFactory(awaiting_inspection=True)
    inspection = _book(case, clerk)
    Inspection.objects.filter(pk=inspection.pk).update(vehicle=VehicleFactory())
    _record(Inspection.objects.get(pk=inspection.pk), clerk)
    assert _state(case) == "inspection_scheduled"


def test_a_new_vehicle_is_inspected_without_the_items_it_cannot_have_yet_art11_III_d_g(clerk):
    case = ApplicationCaseFactory(state="awaiting_inspection")
    _record(_book(case, clerk), clerk, driver_identification=False, im_displayed=False)
    assert _state(case) == "secretaria_review"


def test_within_the_colour_window_the_white_colour_does_not_fail_art70(clerk):
    case = _substitution_ready(colour_grace_until=dt.date(2029, 7, 28))
    _record(_book(case, clerk), clerk, white_colour=False)
    assert _state(case) == "awaiting_decision"


def test_the_place_of_the_inspection_is_required_art20(clerk):
    case = TransferCaseFactory(awaiting_inspection=True)
    with pytest.raises(RuleViolation) as refused:
        case_act(case=case, action="schedule_inspection", actor=clerk,
                 when=timezone.now() + dt.timedelta(days=1), place="  ")
    assert (refused.value.code, refused.value.article) == ("place_missing", "Art. 20")
    assert _state(case) == "awaiting_inspection"
    assert not Inspection.objects.exists()


@pytest.mark.parametrize("kind", KINDS)
def test_the_result_is_not_an_action_of_its_own_art20(kind, clerk):
    make, _passed, _failed = READY[kind]
    case = make()
    _book(case, clerk)
    with pytest.raises(NotPermitted):
        case_act(case=case, action="pass_inspection", actor=clerk)
    assert _state(case) == "inspection_scheduled"
