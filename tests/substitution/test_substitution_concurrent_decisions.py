"""Two clerks approving one substitution at once: one IM, one vehicle change, one conflict."""

from __future__ import annotations

import datetime as dt
import threading

import pytest
from django.db import connection

from accounts.roles import Role
from cases.errors import StateConflict
from cases.models import AuditEvent
from registers.models import MunicipalRegistration
from tests.factories import UserFactory
from tests.substitution.factories import SubstitutionCaseFactory
from workflows.substitution.models import SubstitutionCase, SubstitutionState
from workflows.substitution.services import substitution_approve


@pytest.mark.django_db(transaction=True)
def test_two_approvals_at_once_issue_one_im_art18_art20():
    case = SubstitutionCaseFactory(awaiting_decision=True)
    clerks = [UserFactory(role=Role.CLERK), UserFactory(role=Role.CLERK)]
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def approve(user):
        try:
            barrier.wait(timeout=10)
            substitution_approve(case=case, actor=user, today=dt.date(2026, 12, 10))
            outcomes.append("applied")
        except StateConflict:
            outcomes.append("conflict")
        finally:
            connection.close()

    threads = [threading.Thread(target=approve, args=(user,)) for user in clerks]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(outcomes) == ["applied", "conflict"]
    assert SubstitutionCase.objects.get(pk=case.pk).state == SubstitutionState.APPROVED
    assert MunicipalRegistration.objects.filter(authorization=case.authorization).count() == 1
    assert list(
        AuditEvent.objects.filter(case=case).order_by("id").values_list("transition", flat=True)
    ) == ["approve", "vehicle_substituted", "registration_issued"]
