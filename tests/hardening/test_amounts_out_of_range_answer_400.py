"""Issue 12 §2: an amount the column cannot hold answers 400 with a message and is never
stored (Art. 62 III costs and payments of a clandestine record; Art. 52 vote's fine)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
import time_machine

from accounts.roles import Role
from cases.models import AuditEvent
from cases.services.transitions import case_act
from tests.appeal.factories import SP, commission, filed_appeal
from tests.clandestine.factories import ClandestineCaseFactory
from tests.factories import PASSWORD, UserFactory
from workflows.appeal.models import AppealCase, Outcome, Vote
from workflows.clandestine.models import ClandestineCase, ClandestinePayment

pytestmark = pytest.mark.django_db

HOSTILE = ["99999999999999999999", "1e999", "NaN", "Infinity", "-Infinity", "1e-999"]


@pytest.fixture
def clerk_user():
    return UserFactory(role=Role.CLERK)


@pytest.mark.parametrize("amount", HOSTILE)
def test_art_62_iii_removal_cost_beyond_the_column_answers_400(api, clerk_user, amount):
    case = ClandestineCaseFactory()
    response = api(clerk_user).post(
        f"/api/cases/{case.pk}/actions/record_costs/",
        {"removal_cost": amount, "storage_cost": "10,00"},
        format="json",
    )
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["code"] == "invalid"
    assert "removal_cost" in body["fields"]
    stored = ClandestineCase.objects.get(pk=case.pk)
    assert (stored.removal_cost, stored.storage_cost) == (None, None)
    assert not AuditEvent.objects.filter(case=case, transition="record_costs").exists()
    # The case still reads: nothing unreadable was stored.
    assert api(clerk_user).get(f"/api/cases/{case.pk}/").status_code == 200


def test_art_62_iii_removal_cost_beyond_the_column_answers_400_on_the_page(client, clerk_user):
    case = ClandestineCaseFactory()
    client.force_login(clerk_user)
    response = client.post(
        f"/processos/{case.pk}/acao/record_costs/",
        {"removal_cost": "99999999999999999999", "storage_cost": "10,00"},
        follow=True,
    )
    assert response.status_code == 200
    assert "Custas de remoção" in response.content.decode()
    assert ClandestineCase.objects.get(pk=case.pk).removal_cost is None


def test_art_62_iii_a_typed_amount_with_thousands_still_works(api, clerk_user):
    case = ClandestineCaseFactory()
    response = api(clerk_user).post(
        f"/api/cases/{case.pk}/actions/record_costs/",
        {"removal_cost": "1.125,50", "storage_cost": "300"},
        format="json",
    )
    assert response.status_code == 200, response.content
    stored = ClandestineCase.objects.get(pk=case.pk)
    assert (stored.removal_cost, stored.storage_cost) == (Decimal("1125.50"), Decimal("300.00"))


@pytest.mark.parametrize("amount", HOSTILE)
def test_art_62_p3_payment_beyond_the_column_answers_400(api, clerk_user, amount):
    case = ClandestineCaseFactory(held=True, costs_recorded=True)
    response = api(clerk_user).post(
        f"/api/cases/{case.pk}/actions/record_payment/", {"amount": amount}, format="json"
    )
    assert response.status_code == 400, response.content
    assert not ClandestinePayment.objects.exists()


def test_art_62_iii_the_service_refuses_an_amount_past_the_column(clerk_user):
    from cases.errors import RuleViolation

    case = ClandestineCaseFactory()
    with pytest.raises(RuleViolation):
        case_act(
            case=case,
            action="record_costs",
            actor=clerk_user,
            removal_cost="99999999999999999999",
            storage_cost="1",
        )
    assert ClandestineCase.objects.get(pk=case.pk).removal_cost is None


@pytest.fixture
def voting_appeal():
    with time_machine.travel(dt.datetime(2026, 4, 20, 10, tzinfo=SP), tick=False):
        seats = commission()
        members = [seats[s].holder for s in ("I", "II", "III")]
        appeal = filed_appeal()
        case_act(case=appeal, action="open_voting", actor=members[0])
        yield AppealCase.objects.get(pk=appeal.pk), members


@pytest.mark.parametrize("fine", ["1e999", "NaN", "Infinity", "99999999999999999999", "1e7"])
def test_art_52_vote_fine_beyond_the_column_answers_400_through_actions(api, voting_appeal, fine):
    appeal, members = voting_appeal
    response = api(members[0]).post(
        f"/api/cases/{appeal.pk}/actions/vote/",
        {"vote": Outcome.PARTIALLY_GRANTED, "reason": "Reduzo a multa.", "fine_vrte": fine},
        format="json",
    )
    assert response.status_code == 400, response.content
    assert "fine_vrte" in response.json()["fields"]
    assert not Vote.objects.exists()


def test_art_52_vote_fine_1e999_is_refused_by_the_service_too(voting_appeal):
    from cases.errors import RuleViolation

    appeal, members = voting_appeal
    with pytest.raises(RuleViolation):
        case_act(
            case=appeal,
            action="vote",
            actor=members[0],
            vote=Outcome.PARTIALLY_GRANTED,
            reason="Reduzo.",
            fine_vrte="1e999",
            password=PASSWORD,
        )
    assert not Vote.objects.exists()
