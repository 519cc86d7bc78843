"""A clerk triages a complaint (Art. 40): takes it, then dismisses it with a reason or
forwards it to the fiscal agents (Arts. 41, 42); an agent may send it back."""

from __future__ import annotations

import pytest

from accounts.roles import Role
from cases.errors import NotPermitted, RuleViolation, StateConflict
from cases.models import AuditEvent
from cases.services.transitions import case_act, case_claim
from tests.complaint.factories import ComplaintCaseFactory
from tests.factories import UserFactory
from workflows.complaint.models import ComplaintCase, ComplaintState

pytestmark = pytest.mark.django_db


def _events(complaint):
    return list(
        AuditEvent.objects.filter(case=complaint).values_list(
            "transition", "from_state", "to_state", "actor__username", "note"
        )
    )


def test_a_clerk_takes_a_complaint_into_triage_and_it_is_assigned_to_them_art40(clerk):
    complaint = ComplaintCaseFactory()

    case_act(case=complaint, action="start_triage", actor=clerk)

    complaint = ComplaintCase.objects.get(pk=complaint.pk)
    assert (complaint.state, complaint.assignee) == (ComplaintState.TRIAGE, clerk)
    assert _events(complaint) == [("start_triage", "received", "triage", "clerk", "")]


def test_a_complaint_claimed_by_another_clerk_is_refused(clerk):
    complaint = ComplaintCaseFactory()
    other = UserFactory(role=Role.CLERK, username="outra")
    case_claim(case=complaint, actor=other)

    with pytest.raises(StateConflict):
        case_act(case=complaint, action="start_triage", actor=clerk)

    assert ComplaintCase.objects.get(pk=complaint.pk).state == ComplaintState.RECEIVED


def test_dismissing_needs_a_reason_and_nothing_changes_without_one(clerk):
    complaint = ComplaintCaseFactory(triage=True, assignee=clerk)

    for note in ("", "   "):
        with pytest.raises(RuleViolation, match="Informe o motivo do arquivamento"):
            case_act(case=complaint, action="dismiss", actor=clerk, note=note)

    unchanged = ComplaintCase.objects.get(pk=complaint.pk)
    assert (unchanged.state, unchanged.dismissal_reason, unchanged.closed_at) == (
        ComplaintState.TRIAGE,
        "",
        None,
    )
    assert not AuditEvent.objects.filter(case=complaint).exists()


def test_dismissed_with_a_reason_the_complaint_closes_and_keeps_it(clerk):
    complaint = ComplaintCaseFactory(triage=True, assignee=clerk)

    case_act(case=complaint, action="dismiss", actor=clerk, note="Corrida fora do Município.")

    complaint = ComplaintCase.objects.get(pk=complaint.pk)
    assert complaint.state == ComplaintState.DISMISSED
    assert complaint.dismissal_reason == "Corrida fora do Município."
    assert complaint.closed_at is not None
    assert _events(complaint) == [
        ("dismiss", "triage", "dismissed", "clerk", "Corrida fora do Município.")
    ]


def test_a_driver_may_not_dismiss_even_with_a_reason():
    complaint = ComplaintCaseFactory(triage=True)

    with pytest.raises(NotPermitted):
        case_act(case=complaint, action="dismiss", actor=complaint.taxi.holder.user, note="x")

    assert ComplaintCase.objects.get(pk=complaint.pk).state == ComplaintState.TRIAGE


def test_a_clerk_forwards_a_complaint_to_the_fiscal_agents_art42(clerk):
    complaint = ComplaintCaseFactory(triage=True, assignee=clerk)

    case_act(case=complaint, action="forward", actor=clerk, note="Verificar o taxímetro.")

    complaint = ComplaintCase.objects.get(pk=complaint.pk)
    assert complaint.state == ComplaintState.FORWARDED
    assert _events(complaint) == [
        ("forward", "triage", "forwarded", "clerk", "Verificar o taxímetro.")
    ]


def test_an_agent_sends_a_complaint_back_to_triage_with_a_reason(agent):
    complaint = ComplaintCaseFactory(forwarded=True)

    with pytest.raises(RuleViolation):
        case_act(case=complaint, action="return_to_triage", actor=agent, note="")
    case_act(case=complaint, action="return_to_triage", actor=agent, note="Placa ilegível.")

    assert ComplaintCase.objects.get(pk=complaint.pk).state == ComplaintState.TRIAGE


def test_the_case_page_takes_the_triage_actions_and_shows_the_refusal(client, clerk):
    complaint = ComplaintCaseFactory()
    client.force_login(clerk)
    page = f"/processos/{complaint.pk}/"

    assert 'data-action="start_triage"' in client.get(page).content.decode()
    client.post(f"{page}acao/start_triage/")
    refused = client.post(f"{page}acao/dismiss/", {"note": ""}, follow=True)

    assert ComplaintCase.objects.get(pk=complaint.pk).state == ComplaintState.TRIAGE
    assert "Motivo do arquivamento" in refused.content.decode()
    client.post(f"{page}acao/forward/", {"note": ""})
    assert ComplaintCase.objects.get(pk=complaint.pk).state == ComplaintState.FORWARDED
