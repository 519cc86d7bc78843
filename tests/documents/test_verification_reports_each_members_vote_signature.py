"""The public verification of an appeal decision reports the signature of every member who
voted (Art. 52; Lei 14.063/2020 art. 4º II): the decision's PDF carries each signed vote
inside it, and the page and the API validate each with pyHanko's validator — who, when,
valid, unaltered — next to the decision's own signatures."""

from __future__ import annotations

import pytest
from django.urls import reverse

from documents.models import OfficialDocument
from documents.signing.pades import document_roots, pdf_check
from tests.documents.paper import appeal_denied, render_pending
from tests.documents.signed_acts import content

pytestmark = pytest.mark.django_db

Kind = OfficialDocument.Kind
NOT_VALID = "(TESTE — SEM VALIDADE)"


@pytest.fixture
def decided():
    """An appeal decided by its three members' votes, each signed with his password: the
    decision, and the members who voted."""
    appeal = appeal_denied()
    render_pending()
    members = [vote.member for vote in appeal.votes.select_related("member")]
    return OfficialDocument.objects.get(case=appeal, kind=Kind.APPEAL_DECISION), members


def test_the_decisions_check_validates_each_attached_vote_signature_art_52(decided):
    decision, members = decided

    check = pdf_check(content(decision), roots=document_roots())

    assert [s.ok for s in check.signatures] == [True, True]
    assert len(check.attached) == 3
    for attached in check.attached:
        [his] = attached.check.signatures
        assert attached.name.startswith("voto-") and attached.name.endswith(".pdf")
        assert his.ok and his.intact and his.valid and his.trusted and his.signed_at
    assert {a.check.signatures[0].signer for a in check.attached} == {
        f"{m.signature_name()} {NOT_VALID}" for m in members
    }


def test_the_verification_api_lists_each_members_vote_signature_art_52(client, decided):
    decision, members = decided

    body = client.get(reverse("api-verify-code", args=[decision.verification_code])).json()

    assert len(body["signatures"]) == 2
    votes = body["attachments"]
    assert len(votes) == 3
    signers = set()
    for vote in votes:
        [his] = vote["signatures"]
        assert his["valid"] is True and his["intact"] is True and his["trusted"] is True
        assert his["signed_at"]
        assert vote["description"].startswith("Voto assinado por ")
        signers.add(his["signer"])
    assert signers == {f"{m.signature_name()} {NOT_VALID}" for m in members}


def test_the_verification_page_shows_each_members_vote_signature_art_52(client, decided):
    decision, members = decided

    page = client.get(reverse("verify-code", args=[decision.verification_code])).content.decode()

    assert page.count('data-testid="attached"') == 3
    for member in members:
        assert f"{member.signature_name()} {NOT_VALID}" in page
    assert 'data-ok="false"' not in page


def test_an_uploaded_decision_reports_its_votes_signatures_too(client, decided):
    from django.core.files.uploadedfile import SimpleUploadedFile

    decision, _members = decided

    body = client.post(
        reverse("api-verify-file"),
        {"file": SimpleUploadedFile("d.pdf", content(decision), content_type="application/pdf")},
    ).json()

    assert body["verdict"] == "authentic"
    assert [len(a["signatures"]) for a in body["attachments"]] == [1, 1, 1]
    assert all(a["signatures"][0]["valid"] for a in body["attachments"])
