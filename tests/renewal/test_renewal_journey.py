"""Arts. 9, 18-20: a renewal in time, from the reminder to the new IM and the next cycle."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine

from cases.errors import RuleViolation
from cases.models import AuditEvent, Deadline, Document
from cases.services.deadlines import deadlines_sweep
from cases.services.transitions import case_act
from inspections.models import Inspection
from inspections.services import inspection_record_for_case
from law import inspection as law_inspection
from notifications.models import Notification
from registers.models import Driver, MunicipalRegistration
from tests.renewal.factories import NEW_CNH_EXPIRY, SP, at, filing, pdf
from workflows.renewal.models import RenewalCase, RenewalState
from workflows.renewal.services import renewal_file

pytestmark = pytest.mark.django_db

ALL_MET = {item.code: True for item in law_inspection.ITEMS}
WHEN = dt.datetime(2027, 2, 3, 9, 30, tzinfo=SP)
PLACE = "Pátio da Secretaria de Finanças"


def _inspect(case, clerk, items=ALL_MET, notes="", confirm_early=False):
    inspection = Inspection.objects.get(case=case, status=Inspection.Status.SCHEDULED)
    return inspection_record_for_case(
        inspection=inspection, actor=clerk, items=items, notes=notes, confirm_early=confirm_early
    )


def _transitions(case):
    return list(
        AuditEvent.objects.filter(case=case).order_by("id").values_list("transition", flat=True)
    )


def test_renewal_in_time_issues_an_im_from_the_day_after_the_old_one_art18_art19_art20(
    im, holder, clerk, fiscal_agent
):
    # Given the 30-day reminder opened the case on 29 January 2027
    deadlines_sweep(today=dt.date(2027, 1, 29))
    with time_machine.travel(at(dt.date(2027, 2, 1)), tick=False):
        # When the holder files with the previous IM, the CRLV and the CNH (Art. 19)
        case = renewal_file(actor=holder.user, driver=holder, **filing(im))
        assert (case.state, case.cnh_expires_on) == (RenewalState.FILED, NEW_CNH_EXPIRY)
        assert sorted(Document.objects.filter(case=case).values_list("item", flat=True)) == [
            "cnh",
            "crlv",
        ]
        # And the clerk accepts the documents and books the inspection (Art. 20)
        case_act(case=case, action="accept", actor=clerk)
        case_act(case=case, action="schedule_inspection", actor=clerk, when=WHEN, place=PLACE)
        inspection = Inspection.objects.get(case=case)
        assert (inspection.vehicle, inspection.scheduled_for, inspection.place) == (
            im.vehicle,
            WHEN,
            PLACE,
        )
        # And a fiscal agent records it with every item met
        _inspect(case, fiscal_agent)
        case.refresh_from_db()
        assert case.state == RenewalState.INSPECTION_PASSED
        # And the clerk renews
        case_act(case=case, action="approve", actor=clerk)

    # Then the new IM runs from the day after the old one's last day, for a year
    case.refresh_from_db()
    new = case.new_registration
    assert (new.valid_from, new.valid_until) == (dt.date(2027, 3, 1), dt.date(2028, 2, 29))
    assert (new.authorization, new.vehicle, new.status) == (
        im.authorization,
        im.vehicle,
        MunicipalRegistration.Status.VALID,
    )
    im.refresh_from_db()
    assert im.status == MunicipalRegistration.Status.SUPERSEDED
    assert (case.state, case.closed_at is not None) == (RenewalState.RENEWED, True)
    # And the register holds the CNH presented (Art. 9: yearly update)
    assert Driver.objects.get(pk=holder.pk).cnh_expires_on == NEW_CNH_EXPIRY
    # And the old cycle is over (its pending rows cancelled) and the next one is set
    rows = Deadline.objects.filter(authorization=im.authorization).order_by("id")
    assert [(row.kind, row.due_on, row.state) for row in rows] == [
        ("renewal.reminder_30", dt.date(2027, 1, 28), Deadline.State.DONE),
        ("renewal.reminder_7", dt.date(2027, 2, 20), Deadline.State.CANCELLED),
        ("renewal.expiry", dt.date(2027, 2, 28), Deadline.State.CANCELLED),
        ("renewal.reminder_30", dt.date(2028, 1, 29), Deadline.State.PENDING),
        ("renewal.reminder_7", dt.date(2028, 2, 21), Deadline.State.PENDING),
        ("renewal.expiry", dt.date(2028, 2, 29), Deadline.State.PENDING),
    ]
    # And the holder is told the new validity
    notice = Notification.objects.get(template="renewal_renewed")
    assert notice.subject == f"IM renovada: {new.number}, válida até 29/02/2028"
    assert f"IM {new.number} — válida de 01/03/2027 até 29/02/2028, inclusive." in notice.body
    # And the trail tells the story in order
    assert _transitions(case) == [
        "open",
        "remind",
        "submit",
        "document_attached",
        "document_attached",
        "accept",
        "schedule_inspection",
        "inspection_scheduled",
        "inspection_recorded",
        "pass_inspection",
        "approve",
        "registration_issued",
    ]
    assert list(
        Notification.objects.filter(case=case).order_by("id").values_list("template", flat=True)
    ) == ["renewal_reminder", "renewal_inspection_scheduled", "renewal_renewed"]
    # And nothing of the old cycle fires any more
    assert deadlines_sweep(today=dt.date(2027, 3, 1)).processed == 0
    new.refresh_from_db()
    assert new.status == MunicipalRegistration.Status.VALID


def test_a_failed_inspection_sends_the_case_back_to_scheduling_art20(im, holder, clerk):
    with time_machine.travel(at(dt.date(2027, 2, 1)), tick=False):
        case = renewal_file(actor=holder.user, driver=holder, **filing(im))
        case_act(case=case, action="accept", actor=clerk)
        case_act(case=case, action="schedule_inspection", actor=clerk, when=WHEN, place=PLACE)
        _inspect(case, clerk, items={**ALL_MET, "seat_belts": False}, notes="Cinto traseiro")
        case.refresh_from_db()
        assert case.state == RenewalState.AWAITING_INSPECTION
        notice = Notification.objects.get(template="renewal_inspection_failed")
        assert "- Cintos de segurança em perfeitas condições (Art. 11 III c)" in notice.body
        assert "Observações: Cinto traseiro" in notice.body
        # The vehicle is fixed and inspected again
        case_act(
            case=case,
            action="schedule_inspection",
            actor=clerk,
            when=WHEN + dt.timedelta(days=7),
            place=PLACE,
        )
        # Recorded the same day, a week before the booking: the inspector confirms it.
        _inspect(case, clerk, confirm_early=True)
        case.refresh_from_db()
        assert case.state == RenewalState.INSPECTION_PASSED
    assert list(
        Inspection.objects.filter(case=case).order_by("id").values_list("status", flat=True)
    ) == ["failed", "passed"]


def test_a_correction_is_asked_and_the_holder_resubmits_art19(im, holder, clerk):
    with time_machine.travel(at(dt.date(2027, 2, 1)), tick=False):
        case = renewal_file(actor=holder.user, driver=holder, **filing(im))
        case_act(case=case, action="ask_correction", actor=clerk, note="CNH ilegível")
        case.refresh_from_db()
        assert case.state == RenewalState.CORRECTION_REQUESTED
        notice = Notification.objects.get(template="renewal_correction")
        assert "Motivo: CNH ilegível" in notice.body
        later = dt.date(2032, 1, 31)
        case_act(
            case=case,
            action="resubmit",
            actor=holder.user,
            cnh=pdf("cnh-nova.pdf"),
            cnh_expires_on=later,
        )
    case.refresh_from_db()
    assert (case.state, case.cnh_expires_on) == (RenewalState.FILED, later)
    assert list(
        Document.objects.filter(case=case).order_by("id").values_list("item", "original_name")
    ) == [("crlv", "crlv.pdf"), ("cnh", "cnh.pdf"), ("cnh", "cnh-nova.pdf")]


def test_a_refused_document_blocks_acceptance_until_replaced_art19(im, holder, clerk):
    with time_machine.travel(at(dt.date(2027, 2, 1)), tick=False):
        case = renewal_file(actor=holder.user, driver=holder, **filing(im))
        case_act(case=case, action="review_document", actor=clerk, item="crlv",
                 decision="reject", note="CRLV de 2024")
        with pytest.raises(RuleViolation) as refused:
            case_act(case=case, action="accept", actor=clerk)
    assert refused.value.article == "Art. 19 II"
    assert RenewalCase.objects.get(pk=case.pk).state == RenewalState.FILED
