"""Art. 62 §3: two clerks recording the same payment at once — one is recorded, never both."""

from __future__ import annotations

import threading
from decimal import Decimal

import pytest
from django.db import connection

from accounts.roles import Role
from cases.errors import RuleViolation
from cases.services.transitions import case_act
from tests.clandestine.factories import ClandestineCaseFactory
from tests.factories import UserFactory
from workflows.clandestine.models import ClandestinePayment


@pytest.mark.django_db(transaction=True)
def test_the_same_full_payment_recorded_twice_at_once_is_recorded_once_art62_p3():
    case = ClandestineCaseFactory(held=True, costs_recorded=True)
    clerks = [UserFactory(role=Role.CLERK), UserFactory(role=Role.CLERK)]
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def pay(user):
        try:
            barrier.wait(timeout=10)
            case_act(case=case, action="record_payment", actor=user, amount="7649,65")
            outcomes.append("recorded")
        except RuleViolation:
            outcomes.append("refused")
        finally:
            connection.close()

    threads = [threading.Thread(target=pay, args=(clerk,)) for clerk in clerks]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert sorted(outcomes) == ["recorded", "refused"]
    assert list(ClandestinePayment.objects.values_list("amount", flat=True)) == [
        Decimal("7649.65")
    ]
