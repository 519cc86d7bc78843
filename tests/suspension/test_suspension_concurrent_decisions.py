"""Two people acting on one case at once: one wins, the other gets a conflict, nothing lost."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from accounts.roles import Role
from cases.errors import StateConflict
from cases.models import AuditEvent
from cases.services.transitions import case_act
from tests.factories import SuspensionCaseFactory, UserFactory
from workflows.suspension.models import SuspensionCase, SuspensionState


@pytest.mark.django_db(transaction=True)
def test_accept_and_reject_at_once_one_applies_the_other_conflicts_art24():
    case = SuspensionCaseFactory()
    first, second = UserFactory(role=Role.CLERK), UserFactory(role=Role.CLERK)
    barrier = threading.Barrier(2)
    outcomes: dict[str, str] = {}

    def act(user, action, note):
        try:
            barrier.wait(timeout=10)
            case_act(case=case, action=action, actor=user, note=note)
            outcomes[action] = "applied"
        except StateConflict:
            outcomes[action] = "conflict"
        finally:
            connection.close()

    threads = [
        threading.Thread(target=act, args=(first, "accept", "")),
        threading.Thread(target=act, args=(second, "reject", "fora do Art. 24")),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert sorted(outcomes.values()) == ["applied", "conflict"]
    winner = next(a for a, o in outcomes.items() if o == "applied")
    expected = {"accept": SuspensionState.AWAITING_DECISION, "reject": SuspensionState.REJECTED}
    assert SuspensionCase.objects.get(pk=case.pk).state == expected[winner]
    assert list(AuditEvent.objects.filter(case=case).values_list("transition", flat=True)) == [
        winner
    ]
