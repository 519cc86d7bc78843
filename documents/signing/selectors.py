"""What the verification page and API say of a document's signatures, and of an uploaded PDF.

Read-only. A stored document's signatures are judged from its stored file's bytes: the
verdict is kept (`VERIFY_SIGNATURES_CACHE_SECONDS`) under the digest of those bytes and of
the trusted roots, so a file changed on disk is judged again (and shows as altered), and a
page anyone may open a hundred times a minute does not validate the same bytes each time
(the validation is most of the verification's cost: issue 25). An uploaded PDF is looked up
by its SHA-256 among the documents issued and its signatures validated offline.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import models
from django.utils.translation import gettext_lazy as _

from core.files import read_stored
from documents.models import OfficialDocument
from documents.signing.pades import PdfCheck, document_roots, pdf_check


class Verdict(models.TextChoices):
    AUTHENTIC = "authentic", _("Cópia fiel de documento emitido pela Prefeitura")
    ALTERED = "altered", _("Arquivo alterado: não é válido")
    NOT_ISSUED = "not_issued", _("Não é um documento emitido pela Prefeitura")


def document_signatures(document: OfficialDocument) -> PdfCheck | None:
    """The signatures of the document's stored PDF, validated now; None before it exists."""
    if not document.file:
        return None
    content = read_stored(document.file)
    if content is None:
        return PdfCheck(readable=False, error="file missing")
    roots = document_roots()
    key = signatures_cache_key(content, roots)
    kept = cache.get(key)
    if isinstance(kept, PdfCheck):
        return kept
    check = pdf_check(content, roots=roots)
    if settings.VERIFY_SIGNATURES_CACHE_SECONDS:
        cache.set(key, check, settings.VERIFY_SIGNATURES_CACHE_SECONDS)
    return check


def signatures_cache_key(content: bytes, roots: Sequence[Any]) -> str:
    """Where the verdict on these bytes, against these roots, is kept."""
    digest = hashlib.sha256(content)
    for root in roots:
        # The certificate's own digest, kept on it after the first time: re-encoding
        # every root cost each public verification 2.5 ms (issue 25).
        digest.update(root.sha256)
    return f"pdf-signatures:{digest.hexdigest()}"


@dataclass(frozen=True)
class UploadVerification:
    verdict: Verdict
    check: PdfCheck
    document: OfficialDocument | None = None


def pdf_upload_verify(content: bytes) -> UploadVerification:
    """Whether `content` is an unaltered copy of a document the municipality issued.

    Authentic only when the bytes are those of an issued document AND every signature in
    them validates; a file whose signatures no longer match their bytes is ALTERED, never
    valid; anything else (unsigned, signed by others, an older unsealed copy) is NOT_ISSUED.
    """
    check = pdf_check(content, roots=document_roots())
    digest = hashlib.sha256(content).hexdigest()
    document = (
        OfficialDocument.objects.defer("context")
        .filter(sha256=digest, status=OfficialDocument.Status.READY)
        .first()
    )
    if check.signed and check.altered:
        return UploadVerification(verdict=Verdict.ALTERED, check=check)
    if document is not None and check.all_ok:
        return UploadVerification(verdict=Verdict.AUTHENTIC, check=check, document=document)
    if not check.readable or (check.signed and not check.all_ok):
        return UploadVerification(verdict=Verdict.ALTERED, check=check)
    return UploadVerification(verdict=Verdict.NOT_ISSUED, check=check)
