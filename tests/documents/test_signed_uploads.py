"""Signed uploads accepted as originals (Lei 1.764/2023 Art. 10; issue 21 point 5): a PDF
signed with an ICP-Brasil-style certificate is validated offline and the clerk's checklist
shows who signed it and whether his CPF is the applicant's (DOC-ICP-04 otherName)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone
from validate_docbr import CPF

from accounts.roles import Role
from documents.signing.devchain import citizen_pkcs12
from documents.signing.pades import pdf_sign, pkcs12_signer
from tests.application.factories import applicant_data, document_files, vehicle_data
from tests.factories import UserFactory
from workflows.application.checklist import ITEMS
from workflows.application.services import application_file

pytestmark = pytest.mark.django_db

ITEM = next(item.code for item in ITEMS if not item.image_only)


def _signed_pdf(dev_chain, *, cpf: str) -> bytes:
    from weasyprint import HTML

    p12 = citizen_pkcs12(
        dev_chain,
        name="Maria das Graças Souza",
        cpf=cpf,
        birth_date=dt.date(1980, 3, 1),
        passphrase="p",
    )
    pdf = HTML(string="<p>Certidão negativa criminal</p>").write_pdf()
    return pdf_sign(pdf, signer=pkcs12_signer(p12, "p"), field_name="Cidadao", reason="Art. 10")


def _case_with(content: bytes, *, applicant_cpf: str):
    documents = {**document_files(), ITEM: SimpleUploadedFile("c.pdf", content, "application/pdf")}
    return application_file(
        actor=UserFactory(role=Role.DRIVER),
        applicant=applicant_data(cpf=applicant_cpf),
        vehicle=vehicle_data(),
        documents=documents,
        today=timezone.localdate(),
    )


def _checklist(client, case) -> str:
    client.force_login(UserFactory(role=Role.CLERK))
    page = client.get(reverse("case", args=[case.pk]))
    assert page.status_code == 200
    return page.content.decode()


def test_signed_upload_shows_signer_and_cpf_matching_the_applicant_art_10(client, dev_chain):
    cpf = CPF().generate()
    case = _case_with(_signed_pdf(dev_chain, cpf=cpf), applicant_cpf=cpf)

    html = _checklist(client, case)

    assert f'data-testid="upload-signature-{ITEM}" class="ok"' in html
    assert "assinado por Maria das Graças Souza, CPF confere com o requerente" in html


def test_signed_by_someone_else_says_the_cpf_does_not_match(client, dev_chain):
    case = _case_with(_signed_pdf(dev_chain, cpf=CPF().generate()), applicant_cpf=CPF().generate())

    html = _checklist(client, case)

    assert "CPF NÃO confere com o requerente" in html
    assert f'data-testid="upload-signature-{ITEM}" class="bad"' in html


def test_an_altered_signed_upload_is_not_taken_for_an_original(client, dev_chain):
    cpf = CPF().generate()
    content = bytearray(_signed_pdf(dev_chain, cpf=cpf))
    content[len(content) // 3] ^= 0x01
    case = _case_with(bytes(content), applicant_cpf=cpf)

    html = _checklist(client, case)

    assert "inválida ou arquivo alterado" in html
    assert "CPF confere com o requerente" not in html


def test_a_root_outside_the_bundled_ones_is_not_trusted(client, dev_chain, settings):
    settings.SIGNING_UPLOAD_TRUST_ROOTS = []
    cpf = CPF().generate()
    case = _case_with(_signed_pdf(dev_chain, cpf=cpf), applicant_cpf=cpf)

    html = _checklist(client, case)

    assert "inválida ou arquivo alterado" in html


def test_a_pdf_whose_file_was_lost_from_storage_leaves_the_case_page_open(client):
    """A restore without the media volume leaves rows without files: the checklist still
    opens (the file's own link answers 404), it does not fail on the missing bytes."""
    case = _case_with(b"%PDF-1.7 not signed", applicant_cpf=CPF().generate())
    upload = case.documents.get(item=ITEM)
    upload.file.storage.delete(upload.file.name)
    upload.sha256 = "lost"  # no verdict kept in the cache under this hash
    upload.save(update_fields=["sha256"])

    html = _checklist(client, case)

    assert upload.original_name in html
    assert f'data-testid="upload-signature-{ITEM}"' not in html
    assert client.get(reverse("document", args=[upload.pk])).status_code == 404


def test_a_file_is_judged_once_and_its_verdict_kept_under_its_hash_art_10(client, dev_chain):
    """Validating a PDF costs more than the rest of the case page: the verdict is kept, so
    the next view reads it (here, with the file gone from storage, it could not be judged
    again) and one verdict is kept for the file."""
    from documents.models import UploadVerdict

    cpf = CPF().generate()
    case = _case_with(_signed_pdf(dev_chain, cpf=cpf), applicant_cpf=cpf)
    upload = case.documents.get(item=ITEM)
    assert "CPF confere com o requerente" in _checklist(client, case)
    upload.file.storage.delete(upload.file.name)

    html = _checklist(client, case)

    assert "assinado por Maria das Graças Souza, CPF confere com o requerente" in html
    kept = UploadVerdict.objects.get(sha256=upload.sha256)
    assert (kept.signed, kept.ok, kept.cpf) == (True, True, cpf)


def test_other_trusted_roots_judge_the_file_again_art_10(client, dev_chain, settings):
    from documents.models import UploadVerdict

    cpf = CPF().generate()
    case = _case_with(_signed_pdf(dev_chain, cpf=cpf), applicant_cpf=cpf)
    assert "CPF confere com o requerente" in _checklist(client, case)

    settings.SIGNING_UPLOAD_TRUST_ROOTS = []
    html = _checklist(client, case)

    assert "inválida ou arquivo alterado" in html
    upload = case.documents.get(item=ITEM)
    assert sorted(
        UploadVerdict.objects.filter(sha256=upload.sha256).values_list("ok", flat=True)
    ) == [
        False,
        True,
    ]


def test_stored_bytes_other_than_the_uploaded_ones_are_judged_as_they_are_and_not_kept(
    client, dev_chain
):
    """A stored file replaced behind the application's back (its bytes no longer match the
    row's SHA-256) is judged on what is there, and no verdict is kept under the hash of the
    file that was uploaded."""
    from documents.models import UploadVerdict

    cpf = CPF().generate()
    case = _case_with(_signed_pdf(dev_chain, cpf=cpf), applicant_cpf=cpf)
    upload = case.documents.get(item=ITEM)
    with upload.file.storage.open(upload.file.name, "wb") as handle:
        handle.write(b"%PDF-1.7 replaced, not signed")

    html = _checklist(client, case)

    assert f'data-testid="upload-signature-{ITEM}"' not in html
    assert not UploadVerdict.objects.filter(sha256=upload.sha256).exists()
