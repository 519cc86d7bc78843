"""Art. 18: a new IM issued by another case (a vehicle substitution, Art. 12) closes a
renewal case that was still waiting for the holder's request."""

from __future__ import annotations

import datetime as dt

import pytest

from cases.models import AuditEvent
from cases.selectors import QueueFilter, case_queue
from cases.services.deadlines import deadlines_sweep
from tests.factories import VehicleFactory
from tests.renewal.factories import im_issued
from workflows.renewal.models import RenewalCase, RenewalState

pytestmark = pytest.mark.django_db


def test_a_new_im_from_a_substitution_closes_the_overdue_renewal_case_art18(im, clerk):
    deadlines_sweep(today=dt.date(2027, 3, 1))
    case = RenewalCase.objects.get()
    assert case.state == RenewalState.EXPIRED
    # When a substitution puts a new vehicle in service with its own new IM
    authorization = im.authorization
    vehicle = VehicleFactory(owner=authorization.holder)
    type(authorization).objects.filter(pk=authorization.pk).update(vehicle=vehicle)
    authorization.refresh_from_db()
    new = im_issued(authorization=authorization, valid_from=dt.date(2027, 3, 5))
    # Then the waiting renewal case is closed by the system and is no longer overdue
    case.refresh_from_db()
    assert (case.state, case.closed_at is not None) == (RenewalState.SUPERSEDED, True)
    event = AuditEvent.objects.filter(case=case).order_by("id").last()
    assert (event.transition, event.actor, event.data) == (
        "close_superseded",
        None,
        {"registration": new.number},
    )
    overdue = QueueFilter(urgency="overdue")
    assert list(case_queue(user=clerk, filters=overdue, today=dt.date(2027, 3, 5))) == []
