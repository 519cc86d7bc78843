"""A case's own facts (cases.facts: a notice's offender, vehicle and agent; a suspension's
vehicle) are drawn by the case page and the case API. The relations among them are read
with the case itself (cases.selectors.case_visible), for every kind from its own fields:
drawing the facts then costs no statement, whatever the kind names."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.roles import Role
from cases.facts import case_facts, fact_relations
from cases.selectors import case_visible
from tests.factories import (
    SuspensionCaseFactory,
    UserFactory,
    VehicleFactory,
    ViolationNoticeFactory,
)

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "make",
    [
        ViolationNoticeFactory,
        lambda: SuspensionCaseFactory(vehicle=VehicleFactory()),
    ],
    ids=["violation notice (Art. 45)", "suspension (Art. 24)"],
)
def test_a_kinds_related_facts_come_with_the_case(make):
    made = make()
    related = [name for name in fact_relations(type(made)) if getattr(made, f"{name}_id")]
    assert related, "the case names related rows among its facts"
    clerk = UserFactory(role=Role.CLERK)

    case = case_visible(clerk, made.pk)
    with CaptureQueriesContext(connection) as drawing:
        facts = case_facts(case, staff=True)

    assert drawing.captured_queries == []
    shown = {f.field: f.value for f in facts}
    for name in related:
        assert shown[name] == str(getattr(made, name))
