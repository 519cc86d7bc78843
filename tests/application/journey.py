"""The steps of an application taken through the services, for tests of later steps."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone

from cases.services.transitions import case_act
from inspections.models import Inspection
from inspections.services import inspection_record_for_case
from law import inspection as law_inspection
from tests.application.factories import applicant_data, document_files, vehicle_data
from workflows.application.models import ApplicationCase
from workflows.application.services import application_file

ALL_MET = {item.code: True for item in law_inspection.ITEMS}
PLACE = "Pátio da Secretaria de Finanças"


def filed(actor, *, today: dt.date, **applicant: object) -> ApplicationCase:  # type: ignore[no-untyped-def]
    return application_file(
        actor=actor, applicant=applicant_data(**applicant), vehicle=vehicle_data(),
        documents=document_files(), today=today,
    )


def schedule(case, clerk) -> Inspection:  # type: ignore[no-untyped-def]
    case_act(
        case=case, action="schedule_inspection", actor=clerk,
        when=timezone.now() + dt.timedelta(days=2), place=PLACE,
    )
    return Inspection.objects.get(case=case, status=Inspection.Status.SCHEDULED)


def inspect(inspection: Inspection, inspector, **failed: bool) -> Inspection:  # type: ignore[no-untyped-def]
    items = {**ALL_MET, **failed}
    return inspection_record_for_case(
        inspection=inspection, actor=inspector, items=items, notes="" if not failed else "ver itens"
    )


def to_review(actor, clerk, *, today: dt.date, **applicant: object) -> ApplicationCase:  # type: ignore[no-untyped-def]
    """Filed, documents accepted, inspected and passed: waiting for the Secretaria."""
    case = filed(actor, today=today, **applicant)
    case_act(case=case, action="accept", actor=clerk)
    inspect(schedule(case, clerk), clerk)
    return ApplicationCase.objects.get(pk=case.pk)
