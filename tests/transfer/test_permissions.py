"""Every transfer action, allowed and refused, by role and by state (Arts. 20, 25).

From the law: the Secretaria checks and inspects (Arts. 20, 22 §1), fiscal agents inspect
too (Art. 6 IV), the mayor consents (Art. 25 sole paragraph); the beneficiary corrects and
withdraws his own request.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from accounts.roles import Role
from cases.errors import NotPermitted
from cases.models import AuditEvent
from cases.services.transitions import case_act
from registers.models import Authorization
from tests.factories import DriverFactory, UserFactory
from tests.permission_matrix import check_action
from tests.transfer.factories import TransferCaseFactory
from workflows.transfer.models import TransferCase
from workflows.transfer.models import TransferState as S

OWNER, FORMER_HOLDER, OTHER_DRIVER = "owner", "former_holder", "other_driver"
ACTORS = [OWNER, FORMER_HOLDER, OTHER_DRIVER, Role.CLERK, Role.MAYOR, Role.FISCAL_AGENT,
          Role.COMMISSION_MEMBER, Role.ADMINISTRATOR]
OPEN = {S.FILED, S.CORRECTION_REQUESTED, S.AWAITING_INSPECTION, S.INSPECTION_SCHEDULED,
        S.AWAITING_CONSENT}

EXPECTED = {
    "ask_correction": ({S.FILED}, {Role.CLERK}, S.CORRECTION_REQUESTED),
    "resubmit": ({S.CORRECTION_REQUESTED}, {OWNER, Role.CLERK}, S.FILED),
    "reject": ({S.FILED, S.AWAITING_INSPECTION}, {Role.CLERK}, S.REJECTED),
    "withdraw": (OPEN, {OWNER}, S.WITHDRAWN),
    "deny": ({S.AWAITING_CONSENT}, {Role.MAYOR}, S.DENIED),
}


def _user(actor, case):
    if actor == OWNER:
        return case.applicant.user
    if actor == FORMER_HOLDER:
        return case.previous_holder.user
    if actor == OTHER_DRIVER:
        return DriverFactory().user
    return UserFactory(role=actor)


@pytest.mark.django_db
@pytest.mark.parametrize("state", list(S))
@pytest.mark.parametrize("action", list(EXPECTED))
def test_who_may_take_each_action_in_each_state_art25(action, state):
    check_action(
        action=action,
        state=state,
        expected=EXPECTED[action],
        make_case=lambda state: TransferCaseFactory(state=state),
        actors=ACTORS,
        user=_user,
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("action", "state", "allowed"),
    [
        ("accept", S.FILED, {Role.CLERK}),
        ("schedule_inspection", S.AWAITING_INSPECTION, {Role.CLERK, Role.FISCAL_AGENT}),
        ("approve", S.AWAITING_CONSENT, {Role.MAYOR}),
    ],
)
def test_only_the_competent_role_checks_inspects_or_consents_art25(action, state, allowed):
    for actor in ACTORS:
        if actor in allowed:
            continue
        case = TransferCaseFactory(state=state)
        when = timezone.now() + dt.timedelta(days=1)
        inputs = {"when": when, "place": "Pátio"} if action == "schedule_inspection" else {}
        with pytest.raises(NotPermitted):
            case_act(case=case, action=action, actor=_user(actor, case), **inputs)
        assert TransferCase.objects.get(pk=case.pk).state == state
        assert not AuditEvent.objects.filter(case=case).exists()
        assert not case.inspections.exists()
        assert Authorization.objects.get(pk=case.authorization_id).holder == case.previous_holder
