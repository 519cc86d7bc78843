"""The municipality's seal on each official document, and what happens when it fails.

Signing never loses an act (issue 21, point 6): the act is committed before any PDF is
drawn; `document_render` draws the PDF and asks `seal_apply` for the seal. When the seal,
the token or the timestamp server fails, the PDF is stored as it is, the document is marked
"assinatura pendente" with the error, and `documents.tasks.seal_document` tries again with
backoff; `documents_seal_requeue` (periodic) finds any whose task was lost, and the
administrator's list (`/documentos/assinatura-pendente/`) shows them all.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import logging
from dataclasses import dataclass

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from documents.models import OfficialDocument
from documents.signing.pades import SigningUnavailable, pdf_sign, seal_signer

logger = logging.getLogger(__name__)

Signature = OfficialDocument.Signature
SEAL_FIELD = "SeloMunicipio"
LEGAL_BASIS = "Art. 4 da Lei 14.063/2020"


def seal_reason(document: OfficialDocument) -> str:
    """What the seal says it signs: the document, its number and its verification code."""
    return (
        f"{document.get_kind_display()} nº {document.number}; "
        f"código de verificação {document.verification_code}; {LEGAL_BASIS}"
    )


@dataclass(frozen=True)
class SealResult:
    pdf: bytes
    sealed: bool
    error: str = ""


def pdf_seal(pdf: bytes, *, reason: str) -> SealResult:
    """`pdf` with the municipality's seal, or the same bytes and why it could not be sealed."""
    try:
        sealed = pdf_sign(
            pdf,
            signer=seal_signer(),
            field_name=SEAL_FIELD,
            reason=reason,
            name=f"Município de {settings.MUNICIPALITY_NAME}",
        )
    except SigningUnavailable as exc:
        logger.warning("PDF not sealed (%s): %s", reason, exc)
        return SealResult(pdf=pdf, sealed=False, error=str(exc)[:2000])
    return SealResult(pdf=sealed, sealed=True)


def seal_apply(document: OfficialDocument, pdf: bytes) -> SealResult:
    """The document's PDF with the municipality's seal (or why not)."""
    return pdf_seal(pdf, reason=seal_reason(document))


def file_name(document: OfficialDocument) -> str:
    return f"{document.number.replace('/', '-')}.pdf"


def document_file_store(
    row: OfficialDocument, result: SealResult, *, now: dt.datetime
) -> list[str]:
    """Put the (sealed or not) PDF on a locked row; return the fields changed.

    A row left "assinatura pendente" gets its retry queued after commit.
    """
    old = row.file.name if row.file else ""
    row.file.save(file_name(row), ContentFile(result.pdf), save=False)
    if old and old != row.file.name:
        # The unsealed copy is replaced, not kept beside the sealed one.
        transaction.on_commit(lambda: row.file.storage.delete(old))
    row.sha256 = hashlib.sha256(result.pdf).hexdigest()
    if result.sealed:
        row.signature = Signature.SIGNED
        row.sealed_at = now
        row.signature_error = ""
    else:
        row.signature = Signature.PENDING
        row.signature_error = result.error
        pk = row.pk
        transaction.on_commit(lambda: enqueue_seal(pk), robust=True)
    return ["file", "sha256", "signature", "sealed_at", "signature_error"]


def enqueue_seal(document_id: int) -> None:
    from documents.tasks import seal_document

    seal_document.delay(document_id)


def document_seal(*, document_id: int) -> OfficialDocument:
    """Seal a document left "assinatura pendente"; a signed one is left as it is.

    Like rendering, the signature is made outside any transaction and stored under a short
    row lock, so a second task that sealed meanwhile wins and this copy is dropped. On
    failure the error is recorded and SigningUnavailable raised for the task to retry.
    """
    document = OfficialDocument.objects.get(pk=document_id)
    if document.signature != Signature.PENDING or not document.file:
        return document
    with document.file.open("rb") as handle:
        pdf = handle.read()
    result = seal_apply(document, pdf)
    with transaction.atomic():
        row = OfficialDocument.objects.select_for_update().get(pk=document_id)
        if row.signature != Signature.PENDING:
            return row
        if result.sealed:
            fields = document_file_store(row, result, now=timezone.now())
            row.save(update_fields=fields)
        else:
            row.signature_error = result.error
            row.save(update_fields=["signature_error"])
    if not result.sealed:
        raise SigningUnavailable(result.error)
    return row


SIGNATURE_PENDING_ORDER = ("issued_at", "id")
"""The pending documents oldest first, in the order of `document_signature_pending_idx`."""


def documents_signature_pending() -> QuerySet[OfficialDocument]:
    """The documents whose seal is still missing, oldest first (the administrator's list)."""
    return OfficialDocument.objects.filter(signature=Signature.PENDING).order_by(
        *SIGNATURE_PENDING_ORDER
    )


def documents_seal_requeue(*, limit: int = 500) -> int:
    """Queue again the seal of every document still pending (its task may have been lost,
    or have used up its retries while the token was away). Sealing is idempotent."""
    ids = list(documents_signature_pending().values_list("id", flat=True)[:limit])
    for pk in ids:
        enqueue_seal(pk)
    return len(ids)
