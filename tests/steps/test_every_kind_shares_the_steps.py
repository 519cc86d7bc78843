"""The shared-step tests run over every request kind whose model takes the intake
transitions of `workflows.steps` (Art. 10): one left out of tests/steps/kinds.py would skip
them silently."""

from __future__ import annotations

from cases.workflow import all_workflows
from tests.steps.kinds import FILED
from tests.steps.test_intake_transitions import HAS, STEPS


def _takes_the_intake_steps(model: type) -> bool:
    return any(
        getattr(getattr(model, step, None), "__qualname__", "").startswith("intake_transitions.")
        for step in STEPS
    )


def test_every_kind_with_the_intake_steps_is_in_the_shared_tests_art10():
    kinds = {w.kind for w in all_workflows() if _takes_the_intake_steps(w.model)}
    assert "advertising" in kinds  # the last one that was missing
    assert kinds - set(FILED) == set(), "add the kind to tests/steps/kinds.py FILED"
    assert kinds - set(HAS) == set(), "add the kind to HAS in test_intake_transitions.py"
