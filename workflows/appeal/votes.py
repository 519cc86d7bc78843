"""Each member signs the vote he casts (Art. 52; Lei 14.063/2020 art. 4º II).

A vote is an act of its own, taken by one member at his moment: he confirms it with his
password or second factor (required: no vote is cast unsigned), and its document — the
"Voto" (his seat, his position, his reasons) — is issued and signed by him in the vote's
own transaction. The decision, drawn when the votes settle the result, carries every
signed vote: each as a signed PDF attached inside the decision's PDF (PDF/A-3 allows
attachments) and as a line of its signature block (documents.services). The reading and
the other one are in docs/interpretations.md.
"""

from __future__ import annotations

from django.conf import settings
from django.utils import timezone, translation

from accounts.models import User
from documents.models import OfficialDocument
from documents.services import document_issue
from documents.signing.keys import document_sign_by
from workflows.appeal.models import AppealCase, Seat


def vote_document_sign(*, appeal: AppealCase, actor: User, password: str) -> None:
    """Issue the document of `actor`'s vote on `appeal` and sign it with his key, in the
    vote's transaction. A blank password raises RuleViolation, a wrong one (or code)
    NotPermitted: the caller's transaction, and so the vote, is rolled back."""
    vote = appeal.votes.select_related("member").get(member=actor)
    with translation.override(settings.LANGUAGE_CODE):
        context = {
            "case_number": appeal.number,
            "notice": {"number": appeal.notice.number},
            "member": actor.signature_name(),
            "seat": vote.seat,
            "seat_label": str(Seat(vote.seat).label),
            "vote": vote.vote,
            "vote_label": str(vote.get_vote_display()),
            "fine_vrte": vote.fine_vrte,
            "reasons": vote.reason,
            "cast_at": timezone.localtime(vote.cast_at),
        }
    document = document_issue(
        kind=OfficialDocument.Kind.APPEAL_VOTE,
        case=appeal,
        actor=actor,
        context=context,
        now=vote.cast_at,
    )
    document_sign_by(document=document, actor=actor, password=password, case=appeal)
