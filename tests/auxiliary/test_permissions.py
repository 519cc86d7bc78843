"""Every auxiliary action, allowed and refused, by role and by state (Arts. 27, 28).

The expectations are written from the law: a clerk checks (Art. 27 §§3-4, Art. 10 I); the
executive — the Secretaria or the mayor — decides (Art. 27 §2); the holder corrects and
withdraws his own request.
"""

from __future__ import annotations

import pytest

from accounts.roles import Role
from cases.errors import NotPermitted
from cases.models import AuditEvent
from cases.services.transitions import case_act
from registers.models import AuxiliaryBinding
from tests.auxiliary.factories import AuxiliaryCaseFactory
from tests.factories import UserFactory
from tests.permission_matrix import OTHER_DRIVER, OWNER, check_action, user_for
from workflows.auxiliary.models import AuxiliaryCase
from workflows.auxiliary.models import AuxiliaryState as S

EXPECTED = {
    "ask_correction": ({S.FILED}, {Role.CLERK}, S.CORRECTION_REQUESTED),
    "reject": ({S.FILED}, {Role.CLERK}, S.REJECTED),
    "resubmit": ({S.CORRECTION_REQUESTED}, {OWNER, Role.CLERK}, S.FILED),
    "withdraw": ({S.FILED, S.CORRECTION_REQUESTED, S.AWAITING_DECISION}, {OWNER}, S.WITHDRAWN),
    "deny": ({S.AWAITING_DECISION}, {Role.CLERK, Role.MAYOR}, S.DENIED),
}




@pytest.mark.django_db
@pytest.mark.parametrize("state", list(S))
@pytest.mark.parametrize("action", list(EXPECTED))
def test_who_may_take_each_action_in_each_state_art27(action, state):
    check_action(
        action=action,
        state=state,
        expected=EXPECTED[action],
        make_case=lambda state: AuxiliaryCaseFactory(state=state),
    )


@pytest.mark.django_db
@pytest.mark.parametrize("action", ["accept", "approve"])
@pytest.mark.parametrize("actor", [OWNER, OTHER_DRIVER, Role.FISCAL_AGENT,
                                   Role.COMMISSION_MEMBER, Role.ADMINISTRATOR])
def test_only_the_secretaria_checks_and_the_executive_decides_art27_p2(action, actor):
    state = S.FILED if action == "accept" else S.AWAITING_DECISION
    case = AuxiliaryCaseFactory(state=state)
    with pytest.raises(NotPermitted):
        case_act(case=case, action=action, actor=user_for(actor, case))
    assert AuxiliaryCase.objects.get(pk=case.pk).state == state
    assert not AuditEvent.objects.filter(case=case).exists()
    assert not AuxiliaryBinding.objects.exists()


@pytest.mark.django_db
def test_the_mayor_does_not_check_documents_art27_p3():
    case = AuxiliaryCaseFactory()
    with pytest.raises(NotPermitted):
        case_act(case=case, action="accept", actor=UserFactory(role=Role.MAYOR))
