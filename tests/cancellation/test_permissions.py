"""Every cancellation action, allowed and refused, by role and by state (Art. 23).

From the law: the holder asks and may give up before the confirmation; the Secretaria,
which controls the authorizations (Art. 40), checks and confirms.
"""

from __future__ import annotations

import pytest

from accounts.roles import Role
from cases.errors import NotPermitted, StateConflict
from cases.models import AuditEvent
from cases.services.transitions import case_act
from registers.models import Authorization
from tests.cancellation.factories import CancellationCaseFactory
from tests.factories import DriverFactory, UserFactory
from workflows.cancellation.models import CancellationCase
from workflows.cancellation.models import CancellationState as S

OWNER, OTHER_DRIVER = "owner", "other_driver"
ACTORS = [OWNER, OTHER_DRIVER, Role.CLERK, Role.MAYOR, Role.FISCAL_AGENT,
          Role.COMMISSION_MEMBER, Role.ADMINISTRATOR]

EXPECTED = {
    "confirm": ({S.FILED}, {Role.CLERK}, S.CANCELLED),
    "ask_correction": ({S.FILED}, {Role.CLERK}, S.CORRECTION_REQUESTED),
    "resubmit": ({S.CORRECTION_REQUESTED}, {OWNER, Role.CLERK}, S.FILED),
    "reject": ({S.FILED}, {Role.CLERK}, S.REJECTED),
    "withdraw": ({S.FILED, S.CORRECTION_REQUESTED}, {OWNER}, S.WITHDRAWN),
}


def _user(actor, case):
    if actor == OWNER:
        return case.applicant.user
    if actor == OTHER_DRIVER:
        return DriverFactory().user
    return UserFactory(role=actor)


@pytest.mark.django_db
@pytest.mark.parametrize("state", list(S))
@pytest.mark.parametrize("action", list(EXPECTED))
def test_who_may_take_each_action_in_each_state_art23(action, state):
    sources, actors, target = EXPECTED[action]
    for actor in ACTORS:
        case = CancellationCaseFactory(state=state)
        user = _user(actor, case)
        events_before = AuditEvent.objects.filter(case=case).count()
        if actor in actors and state in sources:
            assert case_act(case=case, action=action, actor=user, note="motivo").state == target
        else:
            with pytest.raises(NotPermitted if actor not in actors else StateConflict):
                case_act(case=case, action=action, actor=user, note="motivo")
            assert CancellationCase.objects.get(pk=case.pk).state == state
            assert AuditEvent.objects.filter(case=case).count() == events_before
            assert Authorization.objects.get(pk=case.authorization_id).status == (
                Authorization.Status.ACTIVE
            )
