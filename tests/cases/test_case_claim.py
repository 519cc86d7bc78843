"""Clerks claim cases from the queue; two clicks at once: one wins, the other gets 409."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from accounts.roles import Role
from cases.errors import NotPermitted, StateConflict
from cases.models import AuditEvent, Case
from cases.services.transitions import case_claim
from tests.factories import SuspensionCaseFactory, UserFactory


@pytest.mark.django_db
def test_a_claimed_case_cannot_be_taken_by_another_clerk(clerk):
    case = SuspensionCaseFactory()
    other = UserFactory(role=Role.CLERK)
    case_claim(case=case, actor=clerk)
    with pytest.raises(StateConflict):
        case_claim(case=case, actor=other)
    assert Case.objects.get(pk=case.pk).assignee == clerk
    # claiming again one's own case is harmless and writes nothing more
    case_claim(case=case, actor=clerk)
    assert AuditEvent.objects.filter(case=case, transition="claim").count() == 1


@pytest.mark.django_db
def test_a_driver_cannot_claim(driver):
    case = SuspensionCaseFactory()
    with pytest.raises(NotPermitted):
        case_claim(case=case, actor=driver.user)
    assert Case.objects.get(pk=case.pk).assignee is None


@pytest.mark.django_db(transaction=True)
def test_two_clerks_claiming_at_once_one_wins_one_gets_a_conflict():
    case = SuspensionCaseFactory()
    clerks = [UserFactory(role=Role.CLERK) for _ in range(2)]
    barrier = threading.Barrier(2)
    outcomes: dict[int, str] = {}

    def claim(user):
        try:
            barrier.wait(timeout=10)
            case_claim(case=case, actor=user)
            outcomes[user.pk] = "won"
        except StateConflict:
            outcomes[user.pk] = "conflict"
        finally:
            connection.close()

    threads = [threading.Thread(target=claim, args=(u,)) for u in clerks]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert sorted(outcomes.values()) == ["conflict", "won"]
    winner = next(pk for pk, outcome in outcomes.items() if outcome == "won")
    assert Case.objects.get(pk=case.pk).assignee_id == winner
    assert AuditEvent.objects.filter(case=case, transition="claim").count() == 1
