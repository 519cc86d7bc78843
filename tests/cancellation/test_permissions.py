"""Every cancellation action, allowed and refused, by role and by state (Art. 23).

From the law: the holder asks and may give up before the confirmation; the Secretaria,
which controls the authorizations (Art. 40), checks and confirms.
"""

from __future__ import annotations

import pytest

from accounts.roles import Role
from registers.models import Authorization
from tests.cancellation.factories import CancellationCaseFactory
from tests.permission_matrix import OWNER, check_action
from workflows.cancellation.models import CancellationState as S

EXPECTED = {
    "confirm": ({S.FILED}, {Role.CLERK}, S.CANCELLED),
    "ask_correction": ({S.FILED}, {Role.CLERK}, S.CORRECTION_REQUESTED),
    "resubmit": ({S.CORRECTION_REQUESTED}, {OWNER, Role.CLERK}, S.FILED),
    "reject": ({S.FILED}, {Role.CLERK}, S.REJECTED),
    "withdraw": ({S.FILED, S.CORRECTION_REQUESTED}, {OWNER}, S.WITHDRAWN),
}




@pytest.mark.django_db
@pytest.mark.parametrize("state", list(S))
@pytest.mark.parametrize("action", list(EXPECTED))
def test_who_may_take_each_action_in_each_state_art23(action, state):
    check_action(
        action=action,
        state=state,
        expected=EXPECTED[action],
        make_case=lambda state: CancellationCaseFactory(state=state),
        unchanged=_authorization_still_active,
    )


def _authorization_still_active(case) -> None:
    assert Authorization.objects.get(pk=case.authorization_id).status == (
        Authorization.Status.ACTIVE
    )
