"""Art. 61 §2: the classification may be contested, and the contest does not lift the seizure."""

from __future__ import annotations

import datetime as dt

import pytest

from cases.errors import NotPermitted, RuleViolation, StateConflict
from cases.models import AuditEvent, Deadline
from cases.services.deadlines import deadlines_sweep
from cases.services.transitions import case_act
from tests.clandestine.conftest import at
from tests.clandestine.factories import ClandestineCaseFactory
from tests.clandestine.test_clandestine_record import record
from workflows.clandestine.models import ClandestineCase, ClandestineState

pytestmark = pytest.mark.django_db


def test_contesting_the_classification_does_not_lift_the_seizure_art61_p2(
    agent, clerk, commission_member, api
):
    case = record(agent)
    with at(dt.date(2026, 5, 6)):
        case_act(case=case, action="contest", actor=clerk,
                 reasons="Sou taxista de outro município com autorização; seria irregular.")
        case.refresh_from_db()
        assert (case.state, case.contest_filed_on, case.contest_pending) == (
            ClandestineState.SEIZED, dt.date(2026, 5, 6), True
        )
        # The vehicle is not released while the contest waits
        response = api(clerk).post(f"/api/cases/{case.pk}/actions/release/", {}, format="json")
        assert response.status_code == 409
    # The seizure runs its course and the vehicle is held until paid all the same
    deadlines_sweep(today=dt.date(2026, 5, 19))
    case.refresh_from_db()
    assert (case.state, case.contest_pending) == (ClandestineState.HELD_UNTIL_PAID, True)
    # The commission reclassifies; the sanctions of Art. 62 stay the same
    with at(dt.date(2026, 5, 20)):
        case_act(case=case, action="reclassify", actor=commission_member,
                 note="Há autorização de outro município: transporte irregular (Art. 60 §2).")
    case.refresh_from_db()
    assert (case.state, case.classification, case.contest_outcome, case.contest_decided_on) == (
        ClandestineState.HELD_UNTIL_PAID, "irregular", "reclassified", dt.date(2026, 5, 20)
    )
    assert (case.fine_vrte, case.seizure_days) == (1500, 15)
    decision = AuditEvent.objects.get(case=case, transition="reclassify")
    assert (decision.from_state, decision.to_state, decision.data) == (
        "held_until_paid", "held_until_paid", {"classification_before": "clandestine"}
    )


def test_the_commission_upholds_and_a_second_contest_is_refused(clerk, commission_member):
    case = ClandestineCaseFactory()
    case_act(case=case, action="contest", actor=clerk, reasons="Não cobrava.")
    case_act(case=case, action="uphold", actor=commission_member,
             note="Passageiros declararam o pagamento.")
    case.refresh_from_db()
    assert (case.state, case.classification, case.contest_outcome) == (
        ClandestineState.SEIZED, "clandestine", "upheld"
    )
    with pytest.raises(StateConflict):
        case_act(case=case, action="contest", actor=clerk, reasons="De novo.")


def test_only_the_commission_decides_the_contest_and_with_reasons(clerk, commission_member):
    case = ClandestineCaseFactory()
    case_act(case=case, action="contest", actor=clerk, reasons="Não cobrava.")
    with pytest.raises(NotPermitted):
        case_act(case=case, action="uphold", actor=clerk, note="Mantido.")
    with pytest.raises(RuleViolation):
        case_act(case=case, action="uphold", actor=commission_member, note=" ")
    case.refresh_from_db()
    assert case.contest_pending


def test_nothing_to_decide_without_a_contest_409(commission_member):
    case = ClandestineCaseFactory()
    with pytest.raises(StateConflict):
        case_act(case=case, action="annul", actor=commission_member, note="Anulo.")


def test_an_annulment_releases_the_vehicle_and_nothing_is_owed_art61_p2(
    agent, clerk, commission_member
):
    case = record(agent)
    case_act(case=case, action="contest", actor=clerk, reasons="Carona sem cobrança.")
    case_act(case=case, action="annul", actor=commission_member,
             note="Não houve transporte remunerado (Art. 60 §1).")
    case.refresh_from_db()
    assert (case.state, case.released_on, case.closed_at is not None) == (
        ClandestineState.ANNULLED, dt.date(2026, 5, 4), True
    )
    assert Deadline.objects.get(case=case).state == Deadline.State.CANCELLED


def test_a_contest_pending_at_release_keeps_the_case_open_for_the_commission(
    clerk, commission_member
):
    case = ClandestineCaseFactory(held=True, costs_recorded=True)
    case_act(case=case, action="contest", actor=clerk, reasons="Era irregular, não clandestino.")
    case_act(case=case, action="record_payment", actor=clerk, amount="7649,65")
    case_act(case=case, action="release", actor=clerk)
    case.refresh_from_db()
    assert (case.state, case.closed_at, case.released_on) == (
        ClandestineState.RELEASED_CONTEST_PENDING, None, dt.date(2026, 5, 4)
    )
    case_act(case=case, action="uphold", actor=commission_member, note="Sem autorização alguma.")
    case.refresh_from_db()
    assert (case.state, case.closed_at is not None) == (ClandestineState.RELEASED, True)


def test_a_contest_after_the_30_business_days_is_refused_art63(clerk):
    case = ClandestineCaseFactory()  # recorded on Monday 4 May 2026
    # 30 business days after 4 May: 15 June 2026 (Corpus Christi, 4 June, is optional and
    # counts unless the municipality closes it)
    with at(dt.date(2026, 6, 16)), pytest.raises(RuleViolation) as refused:
        case_act(case=case, action="contest", actor=clerk, reasons="Tarde.")
    assert (refused.value.code, refused.value.article) == ("appeal_late", "Art. 63")
    assert "15/06/2026" in str(refused.value)
    assert not ClandestineCase.objects.get(pk=case.pk).contest_filed_on
