"""Every advertising action, allowed and refused, by role and by state (Art. 67).

From the law: the holder asks and may give up before the decision; the Secretaria checks
the request and its layout; the Executive — the mayor — authorizes or denies; the end of
the period is the sweeper's alone.
"""

from __future__ import annotations

import pytest

from accounts.roles import Role
from tests.advertising.factories import AdvertisingCaseFactory
from tests.permission_matrix import OWNER, check_action
from workflows.advertising.models import AdvertisingState as S

EXPECTED = {
    "review_document": ({S.FILED}, {Role.CLERK}, S.FILED),
    "accept": ({S.FILED}, {Role.CLERK}, S.AWAITING_DECISION),
    "ask_correction": ({S.FILED}, {Role.CLERK}, S.CORRECTION_REQUESTED),
    "resubmit": ({S.CORRECTION_REQUESTED}, {OWNER, Role.CLERK}, S.FILED),
    "reject": ({S.FILED}, {Role.CLERK}, S.REJECTED),
    "withdraw": (
        {S.FILED, S.CORRECTION_REQUESTED, S.AWAITING_DECISION}, {OWNER}, S.WITHDRAWN,
    ),
    "approve": ({S.AWAITING_DECISION}, {Role.MAYOR}, S.AUTHORIZED),
    "deny": ({S.AWAITING_DECISION}, {Role.MAYOR}, S.DENIED),
    "end": ({S.AUTHORIZED}, set(), None),
}
# The factory's layout is already accepted: accepting it again changes nothing (409).
INPUTS = {"review_document": {"item": "layout", "decision": "reject"}}


@pytest.mark.django_db
@pytest.mark.parametrize("state", list(S))
@pytest.mark.parametrize("action", list(EXPECTED))
def test_art_67_who_may_take_each_action_in_each_state(action, state):
    check_action(
        action=action,
        state=state,
        expected=EXPECTED[action],
        make_case=lambda state: AdvertisingCaseFactory(state=state),
        inputs=INPUTS.get(action),
    )
