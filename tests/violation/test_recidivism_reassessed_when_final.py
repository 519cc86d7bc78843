"""Art. 59 §1 and the setting RECIDIVISM_REASSESS_ON_FINAL (issue 9, item 13): whether a
later notice's recidivism is assessed again when an earlier notice becomes final."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
import time_machine

from accounts.roles import Role
from cases.models import AuditEvent
from cases.services.transitions import case_step
from tests.factories import PASSWORD, AuthorizationFactory, UserFactory
from workflows.violation.models import ViolationNotice
from workflows.violation.services import (
    violation_notice_received,
    violation_notices_issue,
    violation_pay,
)

SP = ZoneInfo("America/Sao_Paulo")
pytestmark = pytest.mark.django_db


def _issue(authorization, day):
    with time_machine.travel(dt.datetime(day.year, day.month, day.day, 10, tzinfo=SP),
                             tick=False):
        [notice] = violation_notices_issue(
            agent=UserFactory(role=Role.FISCAL_AGENT), authorization=authorization,
            items=["XVI"], occurred_at=dt.datetime(day.year, day.month, day.day, 9, tzinfo=SP),
            place="Centro",
            password=PASSWORD,
        )
    return notice


def _first_final(settings, reassess):
    settings.PAYMENT_ENDS_APPEAL = True
    settings.RECIDIVISM_REASSESS_ON_FINAL = reassess
    authorization = AuthorizationFactory()
    clerk = UserFactory(role=Role.CLERK)
    first = _issue(authorization, dt.date(2026, 3, 2))
    second = _issue(authorization, dt.date(2026, 3, 20))
    # the second was issued while the first did not stand: not a recidivism
    assert (second.assessment["recidivist"], second.fine_vrte) == (False, Decimal("150"))
    with time_machine.travel(dt.datetime(2026, 3, 25, 10, tzinfo=SP), tick=False):
        case_step(case=first, action="send_notice", actor=clerk)
        violation_notice_received(case=first, received_on=dt.date(2026, 3, 24), actor=clerk)
        violation_pay(case=ViolationNotice.objects.get(pk=first.pk), actor=clerk)
    return first, ViolationNotice.objects.get(pk=second.pk)


def test_art_59_p1_by_default_the_penalty_notified_is_the_one_applied(settings):
    _first, second = _first_final(settings, reassess=False)
    assert (second.assessment["recidivist"], second.fine_vrte) == (False, Decimal("150"))
    assert not AuditEvent.objects.filter(transition="recidivism_reassessed").exists()


def test_art_59_p1_with_the_setting_a_later_notice_is_assessed_again(settings):
    first, second = _first_final(settings, reassess=True)
    assert (second.assessment["recidivist"], second.fine_vrte) == (True, Decimal("300"))
    event = AuditEvent.objects.get(case=second, transition="recidivism_reassessed")
    assert event.article == "Art. 59 §1" and first.number in event.note
