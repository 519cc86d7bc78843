"""The check every kind's permission table runs: for one action and one state, each actor
either takes the action (and the case reaches its target) or is refused — 403 for the
wrong role, 409 for the wrong state — and nothing changes.

The tables of expectations stay in each kind's test module, written from the law.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import pytest

from accounts.roles import Role
from cases.errors import NotPermitted, StateConflict
from cases.models import AuditEvent, Case
from cases.services.transitions import case_act
from tests.factories import DriverFactory, UserFactory

OWNER, OTHER_DRIVER = "owner", "other_driver"
ACTORS = [
    OWNER,
    OTHER_DRIVER,
    Role.CLERK,
    Role.MAYOR,
    Role.FISCAL_AGENT,
    Role.COMMISSION_MEMBER,
    Role.ADMINISTRATOR,
]


def user_for(actor: str, case: Case) -> Any:
    if actor == OWNER:
        return case.applicant.user  # type: ignore[union-attr]
    if actor == OTHER_DRIVER:
        return DriverFactory().user
    return UserFactory(role=actor)


def check_action(
    *,
    action: str,
    state: str,
    expected: tuple[set[str], set[str], str | None],
    make_case: Callable[[str], Case],
    actors: Iterable[str] = ACTORS,
    user: Callable[[str, Case], Any] = user_for,
    inputs: Mapping[str, Any] | None = None,
    unchanged: Callable[[Case], None] | None = None,
) -> None:
    sources, allowed, target = expected
    for actor in actors:
        case = make_case(state)
        who = user(actor, case)
        events_before = AuditEvent.objects.filter(case=case).count()
        if actor in allowed and state in sources:
            result = case_act(
                case=case, action=action, actor=who, note="motivo", **dict(inputs or {})
            )
            assert result.state == target, (action, state, actor)
        else:
            with pytest.raises(NotPermitted if actor not in allowed else StateConflict):
                case_act(case=case, action=action, actor=who, note="motivo", **dict(inputs or {}))
            assert type(case).objects.get(pk=case.pk).state == state
            assert AuditEvent.objects.filter(case=case).count() == events_before
            if unchanged is not None:
                unchanged(case)
