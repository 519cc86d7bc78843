"""`{% upload_signature doc case as sig %}`: who signed an uploaded PDF, and whether his CPF
is the applicant's (documents.signing.uploads)."""

from __future__ import annotations

from django import template

from core.files import read_stored
from documents.signing.uploads import UploadSignature
from documents.signing.uploads import upload_signature as _upload_signature

register = template.Library()


@register.simple_tag
def upload_signature(document: object, case: object) -> UploadSignature | None:
    applicant = getattr(case, "applicant", None)

    def read() -> bytes | None:
        return read_stored(document.file)  # type: ignore[attr-defined]

    return _upload_signature(
        content_type=getattr(document, "content_type", ""),
        sha256=getattr(document, "sha256", ""),
        read=read,
        applicant_cpf=getattr(applicant, "cpf", "") if applicant is not None else "",
    )
