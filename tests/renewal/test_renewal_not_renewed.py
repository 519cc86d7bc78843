"""Art. 18: a clerk closes the case of an IM that was never renewed. Only the case closes:
the authorization is not revoked here (Art. 58 XIX is a fiscal agent's notice)."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine

from cases.selectors import QueueFilter, case_queue
from cases.services.deadlines import deadlines_sweep
from cases.services.transitions import case_act
from notifications.models import Notification
from registers.models import Authorization, MunicipalRegistration
from tests.renewal.factories import at, filing
from workflows.renewal.models import RenewalCase, RenewalState
from workflows.renewal.services import renewal_file

pytestmark = pytest.mark.django_db

EXPIRED_ON = dt.date(2027, 3, 1)
CLOSED_ON = dt.date(2027, 6, 1)


def test_the_clerk_closes_an_expired_case_without_revoking_the_authorization_art18(im, clerk):
    deadlines_sweep(today=EXPIRED_ON)
    case = RenewalCase.objects.get()
    with time_machine.travel(at(CLOSED_ON), tick=False):
        case_act(
            case=case,
            action="close_not_renewed",
            actor=clerk,
            note="Três meses sem pedido; contato sem resposta.",
        )
    case.refresh_from_db()
    assert (case.state, case.closed_at is not None) == (RenewalState.NOT_RENEWED, True)
    # The authorization stays as it was; the IM stays expired
    assert Authorization.objects.get(pk=im.authorization_id).status == Authorization.Status.ACTIVE
    assert MunicipalRegistration.objects.get(pk=im.pk).status == "expired"
    # The case leaves the overdue queue and the holder is told
    overdue = QueueFilter(urgency="overdue")
    assert list(case_queue(user=clerk, filters=overdue, today=CLOSED_ON)) == []
    notice = Notification.objects.get(template="renewal_not_renewed")
    assert "Motivo: Três meses sem pedido; contato sem resposta." in notice.body
    assert "(Art. 17)" in notice.body


def test_the_holder_may_still_renew_after_the_case_was_closed_art18(im, holder, clerk):
    deadlines_sweep(today=EXPIRED_ON)
    closed = RenewalCase.objects.get()
    with time_machine.travel(at(CLOSED_ON), tick=False):
        case_act(case=closed, action="close_not_renewed", actor=clerk, note="Sem pedido.")
        case = renewal_file(actor=holder.user, driver=holder, **filing(im))
    assert case.pk != closed.pk
    assert (case.state, case.registration) == (RenewalState.FILED, im)


def test_a_case_left_waiting_by_a_revoked_authorization_can_be_closed_art18_art59(im, clerk):
    deadlines_sweep(today=dt.date(2027, 1, 29))  # the reminder opened the case
    case = RenewalCase.objects.get()
    Authorization.objects.filter(pk=im.authorization_id).update(
        status=Authorization.Status.REVOKED, ended_on=dt.date(2027, 2, 1)
    )
    with time_machine.travel(at(dt.date(2027, 2, 2)), tick=False):
        case_act(case=case, action="close_not_renewed", actor=clerk, note="Autorização cassada.")
    assert RenewalCase.objects.get(pk=case.pk).state == RenewalState.NOT_RENEWED
