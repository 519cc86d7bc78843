"""One list of the states in which something is allowed, owned by the kind's workflow
(issue 19): every state the machine can reach is placed in or out of each list, and the
edge the list governs is allowed exactly there. Walks every registered workflow, so a new
kind's lists, and a new state of an old kind, are covered without a new test.

Arts. 53 I, 55 and 63 for the violation notice: the list that forgot `paid_appeal_open`
left a driver who paid unable to appeal.
"""

from __future__ import annotations

from collections import deque

import pytest

from cases.workflow import Workflow, all_workflows, workflow_for
from workflows.violation.models import ViolationNotice


def _transitions(workflow: Workflow) -> list:
    field = workflow.model._meta.get_field("state")
    return list(field.get_all_transitions(workflow.model))  # type: ignore[attr-defined]


def reachable_states(workflow: Workflow) -> set[str]:
    """The states reachable from the initial one along the django-fsm transitions."""
    edges: dict[str, set[str]] = {}
    for transition in _transitions(workflow):
        edges.setdefault(str(transition.source), set()).add(str(transition.target))
    seen = {str(workflow.initial)}
    queue = deque(seen)
    while queue:
        for target in edges.get(queue.popleft(), ()):
            if target not in seen:
                seen.add(target)
                queue.append(target)
    return seen


def _lists() -> list[tuple[str, object]]:
    return [
        (f"{workflow.kind}.{allowing.what}", (workflow, allowing))
        for workflow in sorted(all_workflows(), key=lambda w: w.kind)
        for allowing in workflow.allowed_in
    ]


def test_art_53_55_63_the_violation_kind_declares_appealable_payable_cancellable():
    whats = {allowing.what for allowing in workflow_for(ViolationNotice.KIND).allowed_in}
    assert {"appeal", "pay", "annul"} <= whats


@pytest.mark.parametrize(
    ("workflow", "allowing"), [p for _, p in _lists()], ids=[i for i, _ in _lists()]
)
def test_every_reachable_state_is_placed_in_or_out_of_each_list(workflow, allowing):
    states = reachable_states(workflow)
    assert allowing.allowed.isdisjoint(allowing.refused)
    unplaced = states - allowing.allowed - allowing.refused
    assert not unplaced, (
        f"{workflow.kind}: {sorted(unplaced)} neither allow nor refuse "
        f"“{allowing.what}” ({allowing.article})"
    )
    assert (allowing.allowed | allowing.refused) <= set(workflow.states.values)


@pytest.mark.parametrize(
    ("workflow", "allowing"), [p for _, p in _lists()], ids=[i for i, _ in _lists()]
)
def test_the_edge_a_list_governs_is_allowed_exactly_in_its_states(workflow, allowing):
    if not allowing.edge:
        return
    sources = {str(t.source) for t in _transitions(workflow) if t.name == allowing.edge}
    assert sources == set(allowing.allowed)
