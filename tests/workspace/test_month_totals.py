"""The dashboard's monthly figures: a month that has ended is counted once and kept
(`MonthTotal`), the current month is counted each time — so the page costs the same at a
million cases (issue 25 §3), and says the same as a count of the cases themselves."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
import time_machine
from django.utils import timezone

from accounts.roles import Role
from cases.models import Case
from tests.factories import SuspensionCaseFactory, UserFactory, ViolationNoticeFactory
from workspace.dashboard import Period, cases_monthly_table, fines_table
from workspace.models import MonthTotal

pytestmark = pytest.mark.django_db

TODAY = dt.date(2026, 5, 20)


def _at(day: dt.date) -> dt.datetime:
    return dt.datetime.combine(day, dt.time(10), tzinfo=timezone.get_current_timezone())


def _opened(table, month: str) -> int:
    return sum(row[2] for row in table.rows if row[0] == month)


@pytest.fixture
def march_and_may(authorization):
    for day in (dt.date(2026, 3, 2), dt.date(2026, 3, 30)):
        SuspensionCaseFactory(authorization=authorization, opened_at=_at(day))
    SuspensionCaseFactory(authorization=authorization, opened_at=_at(dt.date(2026, 5, 4)))
    return authorization


def test_an_ended_month_is_counted_once_and_kept_the_current_month_each_time(march_and_may):
    clerk = UserFactory(role=Role.CLERK)
    period = Period.last_months(TODAY, 3)
    with time_machine.travel(_at(TODAY), tick=False):
        first = cases_monthly_table(clerk, TODAY, period)
        months = ("03/2026", "04/2026", "05/2026")
        assert [_opened(first, month) for month in months] == [2, 0, 1]
        kept = MonthTotal.objects.get(series="cases_monthly", month=dt.date(2026, 3, 1))
        assert kept.figures == {"suspension": [2, 0]}
        april = MonthTotal.objects.get(series="cases_monthly", month=dt.date(2026, 4, 1))
        assert april.figures == {}
        assert not MonthTotal.objects.filter(month=dt.date(2026, 5, 1)).exists()
        # The current month moves with what happens; an ended month is read, not recounted
        # (a row dated into March afterwards is not something the application writes).
        SuspensionCaseFactory(authorization=march_and_may, opened_at=_at(dt.date(2026, 5, 19)))
        Case.objects.filter(opened_at__month=3).update(opened_at=_at(dt.date(2026, 2, 1)))
        second = cases_monthly_table(clerk, TODAY, period)
    assert (_opened(second, "03/2026"), _opened(second, "05/2026")) == (2, 2)


def test_a_narrower_scope_is_counted_each_time_and_keeps_nothing(march_and_may):
    commission = UserFactory(role=Role.COMMISSION_MEMBER)
    with time_machine.travel(_at(TODAY), tick=False):
        cases_monthly_table(commission, TODAY, Period.last_months(TODAY, 3))
    assert not MonthTotal.objects.exists()


def test_a_partial_last_month_of_a_chosen_period_is_counted_not_kept(march_and_may):
    clerk = UserFactory(role=Role.CLERK)
    period = Period(start=dt.date(2026, 3, 1), end=dt.date(2026, 3, 15))
    with time_machine.travel(_at(TODAY), tick=False):
        table = cases_monthly_table(clerk, TODAY, period)
    assert _opened(table, "03/2026") == 1
    assert not MonthTotal.objects.exists()


def test_the_kept_fines_are_the_fines_of_the_notices_art_55(authorization):
    clerk = UserFactory(role=Role.CLERK)
    ViolationNoticeFactory(
        authorization=authorization, issued_on=dt.date(2026, 4, 7), fine_reais=Decimal("450.10"),
        paid_on=dt.date(2026, 4, 20),
    )
    period = Period.last_months(TODAY, 2)
    with time_machine.travel(_at(TODAY), tick=False):
        live = fines_table(clerk, TODAY, period).rows
        kept = fines_table(clerk, TODAY, period).rows
    assert live == kept
    april = next(row for row in kept if row[0] == "04/2026")
    assert (april[1], april[3], april[4], april[5]) == (1, Decimal("450.10"), 1, Decimal("450.10"))
