"""The verification page and API check the signatures (issue 21 point 4), and signing never
loses an act (point 6): a seal that fails leaves the document "assinatura pendente",
retried, listed for the administrator."""

from __future__ import annotations

import datetime as dt
import socket

import pytest
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from accounts.roles import Role
from documents.models import OfficialDocument
from documents.services import document_issue, document_render
from documents.signing import services as signing_services
from documents.signing.lifecycle import seal_certificate_status, seal_expiry_warn
from documents.signing.pades import SigningUnavailable, document_roots, pdf_check
from documents.signing.services import document_seal, documents_seal_requeue
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

Signature = OfficialDocument.Signature


def _letter() -> OfficialDocument:
    return document_issue(
        kind=OfficialDocument.Kind.REGISTERED_LETTER,
        context={"recipient": {"name": "Ana"}, "subject": "Aviso", "body": "Texto."},
    )


def _content(document: OfficialDocument) -> bytes:
    with document.file.open("rb") as handle:
        return handle.read()


@pytest.fixture
def queued_seals(monkeypatch) -> list[int]:
    """The ids whose seal was queued for a retry after commit (the task runs here)."""
    queued: list[int] = []
    monkeypatch.setattr(signing_services, "enqueue_seal", queued.append)
    return queued


def _upload(client, content: bytes, name: str = "doc.pdf"):
    return client.post(
        reverse("verify-upload"),
        {"file": SimpleUploadedFile(name, content, content_type="application/pdf")},
    )


# --- The page and the API report each signature ---------------------------------------


def test_verification_page_reports_the_seal_valid_and_unaltered_lei_14063_art_4(client):
    document = document_render(document_id=_letter().pk)

    page = client.get(reverse("verify-code", args=[document.verification_code]))

    html = page.content.decode()
    assert page.status_code == 200
    assert 'data-testid="signature" data-ok="true"' in html
    assert "MUNICIPIO DE MANTENOPOLIS (TESTE — SEM VALIDADE)" in html
    assert "Documento inalterado desde a assinatura." in html


