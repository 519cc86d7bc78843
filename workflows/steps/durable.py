"""One step of a case in its own durable transaction, with the kind's guard and effects.

STYLE, "one service owns each transition": the transition (`case_step`: the lock, the
guard, the audit event) and what it does (the registers, the deadlines, the applicant's
notice) commit together or not at all. A kind's service computes what the step needs,
then hands the edge and its effects here; a step that must lock something else first
(a register row) opens its own block instead.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from django.db import transaction

from accounts.models import User
from cases.models import Case
from cases.services.transitions import case_step

C = TypeVar("C", bound=Case)

Guard = Callable[[Any], None]
# The kind's own effects of a step, in its transaction: (locked case, actor=, note=).
Effects = Callable[..., None]


def case_step_durable(
    *,
    case: C,
    actor: User,
    action: str,
    note: str = "",
    guard: Guard | None = None,
    kwargs: Mapping[str, Any] | None = None,
    data: Mapping[str, Any] | None = None,
    effects: Effects | None = None,
) -> C:
    """`case_step` in a durable transaction, then `effects(locked, actor=, note=)` in it."""
    with transaction.atomic(durable=True):
        locked = case_step(
            case=case, action=action, actor=actor, note=note, guard=guard, kwargs=kwargs, data=data
        )
        if effects is not None:
            effects(locked, actor=actor, note=note)
    return locked
