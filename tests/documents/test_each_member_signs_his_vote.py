"""Each member of the appeal commission signs the vote he casts (Art. 52: three members,
each votes with his reasons; Lei 14.063/2020 art. 4º II): his vote's document is signed by
him when he votes, and the decision's PDF carries the signature of every member who voted —
the deciding member's own on the decision, and each signed vote inside it."""

from __future__ import annotations

import pytest
import time_machine

from cases.errors import NotPermitted
from cases.services.transitions import case_act
from documents.models import OfficialDocument
from tests.documents.helpers import pdf_text
from tests.documents.paper import APPEAL_DECIDED_AT, appeal_in_voting, render_pending
from tests.documents.signed_acts import (
    PASSWORD,
    attachments,
    checked,
    content,
    one_byte_changed,
)
from workflows.appeal.models import Vote

pytestmark = pytest.mark.django_db

Kind = OfficialDocument.Kind


@pytest.fixture
def voting():
    return appeal_in_voting()


def _vote(appeal, member, vote: str, password: str = PASSWORD) -> None:
    with time_machine.travel(APPEAL_DECIDED_AT, tick=False):
        case_act(
            case=appeal, action="vote", actor=member, vote=vote, reason="Voto.", password=password
        )


def test_the_decision_carries_the_signature_of_every_member_who_voted_art_52(voting):
    appeal, members = voting
    for member, vote in zip(members, ("granted", "denied", "denied"), strict=True):
        _vote(appeal, member, vote)
    render_pending()

    decision = OfficialDocument.objects.get(case=appeal, kind=Kind.APPEAL_DECISION)
    pdf = content(decision)
    deciding, seal = checked(pdf).signatures
    assert decision.signed_by == members[2] and deciding.ok and seal.ok
    inside = attachments(pdf)
    assert len(inside) == 3
    signers = set()
    for vote_pdf in inside.values():
        his, vote_seal_absent = checked(vote_pdf).signatures[0], checked(vote_pdf).signatures[1:]
        # The vote as its member signed it, before any seal: his signature alone, valid.
        assert vote_seal_absent == [] and his.ok and his.trusted and his.intact
        signers.add(his.signer)
        assert checked(one_byte_changed(vote_pdf)).altered
    assert signers == {f"{m.signature_name()} (TESTE — SEM VALIDADE)" for m in members}
    text = pdf_text(decision)
    for member in members:
        assert f"Assinado eletronicamente por {member.signature_name()}" in text
    # Each vote is also a document of its own, signed by its member and sealed.
    for member in members:
        vote_document = OfficialDocument.objects.get(
            case=appeal, kind=Kind.APPEAL_VOTE, signed_by=member
        )
        his, vote_seal = checked(content(vote_document)).signatures
        assert his.ok and vote_seal.ok


def test_a_wrong_password_casts_no_vote_art_52(voting):
    appeal, members = voting
    with pytest.raises(NotPermitted):
        _vote(appeal, members[0], "granted", password="errada")

    assert not Vote.objects.filter(appeal=appeal).exists()
    assert not OfficialDocument.objects.filter(case=appeal, kind=Kind.APPEAL_VOTE).exists()
