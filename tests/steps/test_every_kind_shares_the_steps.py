"""The shared-step tests run over every request kind whose model takes the intake
(Art. 10) or inspection (Art. 20) transitions of `workflows.steps`: one left out of their
lists would skip them silently."""

from __future__ import annotations

from cases.workflow import all_workflows
from tests.steps.kinds import FILED
from tests.steps.test_inspection_step import READY
from tests.steps.test_intake_transitions import HAS, STEPS


def _takes(model: type, mixin: str, steps: tuple[str, ...]) -> bool:
    return any(
        getattr(getattr(model, step, None), "__qualname__", "").startswith(f"{mixin}.")
        for step in steps
    )


def _takes_the_intake_steps(model: type) -> bool:
    return _takes(model, "intake_transitions", STEPS)


def test_every_kind_with_the_intake_steps_is_in_the_shared_tests_art10():
    kinds = {w.kind for w in all_workflows() if _takes_the_intake_steps(w.model)}
    assert "advertising" in kinds  # the last one that was missing
    assert kinds - set(FILED) == set(), "add the kind to tests/steps/kinds.py FILED"
    assert kinds - set(HAS) == set(), "add the kind to HAS in test_intake_transitions.py"


def test_every_kind_with_the_inspection_step_is_in_the_shared_tests_art20():
    steps = ("schedule_inspection", "pass_inspection", "fail_inspection")
    kinds = {w.kind for w in all_workflows() if _takes(w.model, "inspection_transitions", steps)}
    assert "vehicle_substitution" in kinds
    assert kinds - set(READY) == set(), "add the kind to READY in test_inspection_step.py"
