"""Art. 46 caput and §1 (the 60 days from the finding) and Arts. 10 §2, 70 (item XXII in
the repaint period) when an agent issues a notice — issue 9, items 11 and 5."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
import time_machine

from accounts.roles import Role
from cases.errors import RuleViolation
from cases.models import Deadline
from tests.factories import PASSWORD, AuthorizationFactory, UserFactory
from workflows.violation.models import ViolationNotice
from workflows.violation.services import violation_notices_issue

SP = ZoneInfo("America/Sao_Paulo")
pytestmark = pytest.mark.django_db


def _at(day):
    return time_machine.travel(dt.datetime(day.year, day.month, day.day, 10, tzinfo=SP),
                               tick=False)


def _issue(authorization, item, found):
    return violation_notices_issue(
        agent=UserFactory(role=Role.FISCAL_AGENT), authorization=authorization, items=[item],
        occurred_at=dt.datetime(found.year, found.month, found.day, 9, tzinfo=SP),
        place="Rodoviária",
        password=PASSWORD,
    )


def test_art_46_p1_a_notice_after_the_60_days_from_the_finding_is_refused():
    authorization = AuthorizationFactory()
    # found on 02/03/2026: the 60 days end on Monday 04/05/2026 (01/05 is a holiday... +
    # the weekend), so on 05/05/2026 the notice can no longer be issued
    with _at(dt.date(2026, 5, 5)), pytest.raises(RuleViolation) as refused:
        _issue(authorization, "XIV", dt.date(2026, 3, 2))
    assert refused.value.article == "Art. 46 §1; Art. 53 II"
    assert "04/05/2026" in refused.value.message
    assert not ViolationNotice.objects.exists()


def test_art_46_p1_the_limit_row_runs_from_the_finding_not_from_the_issuing():
    authorization = AuthorizationFactory()
    with _at(dt.date(2026, 4, 20)):
        [notice] = _issue(authorization, "XIV", dt.date(2026, 3, 2))
    row = Deadline.objects.get(case=notice, kind="violation.notification_limit")
    assert (row.due_on, row.rule, row.starts_on) == (
        dt.date(2026, 5, 4), "notification_limit", dt.date(2026, 3, 2)
    )


def test_art_70_item_xxii_is_refused_against_a_pre_law_taxi_until_28_07_2026():
    authorization = AuthorizationFactory(predates_law=True, granted_on=dt.date(2015, 5, 4))
    with _at(dt.date(2026, 7, 28)), pytest.raises(RuleViolation) as refused:
        _issue(authorization, "XXII", dt.date(2026, 7, 28))
    assert refused.value.article == "Art. 10 §2; Art. 70"
    assert "28/07/2026" in refused.value.message
    with _at(dt.date(2026, 7, 29)):
        [notice] = _issue(authorization, "XXII", dt.date(2026, 7, 29))
    assert notice.item == "XXII"
