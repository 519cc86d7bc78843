"""Signed uploads accepted as originals (issue 21, point 5; Lei 1.764/2023 Art. 10).

A PDF a citizen uploads that carries an ICP-Brasil signature (or one chained to a root in
SIGNING_UPLOAD_TRUST_ROOTS) is validated offline; the clerk's checklist shows who signed it
and whether the certificate's CPF (DOC-ICP-04) is the applicant's, so he can accept it as
the original instead of a paper copy. Revocation data is not fetched: the page says so.

A file is judged once: the verdict is kept in the database (`UploadVerdict`) under the
file's SHA-256 and the trusted roots it was judged against — a file never changes under its
hash, and a change of roots judges it again. The checklist reads every verdict of a case in
one statement; validating a PDF costs more than the rest of the case page together.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.conf import settings

from core.files import read_stored
from documents.models import UploadVerdict
from documents.signing.pades import pdf_check, upload_roots


@dataclass(frozen=True)
class UploadSignature:
    name: str
    cpf: str
    cpf_matches: bool
    ok: bool
    """Unaltered since signed, and chained to a trusted root (offline)."""


def _display_name(common_name: str) -> str:
    # ICP-Brasil writes "NAME:CPF" in the common name; the CPF is shown apart.
    return re.sub(r"\s*\(TESTE — SEM VALIDADE\)$", "", common_name).split(":")[0].strip()


def _digits(text: str) -> str:
    return re.sub(r"\D", "", text or "")


@lru_cache(maxsize=8)
def _trust_of(paths: tuple[str, ...]) -> str:
    import certifi_icpbr

    digest = hashlib.sha256()
    for path in (certifi_icpbr.where(), *paths):
        digest.update(path.encode())
        try:
            with open(path, "rb") as handle:
                digest.update(handle.read())
        except OSError:
            digest.update(b"unreadable")  # as upload_roots: a root that cannot be read
    return digest.hexdigest()


def upload_trust() -> str:
    """A digest of the roots an upload is judged against (the bundled ICP-Brasil roots and
    SIGNING_UPLOAD_TRUST_ROOTS): the part of a verdict's key that is not the file."""
    return _trust_of(tuple(settings.SIGNING_UPLOAD_TRUST_ROOTS))


def _judged(document: Any, trust: str) -> UploadVerdict | None:
    """The verdict on `document`'s stored PDF, validated now and kept when the bytes are
    the ones its row names; None when storage lost them (nothing kept: its link is 404)."""
    content = read_stored(document.file)
    if content is None:
        return None
    check = pdf_check(content, roots=upload_roots())
    first = check.signatures[0] if check.signatures else None
    found = {
        "signed": first is not None,
        "signer": _display_name(first.signer)[:200] if first else "",
        "cpf": _digits(first.cpf)[:11] if first else "",
        "ok": bool(first) and check.all_ok,
    }
    if hashlib.sha256(content).hexdigest() != document.sha256:
        # Bytes other than those uploaded: judged as they are, never kept under the hash
        # of the file the row names.
        return UploadVerdict(sha256=document.sha256, trust=trust, **found)
    kept, _created = UploadVerdict.objects.get_or_create(
        sha256=document.sha256, trust=trust, defaults=found
    )
    return kept


def upload_signatures(
    documents: Iterable[Any], *, applicant_cpf: str
) -> dict[int, UploadSignature]:
    """Who signed each uploaded PDF of `documents` (cases.Document rows), by the row's key,
    judged against the applicant's CPF; a file that is not a signed PDF has no entry. The
    verdicts already kept are read in one statement; a file not judged yet is validated
    (once: its verdict is kept)."""
    pdfs = [d for d in documents if d.content_type == "application/pdf"]
    if not pdfs:
        return {}
    trust = upload_trust()
    verdicts = {
        v.sha256: v
        for v in UploadVerdict.objects.filter(trust=trust, sha256__in={d.sha256 for d in pdfs})
    }
    found: dict[int, UploadSignature] = {}
    applicant = _digits(applicant_cpf)
    for document in pdfs:
        verdict = verdicts.get(document.sha256)
        if verdict is None:
            verdict = _judged(document, trust)
            if verdict is None:
                continue
            verdicts[document.sha256] = verdict
        if verdict.signed:
            found[document.pk] = UploadSignature(
                name=verdict.signer,
                cpf=verdict.cpf,
                cpf_matches=bool(verdict.cpf) and verdict.cpf == applicant,
                ok=verdict.ok,
            )
    return found
