"""Steps of the substitution journey the tests repeat."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone

from cases.models import Document
from cases.services.documents import document_review
from inspections.models import Inspection
from inspections.services import inspection_record_for_case
from law import inspection as law_inspection
from workflows.substitution.services import CRLV_ITEM, substitution_schedule_inspection

ALL_MET = {item.code: True for item in law_inspection.ITEMS}


def accept_crlv(case, clerk):
    document = Document.objects.get(case=case, item=CRLV_ITEM)
    return document_review(document=document, actor=clerk, accepted=True)


def book_inspection(case, actor):
    """Schedule an inspection for tomorrow (a real future time: the service refuses the past)."""
    when = timezone.now() + dt.timedelta(days=1)
    substitution_schedule_inspection(
        case=case, actor=actor, when=when, place="Pátio da Secretaria"
    )
    return Inspection.objects.get(case=case, status=Inspection.Status.SCHEDULED)


def record_inspection(inspection, actor, **items):
    """Record the result: every item met except those given as item=False."""
    return inspection_record_for_case(
        inspection=inspection, actor=actor, items={**ALL_MET, **items}
    )
