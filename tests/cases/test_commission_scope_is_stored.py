"""Art. 52: what the appeal commission may open is stored on each case (issue 25).

The rule is the kinds' tables' — the kinds it decides (`commission_sees`: appeals,
clandestine transport) and the cases those reach (`commission_scope`: the notice an appeal
is about). Opening a case stores its answer, on the new case and on what it reaches, so the
commission's lists read one indexed column; the same rows as the rule, never others."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.roles import Role
from cases.models import Case
from cases.policy import authorizations_in_scope, drivers_in_scope, vehicles_in_scope
from cases.selectors import cases_visible_to
from cases.services.commission import (
    cases_commission_refresh,
    cases_reached_mark,
    commission_rule,
)
from tests.appeal.factories import filed_appeal, notified_notice
from tests.clandestine.factories import ClandestineCaseFactory
from tests.factories import SuspensionCaseFactory, UserFactory

pytestmark = pytest.mark.django_db

SP = ZoneInfo("America/Sao_Paulo")


@pytest.fixture
def on_20_april_2026():
    """The factories' notices are notified on 2 April 2026: the appeal window is open."""
    with time_machine.travel(dt.datetime(2026, 4, 20, 10, tzinfo=SP), tick=False):
        yield


@pytest.fixture
def world(on_20_april_2026):
    notice = notified_notice()
    return {
        "notice": notice,
        "appeal": filed_appeal(notice),
        "unappealed": notified_notice(),
        "suspension": SuspensionCaseFactory(),
        "clandestine": ClandestineCaseFactory(),
    }


def _before_commission() -> set[int]:
    return set(Case.objects.filter(before_commission=True).values_list("pk", flat=True))


def test_an_appeal_filed_puts_itself_and_its_notice_before_the_commission_art52(world):
    assert _before_commission() == {
        world["appeal"].pk,
        world["notice"].pk,
        world["clandestine"].pk,
    }


def test_the_stored_flags_are_the_rules_answer_and_the_refresh_finds_nothing_to_correct(world):
    by_rule = set(Case.objects.filter(commission_rule()).values_list("pk", flat=True))
    assert by_rule == _before_commission()
    assert cases_commission_refresh() == 0


def test_the_commission_sees_the_cases_the_rule_gives_and_no_other(world):
    member = UserFactory(role=Role.COMMISSION_MEMBER)
    visible = set(cases_visible_to(member).values_list("pk", flat=True))
    assert visible == set(Case.objects.filter(commission_rule()).values_list("pk", flat=True))
    assert world["suspension"].pk not in visible
    assert world["unappealed"].pk not in visible


def test_the_registers_it_opens_are_those_its_cases_name(world):
    member = UserFactory(role=Role.COMMISSION_MEMBER)
    termo = world["notice"].authorization
    assert set(drivers_in_scope(member)) == {termo.holder}
    assert set(vehicles_in_scope(member)) == {termo.vehicle}
    assert set(authorizations_in_scope(member)) == {termo}


def test_the_refresh_corrects_a_flag_either_way(world):
    Case.objects.filter(pk=world["unappealed"].pk).update(before_commission=True)
    Case.objects.filter(pk=world["appeal"].pk).update(before_commission=False)
    assert cases_commission_refresh() == 2
    assert _before_commission() == {
        world["appeal"].pk,
        world["notice"].pk,
        world["clandestine"].pk,
    }


def test_opening_a_case_that_reaches_nothing_asks_nothing_more(world):
    with CaptureQueriesContext(connection) as ctx:
        assert cases_reached_mark(world["suspension"]) == 0
    assert ctx.captured_queries == []


def test_marking_what_an_appeal_reaches_is_one_statement_and_never_twice(world):
    with CaptureQueriesContext(connection) as ctx:
        assert cases_reached_mark(world["appeal"]) == 0  # marked when it was filed
    assert len(ctx.captured_queries) == 1
