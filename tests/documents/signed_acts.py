"""What the tests of signed acts share: the users' password, the PDF's bytes, its signatures
as pyHanko's validator judges them, and the signed files it carries inside."""

from __future__ import annotations

import io

from documents.models import OfficialDocument
from documents.signing.pades import PdfCheck, document_roots, pdf_check

PASSWORD = "senha-de-teste-123"  # tests.factories.UserFactory's


def content(document: OfficialDocument) -> bytes:
    document.refresh_from_db()
    with document.file.open("rb") as handle:
        return handle.read()


def checked(pdf: bytes) -> PdfCheck:
    return pdf_check(pdf, roots=document_roots())


def one_byte_changed(pdf: bytes) -> bytes:
    """The PDF with one byte of its page content flipped, well inside the signed range."""
    altered = bytearray(pdf)
    altered[len(altered) // 3] ^= 0x01
    return bytes(altered)


def attachments(pdf: bytes) -> dict[str, bytes]:
    """The files embedded in the PDF (PDF/A-3 attachments), by name."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(pdf))
    return {name: data[0] for name, data in reader.attachments.items()}
