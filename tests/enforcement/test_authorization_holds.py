"""A taxi is back in service only when no suspension (Art. 24) and no penalty (Art. 59
III, IV) holds it any more."""

from __future__ import annotations

import datetime as dt

import pytest

from cases.services.deadlines import deadlines_sweep
from cases.services.transitions import case_act
from registers.models import Authorization
from tests.factories import ViolationNoticeFactory
from workflows.authorizations import case_authorization_suspend
from workflows.suspension.services import suspension_approve, suspension_file
from workflows.violation.models import PenaltyPeriod

pytestmark = pytest.mark.django_db


def test_the_end_of_a_suspension_on_request_does_not_lift_a_penalty_being_served(
    driver, clerk, mayor
):
    authorization = driver.authorizations.get()
    case = suspension_file(actor=driver.user, driver=driver, ground="IV", days=10)
    case_act(case=case, action="accept", actor=clerk)
    suspension_approve(case=case, actor=mayor, today=dt.date(2026, 3, 2))  # to 11/03
    notice = ViolationNoticeFactory(authorization=authorization)
    PenaltyPeriod.objects.create(violation=notice, authorization=authorization,
                                 kind=PenaltyPeriod.Kind.SUSPENSION,
                                 starts_on=dt.date(2026, 3, 5), ends_on=dt.date(2026, 4, 3))
    case_authorization_suspend(authorization=authorization, case=notice, actor=None,
                               article="Art. 59 III")
    deadlines_sweep(today=dt.date(2026, 3, 12))
    assert Authorization.objects.get(pk=authorization.pk).status == "suspended"
    assert PenaltyPeriod.objects.get().ended_on is None


def test_a_revoked_authorization_cannot_be_suspended(authorization):
    from cases.errors import StateConflict

    notice = ViolationNoticeFactory(authorization=authorization)
    Authorization.objects.filter(pk=authorization.pk).update(status="revoked")
    with pytest.raises(StateConflict):
        case_authorization_suspend(authorization=authorization, case=notice, actor=None,
                                   article="Art. 59 III")
