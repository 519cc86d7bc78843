"""Steps of the substitution journey the tests repeat."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone

from cases.services.transitions import case_act
from inspections.models import Inspection
from inspections.services import inspection_record_for_case
from law import inspection as law_inspection
from workflows.substitution.services import CRLV_ITEM

ALL_MET = {item.code: True for item in law_inspection.ITEMS}


def accept_crlv(case, clerk):
    """The clerk's review of the CRLV, the case page's `review_document` action."""
    return case_act(case=case, action="review_document", actor=clerk, item=CRLV_ITEM,
                    decision="accept")


def book_inspection(case, actor):
    """Schedule an inspection for tomorrow (a real future time: the service refuses the past)."""
    when = timezone.now() + dt.timedelta(days=1)
    case_act(case=case, action="schedule_inspection", actor=actor, when=when,
             place="Pátio da Secretaria")
    return Inspection.objects.get(case=case, status=Inspection.Status.SCHEDULED)


def record_inspection(inspection, actor, **items):
    """Record the result: every item met except those given as item=False."""
    return inspection_record_for_case(
        inspection=inspection, actor=actor, items={**ALL_MET, **items}
    )
