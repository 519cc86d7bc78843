"""Signed uploads accepted as originals (issue 21, point 5; Lei 1.764/2023 Art. 10).

A PDF a citizen uploads that carries an ICP-Brasil signature (or one chained to a root in
SIGNING_UPLOAD_TRUST_ROOTS) is validated offline; the clerk's checklist shows who signed it
and whether the certificate's CPF (DOC-ICP-04) is the applicant's, so he can accept it as
the original instead of a paper copy. Revocation data is not fetched: the page says so.

Read-only: the verdict of a file is kept in the cache under its SHA-256 (a file never
changes under its hash), so a case page does not validate the same PDF on every view.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.core.cache import cache

from documents.signing.pades import pdf_check, upload_roots

CACHE_SECONDS = 24 * 3600


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


def upload_signature(
    *, content_type: str, sha256: str, read: object, applicant_cpf: str
) -> UploadSignature | None:
    """The first signature of an uploaded PDF, judged against the applicant's CPF; None for
    a file that is not a signed PDF. `read` returns the file's bytes, or None when storage
    lost them (`core.files.read_stored`); it is called on a cache miss only."""
    if content_type != "application/pdf":
        return None
    key = f"upload-signature:v1:{sha256}"
    found = cache.get(key)
    if found is None:
        content = read()  # type: ignore[operator]
        if content is None:
            # Gone from storage: no signature shown, nothing cached (the file's link is 404).
            return None
        check = pdf_check(content, roots=upload_roots())
        first = check.signatures[0] if check.signatures else None
        found = (
            {"signed": False}
            if first is None
            else {
                "signed": True,
                "name": _display_name(first.signer),
                "cpf": first.cpf,
                "ok": check.all_ok,
            }
        )
        cache.set(key, found, CACHE_SECONDS)
    if not found["signed"]:
        return None
    cpf = str(found["cpf"])
    return UploadSignature(
        name=str(found["name"]),
        cpf=cpf,
        cpf_matches=bool(cpf) and cpf == _digits(applicant_cpf),
        ok=bool(found["ok"]),
    )
