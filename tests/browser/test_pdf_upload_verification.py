"""Anyone uploads a PDF on the public verification page and learns whether it is an
unaltered copy of a document the municipality issued (issue 21; Lei 14.063/2020 art. 4º):
the intact copy is authentic, the same file with one byte changed is reported altered."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from documents.models import OfficialDocument
from documents.services import document_issue, document_render
from tests.browser.conftest import PageFactory, save_screenshot
from tests.documents.helpers import local_cache, queued_renders  # noqa: F401

pytestmark = pytest.mark.browser


@pytest.fixture
def letter_pdf(transactional_db, local_cache, queued_renders) -> tuple[OfficialDocument, bytes]:  # noqa: F811
    document = document_issue(
        kind=OfficialDocument.Kind.REGISTERED_LETTER,
        context={"recipient": {"name": "Ana"}, "subject": "Aviso", "body": "Texto."},
    )
    document = document_render(document_id=document.pk)
    with document.file.open("rb") as handle:
        return document, handle.read()


def test_upload_intact_and_tampered_pdf_on_the_verification_page(
    live_server: object, new_page: PageFactory, letter_pdf, tmp_path: Path
) -> None:
    document, content = letter_pdf
    intact = tmp_path / "carta.pdf"
    intact.write_bytes(content)
    changed = bytearray(content)
    changed[len(changed) // 3] ^= 0x01
    tampered = tmp_path / "carta-alterada.pdf"
    tampered.write_bytes(bytes(changed))
    page = new_page()
    base = str(live_server.url)  # type: ignore[attr-defined]

    page.goto(f"{base}/verificar/")
    page.get_by_label("Arquivo PDF do documento").set_input_files(str(intact))
    page.get_by_role("button", name="Conferir").click()
    verdict = page.get_by_test_id("upload-verdict")
    expect(verdict).to_have_attribute("data-verdict", "authentic")
    expect(verdict).to_contain_text(document.number)
    expect(verdict).to_contain_text("Assinatura válida")

    page.get_by_label("Arquivo PDF do documento").set_input_files(str(tampered))
    page.get_by_role("button", name="Conferir").click()
    verdict = page.get_by_test_id("upload-verdict")
    expect(verdict).to_have_attribute("data-verdict", "altered")
    expect(verdict).to_contain_text("Arquivo alterado: não é válido")
    save_screenshot(page, "verify-upload-tampered")
