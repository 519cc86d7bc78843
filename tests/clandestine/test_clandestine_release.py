"""Art. 62 I, III and §3: the seizure ends, but the vehicle stays until everything is paid."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from cases.errors import NotPermitted, RuleViolation, StateConflict
from cases.models import AuditEvent, Deadline
from cases.services.deadlines import deadlines_sweep
from cases.services.transitions import case_act
from tests.clandestine.conftest import at
from tests.clandestine.factories import ClandestineCaseFactory
from tests.clandestine.test_clandestine_record import record
from workflows.clandestine.models import ClandestineCase, ClandestinePayment, ClandestineState

pytestmark = pytest.mark.django_db


def snapshot(case):
    case = ClandestineCase.objects.get(pk=case.pk)
    return (
        case.state, case.released_on, case.closed_at, case.removal_cost, case.storage_cost,
        ClandestinePayment.objects.filter(case=case).count(),
        AuditEvent.objects.filter(case=case).count(),
    )


def test_after_the_seizure_the_vehicle_is_held_until_paid_then_released_art62_p3(
    agent, clerk, api, settings
):
    settings.CLANDESTINE_RETAIN_UNTIL_PAID = True  # the municipality uses §3's retention
    case = record(agent)
    # The last day of the seizure (18 May) still counts; the day after, the sweeper moves on
    assert deadlines_sweep(today=dt.date(2026, 5, 18)).processed == 0
    assert deadlines_sweep(today=dt.date(2026, 5, 19)).applied == 1
    case.refresh_from_db()
    assert (case.state, case.closed_at) == (ClandestineState.HELD_UNTIL_PAID, None)
    with at(dt.date(2026, 5, 19)):
        case_act(case=case, action="record_costs", actor=clerk, removal_cost="250,00",
                 storage_cost="1.125,50")
        case_act(case=case, action="record_payment", actor=clerk, amount="7099,65",
                 reference="DAM 2026/555")
        # Costs still owed: the vehicle stays (Art. 62 §3), with 409 naming the article
        before = snapshot(case)
        response = api(clerk).post(f"/api/cases/{case.pk}/actions/release/", {}, format="json")
        assert response.status_code == 409
        assert response.json()["article"] == "Art. 62 §3"
        assert "R$ 1.375,50" in response.json()["detail"]
        assert snapshot(case) == before
        # Paid in full: released
        case_act(case=case, action="record_payment", actor=clerk, amount=Decimal("1375.50"))
        case_act(case=case, action="release", actor=clerk)
    case.refresh_from_db()
    assert (case.state, case.released_on, case.closed_at is not None) == (
        ClandestineState.RELEASED, dt.date(2026, 5, 19), True
    )
    assert list(case.payments.values_list("amount", "paid_on", "reference")) == [
        (Decimal("7099.65"), dt.date(2026, 5, 19), "DAM 2026/555"),
        (Decimal("1375.50"), dt.date(2026, 5, 19), ""),
    ]
    assert list(
        AuditEvent.objects.filter(case=case).order_by("at", "id").values_list("transition",
                                                                              flat=True)
    ) == ["open", "end_seizure", "record_costs", "record_payment", "record_payment", "release"]


def test_nothing_is_released_during_the_seizure_even_if_paid_art62_i(clerk):
    case = ClandestineCaseFactory(costs_recorded=True)
    case_act(case=case, action="record_payment", actor=clerk, amount="7649,65")
    before = snapshot(case)
    with pytest.raises(StateConflict) as refused:
        case_act(case=case, action="release_pending_contest", actor=clerk)
    assert refused.value.article == "Art. 62 I"
    assert "18/05/2026" in str(refused.value)
    assert snapshot(case) == before


def test_a_release_on_the_day_after_the_seizure_does_not_wait_for_the_sweeper_art62_i(
    agent, clerk
):
    case = record(agent)
    case_act(case=case, action="record_costs", actor=clerk, removal_cost="250",
             storage_cost="300")
    case_act(case=case, action="record_payment", actor=clerk, amount="7649,65")
    with at(dt.date(2026, 5, 19)):
        case_act(case=case, action="release", actor=clerk)
    case.refresh_from_db()
    assert case.state == ClandestineState.RELEASED
    assert Deadline.objects.get(case=case).state == Deadline.State.CANCELLED


def test_the_costs_must_be_recorded_before_the_release_art62_iii(clerk):
    case = ClandestineCaseFactory(held=True)
    case_act(case=case, action="record_payment", actor=clerk, amount="7099,65")
    before = snapshot(case)
    with pytest.raises(StateConflict) as refused:
        case_act(case=case, action="release", actor=clerk)
    assert refused.value.article == "Art. 62 III"
    assert snapshot(case) == before


def test_a_payment_above_what_is_owed_is_refused_art62_p3(clerk):
    case = ClandestineCaseFactory(held=True, costs_recorded=True)
    before = snapshot(case)
    for amount in ("7649,66", "0", "abc", "-1"):
        with pytest.raises(RuleViolation):
            case_act(case=case, action="record_payment", actor=clerk, amount=amount)
    assert snapshot(case) == before


def test_only_a_clerk_records_payments_and_releases(agent, clerk):
    case = ClandestineCaseFactory(held=True, costs_recorded=True)
    for action, inputs in (("record_payment", {"amount": "10,00"}), ("release", {})):
        with pytest.raises(NotPermitted):
            case_act(case=case, action=action, actor=agent, **inputs)


def test_the_end_of_the_seizure_is_a_system_step(clerk):
    case = ClandestineCaseFactory()
    with pytest.raises(NotPermitted):
        case_act(case=case, action="end_seizure", actor=clerk)


def test_the_police_referral_is_recorded_once_art62_iv(agent):
    case = ClandestineCaseFactory()
    case_act(case=case, action="record_police_referral", actor=agent,
             police_station="Delegacia de Polícia de Mantenópolis", police_report="77/2026")
    case.refresh_from_db()
    assert (case.state, case.police_referred_on, case.police_report) == (
        ClandestineState.SEIZED, dt.date(2026, 5, 4), "77/2026"
    )
    with pytest.raises(StateConflict):
        case_act(case=case, action="record_police_referral", actor=agent,
                 police_station="Outra")


def test_a_missing_vrte_is_filled_in_when_it_is_recorded_art54(clerk, vrte):
    case = ClandestineCaseFactory(held=True, costs_recorded=True, fine_reais=None,
                                  vrte_value=None)
    vrte.delete()
    with pytest.raises(RuleViolation) as refused:
        case_act(case=case, action="record_payment", actor=clerk, amount="100,00")
    assert refused.value.article == "Art. 54"
    from registers.models import VrteValue

    VrteValue.objects.create(year=2026, value=Decimal("4.7331"))
    case_act(case=case, action="record_payment", actor=clerk, amount="7649,65")
    case_act(case=case, action="release", actor=clerk)
    case.refresh_from_db()
    assert (case.fine_reais, case.state) == (Decimal("7099.65"), ClandestineState.RELEASED)


def test_stj_sumula_510_by_default_the_release_does_not_wait_for_the_payment_art62_p3(
    agent, clerk, api
):
    """Art. 62 §3 only authorizes the retention; by default the municipality follows the
    STJ's Súmula 510: the seizure served and the costs recorded, the vehicle is released
    with amounts still owed, which are collected apart."""
    case = record(agent)
    deadlines_sweep(today=dt.date(2026, 5, 19))
    with at(dt.date(2026, 5, 19)):
        case_act(case=case, action="record_costs", actor=clerk, removal_cost="250,00",
                 storage_cost="1.125,50")
        response = api(clerk).post(f"/api/cases/{case.pk}/actions/release/", {}, format="json")
    assert response.status_code == 200, response.content
    case.refresh_from_db()
    assert (case.state, case.released_on) == (ClandestineState.RELEASED, dt.date(2026, 5, 19))
    assert case.payments.count() == 0
