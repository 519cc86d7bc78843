"""Art. 59 V d: the 12-month window ends at each infraction date, not only on the day a
penalty becomes final (issue 9, item 3) — through the violation notices."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
import time_machine

from accounts.roles import Role
from cases.models import AuditEvent
from tests.factories import PASSWORD, AuthorizationFactory, UserFactory
from workflows.revocation.models import RevocationCase
from workflows.violation.models import ViolationNotice
from workflows.violation.services import (
    violation_notice_received,
    violation_notices_issue,
    violation_pay,
)

SP = ZoneInfo("America/Sao_Paulo")
pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _payment_makes_the_penalty_stand(settings):
    # These tests use the payment as the moment the penalty stands: the reading of
    # PAYMENT_ENDS_APPEAL (the default keeps the appeal window open after paying).
    settings.PAYMENT_ENDS_APPEAL = True


def _final(agent, clerk, authorization, item, when, paid_on):
    from cases.services.transitions import case_step

    with time_machine.travel(dt.datetime(paid_on.year, paid_on.month, paid_on.day, 10, tzinfo=SP),
                             tick=False):
        [notice] = violation_notices_issue(
            agent=agent, authorization=authorization, items=[item],
            occurred_at=dt.datetime(when.year, when.month, when.day, 9, tzinfo=SP),
            place="Rodoviária",
            password=PASSWORD,
        )
        case_step(case=notice, action="send_notice", actor=clerk)
        violation_notice_received(case=notice, received_on=paid_on, actor=clerk)
        return violation_pay(case=ViolationNotice.objects.get(pk=notice.pk), actor=clerk)


def test_art_59_v_d_22_points_within_12_months_revoke_when_the_third_is_final_on_17_02_2026(
    settings,
):
    settings.FIRST_OFFENCE_WARNING = "as_well"  # a fine to pay makes each penalty final
    agent, clerk = UserFactory(role=Role.FISCAL_AGENT), UserFactory(role=Role.CLERK)
    authorization = AuthorizationFactory()
    # 10 + 10 + 2 points on 05/01/2025, 20/11/2025 and 20/12/2025
    _final(agent, clerk, authorization, "XXIV", dt.date(2025, 1, 5), dt.date(2025, 1, 20))
    _final(agent, clerk, authorization, "XXV", dt.date(2025, 11, 20), dt.date(2025, 11, 25))
    assert not RevocationCase.objects.exists()
    # the third becomes final only on 17/02/2026, when the window ending that day holds 12
    third = _final(agent, clerk, authorization, "II", dt.date(2025, 12, 20), dt.date(2026, 2, 17))
    revocation = RevocationCase.objects.get()
    assert revocation.ground_article == "Art. 59 V d"
    # the reason (timeline and notice) names the window and the sum
    assert "21/12/2024" in revocation.reason and "20/12/2025" in revocation.reason
    assert "22" in revocation.reason and third.number in revocation.reason
    assert AuditEvent.objects.get(case=revocation, transition="open").article == "Art. 59 V d"
