"""The intake steps (Arts. 10, 19, 23, 25, 27) come from one mixin: every request kind gets
the same transitions, only those its states name, and the fields a step writes."""

from __future__ import annotations

import pytest
from django.utils import timezone
from django_fsm import can_proceed

from cases.errors import RuleViolation
from cases.services.transitions import case_act
from cases.workflow import workflow_for
from tests.steps.kinds import FILED
from tests.substitution.factories import SubstitutionCaseFactory

pytestmark = pytest.mark.django_db

STEPS = ("accept", "ask_correction", "resubmit", "reject", "withdraw")
# Which intake steps each kind has (a renewal is not withdrawn: the IM's cycle goes on;
# a substitution is checked by its inspection; a cancellation is confirmed, not accepted).
HAS = {
    "application": {"accept", "ask_correction", "resubmit", "reject", "withdraw"},
    "renewal": {"accept", "ask_correction", "resubmit", "reject"},
    "auxiliary": {"accept", "ask_correction", "resubmit", "reject", "withdraw"},
    "transfer": {"accept", "ask_correction", "resubmit", "reject", "withdraw"},
    "cancellation": {"ask_correction", "resubmit", "reject", "withdraw"},
    "vehicle_substitution": {"reject", "withdraw"},
    "suspension": {"accept", "ask_correction", "resubmit", "reject", "withdraw"},
    "advertising": {"accept", "ask_correction", "resubmit", "reject", "withdraw"},
}


@pytest.mark.parametrize("kind", sorted(HAS))
def test_each_kind_has_the_intake_steps_of_its_states_from_the_one_mixin(kind):
    workflow = workflow_for(kind)
    for step in STEPS:
        method = getattr(workflow.model, step, None)
        if step in HAS[kind]:
            assert method.__qualname__ == f"intake_transitions.<locals>.IntakeTransitions.{step}"
            assert workflow.edge(step).name == step
        else:
            assert method is None
            assert step not in [edge.name for edge in workflow.edges]


@pytest.mark.parametrize("kind", sorted(HAS))
def test_a_filed_request_may_be_rejected_and_not_resubmitted(kind):
    make, _item = FILED[kind]
    case = make()
    assert can_proceed(case.reject)
    if "resubmit" in HAS[kind]:
        assert not can_proceed(case.resubmit)


@pytest.mark.parametrize("kind", sorted(HAS))
def test_rejecting_needs_the_reason_art10(kind, clerk):
    make, _item = FILED[kind]
    case = make()
    with pytest.raises(RuleViolation):
        case_act(case=case, action="reject", actor=clerk, note=" ")
    assert type(case).objects.get(pk=case.pk).state == "filed"


def test_a_rejected_substitution_keeps_the_day_of_the_decision_art10_II(clerk):
    case = SubstitutionCaseFactory()
    rejected = case_act(case=case, action="reject", actor=clerk, note="CRLV de outro veículo")
    assert (rejected.state, rejected.decided_on) == ("rejected", timezone.localdate())