def test_uploaded_intact_copy_is_authentic_and_a_changed_byte_is_altered(client):
    document = document_render(document_id=_letter().pk)
    content = _content(document)

    intact = _upload(client, content)
    tampered_bytes = bytearray(content)
    tampered_bytes[len(content) // 3] ^= 0x01
    tampered = _upload(client, bytes(tampered_bytes))

    assert intact.status_code == 200
    assert 'data-verdict="authentic"' in intact.content.decode()
    assert document.number in intact.content.decode()
    assert 'data-verdict="altered"' in tampered.content.decode()
    assert "Assinatura inválida" in tampered.content.decode()
    assert 'data-verdict="authentic"' not in tampered.content.decode()


def test_an_unsigned_pdf_is_not_a_document_issued_and_a_non_pdf_is_refused(client):
    from weasyprint import HTML

    unsigned = _upload(client, HTML(string="<p>Termo</p>").write_pdf())
    not_pdf = _upload(client, b"GIF89a....", name="x.pdf")

    assert 'data-verdict="not_issued"' in unsigned.content.decode()
    assert not_pdf.status_code == 400
    assert "O arquivo enviado não é um PDF." in not_pdf.content.decode()


def test_api_reports_signatures_next_to_the_live_state(client):
    document = document_render(document_id=_letter().pk)

    answer = client.get(reverse("api-verify-code", args=[document.verification_code]))

    assert answer.status_code == 200
    body = answer.json()
    assert body["document"]["number"] == document.number
    assert body["document"]["signature"] == "signed"
    [seal] = body["signatures"]
    assert seal["signer"] == "MUNICIPIO DE MANTENOPOLIS (TESTE — SEM VALIDADE)"
    assert seal["intact"] and seal["trusted"] and seal["valid"]


def test_api_upload_answers_altered_for_a_tampered_file(client):
    document = document_render(document_id=_letter().pk)
    content = bytearray(_content(document))
    content[len(content) // 3] ^= 0x01

    answer = client.post(
        reverse("api-verify-file"),
        {"file": SimpleUploadedFile("d.pdf", bytes(content), content_type="application/pdf")},
    )
    intact = client.post(
        reverse("api-verify-file"),
        {"file": SimpleUploadedFile("d.pdf", _content(document), content_type="application/pdf")},
    )
    garbage = client.post(
        reverse("api-verify-file"),
        {"file": SimpleUploadedFile("d.pdf", b"nope", content_type="application/pdf")},
    )

    assert answer.status_code == 200 and answer.json()["verdict"] == "altered"
    assert intact.json()["verdict"] == "authentic"
    assert garbage.status_code == 400


# --- Signing never loses an act -------------------------------------------------------


def test_seal_failure_leaves_the_document_ready_and_signature_pending(
    settings, queued_seals, django_capture_on_commit_callbacks
):
    settings.SIGNING_SEAL_PASSPHRASE = "errada"
    document = _letter()

    with django_capture_on_commit_callbacks(execute=True):
        rendered = document_render(document_id=document.pk)

    assert rendered.status == OfficialDocument.Status.READY
    assert rendered.signature == Signature.PENDING
    assert "PKCS#12" in rendered.signature_error
    assert queued_seals == [document.pk]
    assert pdf_check(_content(rendered), roots=document_roots()).signatures == []


def test_the_retry_seals_it_once_the_seal_is_back(settings, queued_seals):
    settings.SIGNING_SEAL_PASSPHRASE = "errada"
    document = document_render(document_id=_letter().pk)
    with pytest.raises(SigningUnavailable):
        document_seal(document_id=document.pk)  # still away: the task retries

    from documents.signing.devchain import DEV_PASSPHRASE

    settings.SIGNING_SEAL_PASSPHRASE = DEV_PASSPHRASE
    sealed = document_seal(document_id=document.pk)
    again = document_seal(document_id=document.pk)

    assert sealed.signature == Signature.SIGNED and sealed.signature_error == ""
    assert again.file.name == sealed.file.name  # idempotent: a second run changes nothing
    assert pdf_check(_content(sealed), roots=document_roots()).all_ok
    assert documents_seal_requeue() == 0


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_timestamp_server_away_leaves_the_signature_pending_rfc_3161(settings, queued_seals):
    settings.SIGNING_TIMESTAMP_URL = f"http://127.0.0.1:{_closed_port()}/tsa"
    settings.SIGNING_TIMESTAMP_TIMEOUT = 2

    rendered = document_render(document_id=_letter().pk)

    assert rendered.status == OfficialDocument.Status.READY
    assert rendered.signature == Signature.PENDING
    assert documents_seal_requeue() == 1


def test_administrator_sees_the_pending_list_and_others_do_not(client, settings, queued_seals):
    settings.SIGNING_SEAL_PASSPHRASE = "errada"
    document = document_render(document_id=_letter().pk)
    admin = UserFactory(role=Role.ADMINISTRATOR)
    clerk = UserFactory(role=Role.CLERK)

    client.force_login(clerk)
    refused = client.get(reverse("documents-signature-pending"))
    client.force_login(admin)
    page = client.get(reverse("documents-signature-pending"))

    assert refused.status_code == 403
    assert page.status_code == 200
    assert document.number in page.content.decode()


def test_verification_page_says_signature_pending(client, settings, queued_seals):
    settings.SIGNING_SEAL_PASSPHRASE = "errada"
    document = document_render(document_id=_letter().pk)

    page = client.get(reverse("verify-code", args=[document.verification_code]))

    assert 'data-testid="signature-pending"' in page.content.decode()


# --- Seal expiry ----------------------------------------------------------------------


def test_seal_expiry_is_warned_30_days_ahead(settings):
    status = seal_certificate_status(today=timezone.localdate())
    assert status.not_after is not None and not status.expiring
    admin = UserFactory(role=Role.ADMINISTRATOR, email="admin@example.org")

    quiet = seal_expiry_warn(today=status.not_after - dt.timedelta(days=31))
    warned = seal_expiry_warn(today=status.not_after - dt.timedelta(days=30))

    assert quiet is False and warned is True
    assert [m.to for m in mail.outbox] == [[admin.email]]
    assert status.not_after.strftime("%d/%m/%Y") in mail.outbox[0].body
