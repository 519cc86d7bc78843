"""Arts. 64 III, 64 §2 and 65: diligences asked for, refused with reasons, or ordered."""

from __future__ import annotations

import pytest

from cases.errors import NotPermitted, RuleViolation, StateConflict
from cases.models import AuditEvent
from cases.services.transitions import case_act
from tests.appeal.factories import commission_member, filed_appeal
from tests.factories import PASSWORD
from workflows.appeal.models import AppealCase, AppealState, Diligence, Outcome

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_20_april_2026")]

ASKED = ["Ouvir o agente autuante.", "Requisitar as fotos da fiscalização."]


def _state(appeal):
    return AppealCase.objects.get(pk=appeal.pk).state


def _diligences(appeal):
    return list(Diligence.objects.filter(appeal=appeal).values_list("number", "origin", "status"))


def test_refusing_a_requested_diligence_needs_a_reason_art64_p2(members):
    appeal = filed_appeal(diligences=ASKED)
    events = AuditEvent.objects.filter(case=appeal).count()
    # without a reason: refused, nothing changes
    with pytest.raises(RuleViolation) as refused:
        case_act(case=appeal, action="refuse_diligence", actor=members[0], number=1, reason=" ")
    assert (refused.value.code, refused.value.article) == ("reason_required", "Art. 64 §2")
    assert Diligence.objects.get(appeal=appeal, number=1).status == Diligence.Status.REQUESTED
    assert AuditEvent.objects.filter(case=appeal).count() == events
    # with its reason: refused, the review goes on
    case_act(
        case=appeal,
        action="refuse_diligence",
        actor=members[0],
        number=1,
        reason="Desnecessária: o auto descreve a situação e há fotos.",
    )
    row = Diligence.objects.get(appeal=appeal, number=1)
    assert (row.status, row.decided_by) == (Diligence.Status.REFUSED, members[0])
    assert row.decision_reason == "Desnecessária: o auto descreve a situação e há fotos."
    assert _state(appeal) == AppealState.REVIEW
    last = AuditEvent.objects.filter(case=appeal).last()
    assert (last.transition, last.article, last.data["diligence"]) == (
        "refuse_diligence",
        "Art. 64 §2",
        1,
    )


def test_an_ordered_diligence_holds_the_review_until_its_result_art65(members, clerk):
    appeal = filed_appeal(diligences=ASKED)
    case_act(case=appeal, action="order_diligence", actor=members[1], number=1)
    case_act(
        case=appeal,
        action="refuse_diligence",
        actor=members[1],
        number=2,
        reason="Protelatória: as fotos já estão nos autos.",
    )
    assert _state(appeal) == AppealState.DILIGENCE
    with pytest.raises(StateConflict):
        case_act(case=appeal, action="open_voting", actor=members[0])
    # a clerk of the Secretaria records the result; nothing is pending any more
    case_act(
        case=appeal,
        action="record_diligence",
        actor=clerk,
        number=1,
        result="O agente confirmou que a tabela estava no porta-luvas.",
    )
    assert _state(appeal) == AppealState.REVIEW
    assert _diligences(appeal) == [(1, "requested", "done"), (2, "requested", "refused")]
    assert list(AuditEvent.objects.filter(case=appeal).values_list("transition", "to_state"))[
        -4:
    ] == [
        ("order_diligence", "diligence"),
        ("refuse_diligence", "diligence"),
        ("record_diligence", "diligence"),
        ("resume_review", "review"),
    ]


def test_voting_waits_until_every_requested_diligence_is_decided_art64_p2(members):
    appeal = filed_appeal(diligences=ASKED)
    with pytest.raises(RuleViolation) as refused:
        case_act(case=appeal, action="open_voting", actor=members[0])
    assert "1, 2" in str(refused.value.message) and refused.value.article == "Art. 64 §2"
    assert _state(appeal) == AppealState.REVIEW


def test_the_commission_may_order_a_diligence_of_its_own_before_the_first_vote_art65(members):
    appeal = filed_appeal()
    case_act(case=appeal, action="open_voting", actor=members[0])
    case_act(
        case=appeal,
        action="order_diligence",
        actor=members[2],
        description="Vistoria no veículo para ver o suporte da tabela.",
    )
    assert _state(appeal) == AppealState.DILIGENCE
    assert _diligences(appeal) == [(1, "ex_officio", "ordered")]
    assert AuditEvent.objects.filter(case=appeal).last().article == "Art. 65"
    case_act(
        case=appeal,
        action="record_diligence",
        actor=members[2],
        number=1,
        result="Suporte instalado e visível.",
    )
    case_act(case=appeal, action="open_voting", actor=members[0])
    case_act(
        case=appeal,
        action="vote",
        actor=members[0],
        vote=Outcome.GRANTED,
        reason="A tabela estava visível.",
        password=PASSWORD,
    )
    # after the first vote, the instruction is closed
    with pytest.raises(StateConflict):
        case_act(case=appeal, action="order_diligence", actor=members[2], description="Outra")
    assert _state(appeal) == AppealState.VOTING


def test_only_a_sitting_member_decides_on_diligences_art52(clerk):
    appeal = filed_appeal(diligences=ASKED)
    for user in (clerk, commission_member()):
        with pytest.raises(NotPermitted):
            case_act(case=appeal, action="order_diligence", actor=user, number=1)
    assert _diligences(appeal)[0][2] == "requested"
