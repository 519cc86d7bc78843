"""Every suspension action, allowed and refused, by role and by state (Art. 24).

The expectations below are written from the law and the design, independently of the
workflow table they check.
"""

from __future__ import annotations

import datetime as dt

import pytest

from accounts.roles import Role
from cases.errors import NotPermitted
from cases.services.transitions import case_act
from registers.models import Authorization
from tests.factories import AuthorizationFactory, SuspensionCaseFactory, UserFactory
from tests.permission_matrix import OWNER, check_action
from workflows.suspension.models import SuspensionCase
from workflows.suspension.models import SuspensionState as S

# action: (states it may be taken from, who may take it, state it leads to)
EXPECTED = {
    "accept": ({S.FILED}, {Role.CLERK}, S.AWAITING_DECISION),
    "ask_correction": ({S.FILED}, {Role.CLERK}, S.CORRECTION_REQUESTED),
    "reject": ({S.FILED}, {Role.CLERK}, S.REJECTED),
    "resubmit": ({S.CORRECTION_REQUESTED}, {OWNER, Role.CLERK}, S.FILED),
    "withdraw": ({S.FILED, S.CORRECTION_REQUESTED, S.AWAITING_DECISION}, {OWNER}, S.WITHDRAWN),
    "approve": ({S.AWAITING_DECISION}, {Role.MAYOR}, S.IN_EFFECT),
    "deny": ({S.AWAITING_DECISION}, {Role.MAYOR}, S.DENIED),
    "request_extension": ({S.IN_EFFECT}, {OWNER, Role.CLERK}, S.EXTENSION_REQUESTED),
    "grant_extension": ({S.EXTENSION_REQUESTED}, {Role.MAYOR}, S.IN_EFFECT),
    "deny_extension": ({S.EXTENSION_REQUESTED}, {Role.MAYOR}, S.IN_EFFECT),
    "end": (set(), set(), None),  # system only: the deadline sweeper
}
INPUTS = {"request_extension": {"days": 10}}


def _case_in(state: S) -> SuspensionCase:
    fields: dict[str, object] = {"state": state}
    if state in (S.IN_EFFECT, S.EXTENSION_REQUESTED):
        fields.update(
            start_on=dt.date(2026, 3, 2),
            end_on=dt.date(2026, 3, 31),
            authorization=AuthorizationFactory(suspended=True),
        )
    if state == S.EXTENSION_REQUESTED:
        fields["extension_requested_days"] = 10
    return SuspensionCaseFactory(**fields)


@pytest.mark.django_db
@pytest.mark.parametrize("state", list(S))
@pytest.mark.parametrize("action", list(EXPECTED))
def test_who_may_take_each_action_in_each_state_art24(action, state):
    check_action(
        action=action,
        state=state,
        expected=EXPECTED[action],
        make_case=_case_in,
        inputs=INPUTS.get(action),
    )


@pytest.mark.django_db
def test_approval_suspends_the_authorization_only_when_the_mayor_decides_art24(driver, mayor):
    case = SuspensionCaseFactory(
        state=S.AWAITING_DECISION, authorization=driver.authorizations.get()
    )
    with pytest.raises(NotPermitted):
        case_act(case=case, action="approve", actor=UserFactory(role=Role.CLERK))
    assert Authorization.objects.get(holder=driver).status == Authorization.Status.ACTIVE
    case_act(case=case, action="approve", actor=mayor)
    assert Authorization.objects.get(holder=driver).status == Authorization.Status.SUSPENDED
