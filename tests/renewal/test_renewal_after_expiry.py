"""Art. 18 read with Art. 58 XIX: an IM that expired may still be renewed; the new IM
starts on the day it is issued (never backdated over the lapse)."""

from __future__ import annotations

import datetime as dt
import html
import re

import pytest
import time_machine

from cases.selectors import QueueFilter, case_queue
from cases.services.deadlines import deadlines_sweep
from cases.services.transitions import case_act
from inspections.models import Inspection
from inspections.services import inspection_record_for_case
from law import inspection as law_inspection
from registers.models import MunicipalRegistration
from tests.renewal.factories import SP, at, filing
from workflows.renewal.models import RenewalCase, RenewalState
from workflows.renewal.services import renewal_file

pytestmark = pytest.mark.django_db

EXPIRED_ON = dt.date(2027, 3, 1)
RENEWED_ON = dt.date(2027, 3, 10)


def _standing(client, url: str) -> str:
    page = html.unescape(client.get(url).content.decode())
    found = re.search(r'data-testid="standing">(.*?)</p>', page, re.S)
    assert found, page
    return re.sub(r"<[^>]+>|[✓✕?]", "", found.group(1)).strip()


def test_renewal_after_expiry_runs_from_the_day_of_issue_art18(client, im, holder, clerk):
    # Given an IM that expired without renewal: its case is overdue
    deadlines_sweep(today=dt.date(2027, 1, 29))
    deadlines_sweep(today=EXPIRED_ON)
    case = RenewalCase.objects.get()
    assert case.state == RenewalState.EXPIRED
    overdue = QueueFilter(urgency="overdue")
    with time_machine.travel(at(RENEWED_ON), tick=False):
        # When the holder files on 10 March and the renewal goes through that day
        filed = renewal_file(actor=holder.user, driver=holder, **filing(im))
        assert (filed.pk, filed.state) == (case.pk, RenewalState.FILED)
        case_act(case=case, action="accept", actor=clerk)
        case_act(
            case=case,
            action="schedule_inspection",
            actor=clerk,
            when=dt.datetime(2027, 3, 10, 14, tzinfo=SP),
            place="Pátio da Secretaria",
        )
        inspection_record_for_case(
            inspection=Inspection.objects.get(case=case),
            actor=clerk,
            items={item.code: True for item in law_inspection.ITEMS},
        )
        case_act(case=case, action="approve", actor=clerk)
        # Then the new IM starts on 10 March 2027: the lapse is not covered backwards
        case.refresh_from_db()
        new = case.new_registration
        assert (new.valid_from, new.valid_until) == (RENEWED_ON, dt.date(2028, 3, 9))
        im.refresh_from_db()
        assert im.status == MunicipalRegistration.Status.SUPERSEDED
        # And the case has left the overdue queue
        assert case.state == RenewalState.RENEWED
        assert list(case_queue(user=clerk, filters=overdue, today=RENEWED_ON)) == []
        # And the public page shows the taxi authorised again
        assert _standing(client, f"/verificar/placa/{im.vehicle.plate}/") == "Autorizado"
        assert _standing(client, f"/verificar/?q={new.number}") == "Autorizado"
