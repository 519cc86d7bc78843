"""Per-item document review, the one step of every request kind with a checklist (Arts.
10, 19, 23, 25, 27): a clerk accepts the latest file of an item, or refuses it with a
reason; the case stays where it is and the audit row names the item."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from cases.errors import NotPermitted, RuleViolation, StateConflict
from cases.models import AuditEvent, Document
from cases.services.documents import document_store, upload_check
from cases.services.transitions import case_act
from cases.workflow import workflow_for
from tests.steps.kinds import FILED

pytestmark = pytest.mark.django_db

KINDS = sorted(FILED)


def _filed_with_file(kind):
    make, item = FILED[kind]
    case = make()
    pdf = SimpleUploadedFile("doc.pdf", b"%PDF-1.4 review", content_type="application/pdf")
    document = document_store(case=case, item=item, checked=upload_check(pdf), actor=None)
    return case, item, document


def _unchanged(case, document):
    document.refresh_from_db()
    assert document.review == Document.Review.PENDING
    assert not AuditEvent.objects.filter(case=case, transition="review_document").exists()


@pytest.mark.parametrize("kind", KINDS)
def test_a_clerk_accepts_the_latest_file_of_an_item_art10(kind, clerk):
    case, item, document = _filed_with_file(kind)
    state = case.state
    case_act(case=case, action="review_document", actor=clerk, item=item, decision="accept")
    document.refresh_from_db()
    assert (document.review, document.review_note) == (Document.Review.ACCEPTED, "")
    event = AuditEvent.objects.get(case=case, transition="review_document")
    assert (event.from_state, event.to_state, event.actor_id, event.data) == (
        state, state, clerk.pk, {"item": item, "accepted": True},
    )


@pytest.mark.parametrize("kind", KINDS)
def test_a_clerk_refuses_a_file_with_the_reason_the_requester_reads_art10(kind, clerk):
    case, item, document = _filed_with_file(kind)
    case_act(case=case, action="review_document", actor=clerk, item=item, decision="reject",
             note="Ilegível")
    document.refresh_from_db()
    assert (document.review, document.review_note) == (Document.Review.REJECTED, "Ilegível")
    event = AuditEvent.objects.get(case=case, transition="review_document")
    assert (event.note, event.data) == ("Ilegível", {"item": item, "accepted": False})


@pytest.mark.parametrize("kind", KINDS)
def test_refusing_without_a_reason_is_refused_and_nothing_changes_art10(kind, clerk):
    case, item, document = _filed_with_file(kind)
    with pytest.raises(RuleViolation) as refused:
        case_act(case=case, action="review_document", actor=clerk, item=item, decision="reject")
    assert refused.value.code == "review_reason_missing"
    _unchanged(case, document)


@pytest.mark.parametrize("kind", KINDS)
def test_the_requester_cannot_review_his_own_documents_art10(kind):
    case, item, document = _filed_with_file(kind)
    with pytest.raises(NotPermitted):
        case_act(case=case, action="review_document", actor=case.applicant.user, item=item,
                 decision="accept")
    _unchanged(case, document)


@pytest.mark.parametrize("kind", KINDS)
def test_an_item_outside_the_checklist_is_refused_art10(kind, clerk):
    case, _item, document = _filed_with_file(kind)
    with pytest.raises(RuleViolation) as refused:
        case_act(case=case, action="review_document", actor=clerk, item="passport",
                 decision="accept")
    assert refused.value.code == "item_missing"
    _unchanged(case, document)


@pytest.mark.parametrize("kind", KINDS)
def test_an_item_without_a_file_cannot_be_reviewed_art10(kind, clerk):
    make, item = FILED[kind]
    case = make()
    with pytest.raises(RuleViolation) as refused:
        case_act(case=case, action="review_document", actor=clerk, item=item, decision="accept")
    assert refused.value.code == "document_missing"
    assert not AuditEvent.objects.filter(case=case).exists()


@pytest.mark.parametrize("kind", KINDS)
def test_a_closed_request_is_not_reviewed_art10(kind, clerk):
    case, item, document = _filed_with_file(kind)
    type(case).objects.filter(pk=case.pk).update(state="rejected")
    with pytest.raises(StateConflict):
        case_act(case=case, action="review_document", actor=clerk, item=item, decision="accept")
    _unchanged(case, document)


@pytest.mark.parametrize("kind", KINDS)
def test_the_review_is_an_action_of_the_case_page_and_the_api(kind):
    edge = workflow_for(kind).edge("review_document")
    assert not edge.internal and not edge.is_system
    assert [field.name for field in edge.inputs] == ["item", "decision", "note"]
    assert dict(edge.inputs[0].choices) == workflow_for(kind).checklist
