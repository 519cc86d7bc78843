"""Rendering is idempotent and its failures are recorded (DESIGN principle 3)."""

from __future__ import annotations

import datetime as dt
import hashlib

import pytest
from django.utils import timezone

from documents import services
from documents.models import OfficialDocument
from documents.services import (
    document_issue,
    document_render,
    document_render_retry,
    documents_requeue_unrendered,
)
from documents.tasks import MAX_RETRIES, render_document

pytestmark = pytest.mark.django_db

Status = OfficialDocument.Status


def _letter() -> OfficialDocument:
    return document_issue(
        kind=OfficialDocument.Kind.REGISTERED_LETTER,
        context={"recipient": {"name": "Ana"}, "subject": "Aviso", "body": "Texto."},
    )


@pytest.fixture
def pdf_calls(monkeypatch) -> list[int]:
    """Counts the real WeasyPrint renders (the render itself is not replaced)."""
    calls: list[int] = []
    real = services.document_pdf

    def counting(document: OfficialDocument) -> bytes:
        calls.append(document.pk)
        return real(document)

    monkeypatch.setattr(services, "document_pdf", counting)
    return calls


def test_render_stores_the_pdf_with_its_sha256(pdf_calls):
    document = _letter()

    rendered = document_render(document_id=document.pk)

    assert rendered.status == Status.READY
    assert rendered.rendered_at is not None
    assert rendered.last_error == ""
    assert rendered.file.name == f"documents/{document.number.replace('/', '-')}.pdf"
    with rendered.file.open("rb") as handle:
        content = handle.read()
    assert content.startswith(b"%PDF-")
    assert rendered.sha256 == hashlib.sha256(content).hexdigest()
    assert pdf_calls == [document.pk]


def test_rendering_twice_keeps_the_same_file_and_does_not_render_again(pdf_calls):
    document = _letter()
    first = document_render(document_id=document.pk)

    second = document_render(document_id=document.pk)
    render_document.apply(args=[document.pk])  # the task, run in process

    second.refresh_from_db()
    assert pdf_calls == [document.pk]
    assert (second.file.name, second.sha256, second.rendered_at) == (
        first.file.name,
        first.sha256,
        first.rendered_at,
    )


def test_a_failed_render_is_recorded_and_raised_for_the_task_to_retry(monkeypatch):
    document = _letter()

    def broken(_document: OfficialDocument) -> bytes:
        raise OSError("disco cheio")

    monkeypatch.setattr(services, "document_pdf", broken)
    with pytest.raises(OSError, match="disco cheio"):
        document_render(document_id=document.pk)

    document.refresh_from_db()
    assert document.status == Status.FAILED
    assert document.last_error == "OSError: disco cheio"
    assert not document.file

    # The cause is gone: the next attempt renders it and clears the error.
    monkeypatch.undo()
    rendered = document_render(document_id=document.pk)
    assert rendered.status == Status.READY
    assert rendered.last_error == ""


def test_a_clerk_puts_a_failed_document_back_in_the_queue(
    monkeypatch, django_capture_on_commit_callbacks, queued_renders
):
    document = _letter()
    monkeypatch.setattr(services, "document_pdf", lambda _d: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        document_render(document_id=document.pk)
    queued_renders.clear()

    with django_capture_on_commit_callbacks(execute=True):
        retried = document_render_retry(document=document)

    assert retried.status == Status.PENDING
    assert queued_renders == [document.pk]


def test_the_task_renders_the_document():
    document = _letter()

    render_document.apply(args=[document.pk])

    document.refresh_from_db()
    assert document.status == Status.READY


def test_a_lost_render_is_queued_again_but_not_a_failed_one(monkeypatch, queued_renders):
    now = timezone.now()
    lost = document_issue(
        kind=OfficialDocument.Kind.REGISTERED_LETTER,
        context={},
        now=now - dt.timedelta(minutes=30),
    )
    recent = _letter()
    failed = document_issue(
        kind=OfficialDocument.Kind.REGISTERED_LETTER,
        context={},
        now=now - dt.timedelta(minutes=30),
    )
    OfficialDocument.objects.filter(pk=failed.pk).update(status=Status.FAILED)
    queued_renders.clear()

    assert documents_requeue_unrendered() == 1
    assert queued_renders == [lost.pk]
    assert recent.pk not in queued_renders


def test_the_task_retries_a_failing_render_then_gives_up_failed(monkeypatch):
    document = _letter()
    attempts: list[int] = []

    def broken(doc: OfficialDocument) -> bytes:
        attempts.append(doc.pk)
        raise OSError("disco cheio")

    monkeypatch.setattr(services, "document_pdf", broken)

    # Run in process, Celery retries at once instead of after the backoff.
    result = render_document.apply(args=[document.pk])

    assert len(attempts) == 1 + MAX_RETRIES
    assert isinstance(result.result, OSError)
    document.refresh_from_db()
    assert document.status == Status.FAILED
    assert document.last_error == "OSError: disco cheio"


def test_the_task_does_not_retry_a_document_that_does_not_exist():
    result = render_document.apply(args=[0])

    assert isinstance(result.result, OfficialDocument.DoesNotExist)
    assert result.state == "FAILURE"
