"""Two holders' requests for the same auxiliary decided at once (Art. 27: an auxiliary
drives only the vehicle he is bound to): one binds him, the other is refused cleanly."""

from __future__ import annotations

import datetime as dt
import threading

import pytest
from django.db import connection

from accounts.roles import Role
from cases.errors import DomainError
from cases.services.transitions import case_act
from registers.models import AuxiliaryBinding
from tests.auxiliary.factories import AuxiliaryDriverFactory, art10_files
from tests.factories import AuthorizationFactory, UserFactory
from workflows.auxiliary.models import AuxiliaryCase, AuxiliaryState
from workflows.auxiliary.services import auxiliary_approve, auxiliary_file

DAY = dt.date(2026, 3, 2)


@pytest.mark.django_db(transaction=True)
def test_one_auxiliary_bound_once_even_when_two_decisions_race_art27():
    clerk = UserFactory(role=Role.CLERK)
    auxiliary = AuxiliaryDriverFactory()
    cases = []
    for _ in range(2):
        holder = AuthorizationFactory().holder
        case = auxiliary_file(actor=clerk, holder=holder, purpose="register",
                              auxiliary=auxiliary, proofs=art10_files(), today=DAY)
        case_act(case=case, action="accept", actor=clerk)
        cases.append(case)
    deciders = [UserFactory(role=Role.CLERK), UserFactory(role=Role.MAYOR)]
    barrier = threading.Barrier(2)
    outcomes: dict[int, str] = {}

    def decide(case, user):
        try:
            barrier.wait(timeout=10)
            auxiliary_approve(case=case, actor=user, today=DAY)
            outcomes[case.pk] = "approved"
        except DomainError as exc:
            outcomes[case.pk] = f"{exc.http_status} {exc.article}"
        finally:
            connection.close()

    threads = [
        threading.Thread(target=decide, args=pair)
        for pair in zip(cases, deciders, strict=True)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert sorted(outcomes.values()) == ["400 Art. 27", "approved"]
    binding = AuxiliaryBinding.objects.get()
    winner = next(pk for pk, outcome in outcomes.items() if outcome == "approved")
    assert binding.authorization_id == AuxiliaryCase.objects.get(pk=winner).authorization_id
    loser = next(pk for pk in outcomes if pk != winner)
    assert AuxiliaryCase.objects.get(pk=loser).state == AuxiliaryState.AWAITING_DECISION
