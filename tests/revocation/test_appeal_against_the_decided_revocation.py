"""Art. 59 §2 and Art. 63 §1: after the mayor decides a revocation, the driver has 10
business days to appeal "contra a medida", with suspensive effect — the authorization is
not revoked until the appeal is decided or the window closes (issue 9, item 8)."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
import time_machine

from cases.errors import RuleViolation
from cases.models import AuditEvent, Deadline
from cases.services.deadlines import deadlines_sweep
from cases.services.transitions import case_act
from notifications.models import Notification
from notifications.post import letter_record_posting, letter_record_receipt
from registers.models import Authorization
from tests.factories import PASSWORD
from tests.revocation.test_revocation_process import _notified, _system_opened
from workflows.revocation.models import RevocationCase, RevocationState

SP = ZoneInfo("America/Sao_Paulo")
pytestmark = pytest.mark.django_db


def _at(day, hour=10):
    return time_machine.travel(dt.datetime(day.year, day.month, day.day, hour, tzinfo=SP),
                               tick=False)


@pytest.fixture(autouse=True)
def _april_2026():
    with _at(dt.date(2026, 4, 13)):
        yield


def _decided(authorization, clerk, mayor, *, delivered_on=dt.date(2026, 5, 11)):
    """A revocation decided on 07/05/2026, the decision's AR delivered on `delivered_on`."""
    case = _notified(_system_opened(authorization), clerk)
    with _at(dt.date(2026, 5, 7)):
        deadlines_sweep(today=dt.date(2026, 5, 7))
        case_act(
            case=case,
            action="revoke",
            actor=mayor,
            note="Idade comprovada nos autos.",
            password=PASSWORD,
        )
    letter = Notification.objects.get(
        case=case, template="revocation_decided", channel=Notification.Channel.REGISTERED_POST
    )
    with _at(delivered_on):
        letter_record_posting(
            notification=letter,
            actor=clerk,
            tracking_code="JT876543216BR",
            posted_on=dt.date(2026, 5, 8),
        )
        letter_record_receipt(
            notification=letter,
            actor=clerk,
            delivered_on=delivered_on,
            receiver_name="Maria",
            ar_attached_on=delivered_on,
        )
    return RevocationCase.objects.get(pk=case.pk)


def test_art_59_p2_the_decision_takes_effect_only_when_its_window_closes(
    authorization, clerk, mayor
):
    case = _decided(authorization, clerk, mayor)
    # The decision's AR (11/05) opens 10 business days: until 25/05/2026
    assert (case.state, case.decision_received_on, case.appeal_due_on) == (
        RevocationState.DECIDED,
        dt.date(2026, 5, 11),
        dt.date(2026, 5, 25),
    )
    row = Deadline.objects.get(case=case, kind="revocation.decision_appeal_window")
    assert (row.due_on, row.article, row.rule) == (
        dt.date(2026, 5, 25),
        "Art. 59 §2",
        "revocation_appeal",
    )
    # Meanwhile the authorization is in force
    assert Authorization.objects.get(pk=authorization.pk).status == Authorization.Status.ACTIVE
    assert deadlines_sweep(today=dt.date(2026, 5, 25)).processed == 0
    # The day after the window, the revocation takes effect
    with _at(dt.date(2026, 5, 26)):
        assert deadlines_sweep(today=dt.date(2026, 5, 26)).applied == 1
    case.refresh_from_db()
    assert (case.state, case.revoked_on) == (RevocationState.REVOKED, dt.date(2026, 5, 26))
    authorization.refresh_from_db()
    assert (authorization.status, authorization.ended_on) == (
        Authorization.Status.REVOKED,
        dt.date(2026, 5, 26),
    )
    event = AuditEvent.objects.get(case=case, transition="close_decision_window")
    assert (event.actor, event.article) == (None, "Art. 59 §2")


def test_art_63_p1_an_appeal_in_time_suspends_it_and_granted_there_is_no_revocation(
    authorization, clerk, mayor
):
    case = _decided(authorization, clerk, mayor)
    with _at(dt.date(2026, 5, 25)):
        case_act(
            case=case,
            action="appeal_decision",
            actor=authorization.holder.user,
            reasons="O veículo foi substituído antes da decisão.",
        )
    case.refresh_from_db()
    assert (case.state, case.appeal_filed_on) == (
        RevocationState.DECISION_APPEALED,
        dt.date(2026, 5, 25),
    )
    # The window's row is cancelled: no sweep revokes while the appeal is judged
    with _at(dt.date(2026, 6, 10)):
        deadlines_sweep(today=dt.date(2026, 6, 10))
    assert Authorization.objects.get(pk=authorization.pk).status == Authorization.Status.ACTIVE
    with _at(dt.date(2026, 6, 10)):
        case_act(
            case=case,
            action="grant_decision_appeal",
            actor=mayor,
            note="CRLV do novo veículo juntado ao recurso.",
        )
    case.refresh_from_db()
    assert case.state == RevocationState.DISMISSED
    assert Authorization.objects.get(pk=authorization.pk).status == Authorization.Status.ACTIVE


def test_art_59_p2_an_appeal_after_the_10_business_days_is_refused(authorization, clerk, mayor):
    case = _decided(authorization, clerk, mayor)
    with _at(dt.date(2026, 5, 26)), pytest.raises(RuleViolation) as refused:
        case_act(
            case=case, action="appeal_decision", actor=authorization.holder.user, reasons="Tarde."
        )
    assert (refused.value.article, refused.value.code) == ("Art. 59 §2", "appeal_late")
    assert "25/05/2026" in str(refused.value)
    assert RevocationCase.objects.get(pk=case.pk).state == RevocationState.DECIDED
