"""Official PDFs are archival and accessible (issue 21): PDF/A-3b with its fonts embedded,
tagged for screen readers, and still validly sealed (the seal is an incremental update
written after rendering)."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from documents.models import OfficialDocument
from documents.services import document_issue, document_render
from documents.signing.pades import document_roots, pdf_check

pytestmark = pytest.mark.django_db


def test_pdf_is_pdfa_3b_tagged_with_fonts_embedded_and_the_seal_valid_iso_19005_3():
    document = document_render(
        document_id=document_issue(
            kind=OfficialDocument.Kind.REGISTERED_LETTER,
            context={"recipient": {"name": "Ana"}, "subject": "Aviso", "body": "Texto."},
        ).pk
    )
    with document.file.open("rb") as handle:
        content = handle.read()
    reader = PdfReader(io.BytesIO(content))
    root = reader.trailer["/Root"]
    metadata = root["/Metadata"].get_object().get_data().decode("utf-8", "replace")

    assert "<pdfaid:part>3</pdfaid:part>" in metadata or 'pdfaid:part="3"' in metadata
    assert "/StructTreeRoot" in root and root["/MarkInfo"]["/Marked"]
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            descriptor = font.get_object()
            if "/DescendantFonts" in descriptor:
                descriptor = descriptor["/DescendantFonts"][0].get_object()
            files = descriptor["/FontDescriptor"].get_object()
            assert {"/FontFile", "/FontFile2", "/FontFile3"} & set(files), font
    assert pdf_check(content, roots=document_roots()).all_ok
