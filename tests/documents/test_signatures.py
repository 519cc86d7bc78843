"""Every official document is sealed (PAdES) and its seal validates (issue 21; Lei
14.063/2020 art. 4º): signer, integrity, chain to the development root; one changed byte
makes it fail."""

from __future__ import annotations

import datetime as dt
import pickle

import pytest
import time_machine
from django.urls import reverse
from django.utils import timezone

from documents.models import OfficialDocument
from documents.services import driver_card_issue
from documents.signing.pades import document_roots, pdf_check
from tests.documents.helpers import pdf_text
from tests.documents.paper import (
    ISSUED_AT,
    appeal_denied,
    application_homologated,
    notice_sent,
    render_pending,
)
from workflows.appeal.votes import vote_document_sign

pytestmark = pytest.mark.django_db

Kind = OfficialDocument.Kind


def _content(document: OfficialDocument) -> bytes:
    with document.file.open("rb") as handle:
        return handle.read()


@pytest.fixture
def every_kind() -> dict[str, OfficialDocument]:
    """One rendered document of each kind `documents` issues, through the services."""
    with time_machine.travel(ISSUED_AT, tick=False):
        notice_sent()
        granted = application_homologated(today=dt.date(2026, 5, 4))
        # Art. 4 X: the identification of the new holder.
        driver_card_issue(driver=granted.authorization.holder, actor=granted.clerk)
    appeal = appeal_denied()
    # A vote's document exists when its member signs it (workflows.appeal.votes).
    vote_document_sign(
        appeal=appeal, actor=appeal.votes.first().member, password="senha-de-teste-123"
    )
    render_pending()
    found: dict[str, OfficialDocument] = {}
    for document in OfficialDocument.objects.order_by("pk"):
        found.setdefault(document.kind, document)
    return found


def test_every_kind_of_official_document_is_sealed_and_validates_lei_14063_art_4(every_kind):
    # Enumerated from the model: a kind added later is covered (and fails until it is issued
    # here).
    assert set(every_kind) == set(Kind.values)
    for kind, document in every_kind.items():
        assert document.signature == OfficialDocument.Signature.SIGNED, (
            kind,
            document.signature_error,
        )
        check = pdf_check(_content(document), roots=document_roots())
        assert check.readable, kind
        # The seal comes last, over the signature of the person who acted when he signed.
        *actors, seal = check.signatures
        # Every act with a person behind it is signed by him (his confirmation is required).
        assert len(actors) == (1 if document.signed_by_id else 0), kind
        assert all(a.ok and a.intact and a.trusted for a in actors), (kind, actors)
        assert seal.signer == "MUNICIPIO DE MANTENOPOLIS (TESTE — SEM VALIDADE)", kind
        assert seal.intact and seal.valid and seal.trusted and seal.whole_file, (kind, seal)
        assert seal.ok and check.all_ok and not check.altered, kind


def test_one_changed_byte_makes_every_kind_fail_validation(every_kind):
    for kind, document in every_kind.items():
        content = bytearray(_content(document))
        # A byte of the page content, well inside the signed range.
        content[len(content) // 3] ^= 0x01
        check = pdf_check(bytes(content), roots=document_roots())
        assert not check.all_ok, kind
        assert check.altered, kind


def test_a_seal_from_an_untrusted_chain_is_not_valid(every_kind, tmp_path, settings):
    """A PDF sealed by a key that does not chain to the configured root is intact but not
    trusted, hence not valid."""
    from documents.signing.devchain import dev_chain_create

    other = dev_chain_create(tmp_path / "other")
    settings.SIGNING_TRUST_ROOTS = [str(other.root)]
    check = pdf_check(_content(every_kind[Kind.REGISTERED_LETTER]), roots=document_roots())
    *_clerks, seal = check.signatures
    assert seal.intact and not seal.trusted and not check.all_ok


def test_the_visible_block_names_the_signer_and_lei_14063_art_4(every_kind):
    for kind, document in every_kind.items():
        text = pdf_text(document)
        assert "Assinado eletronicamente por Município de Mantenópolis" in text, kind
        assert "conforme Art. 4 da Lei 14.063/2020" in text, kind


def test_lost_property_receipt_is_sealed_art_37_xviii(client, clerk):
    """The receipt of Art. 37 XVIII, drawn on request, carries the municipality's seal."""
    from municipal.models import LostItem
    from tests.factories import AuthorizationFactory

    authorization = AuthorizationFactory()
    client.force_login(clerk)
    client.post(
        "/achados/",
        {
            "description": "Notebook",
            "found_on": timezone.localdate().isoformat(),
            "plate": authorization.vehicle.display_plate,
            "handed_in_on": timezone.localdate().isoformat(),
        },
    )
    item = LostItem.objects.get()
    answer = client.get(reverse("municipal:lost-item-receipt", args=[item.pk]))
    pdf = answer.content

    check = pdf_check(pdf, roots=document_roots())

    assert answer.status_code == 200
    [seal] = check.signatures
    assert seal.signer == "MUNICIPIO DE MANTENOPOLIS (TESTE — SEM VALIDADE)" and check.all_ok


@pytest.fixture
def sealed_notice(settings) -> OfficialDocument:
    """A violation notice's sealed PDF, with the public verification's verdicts kept."""
    settings.VERIFY_SIGNATURES_CACHE_SECONDS = 600
    with time_machine.travel(ISSUED_AT, tick=False):
        notice_sent()
    render_pending()
    return OfficialDocument.objects.get(kind=Kind.VIOLATION_NOTICE)


def test_the_verdict_is_kept_by_the_files_bytes_and_a_changed_file_is_judged_again(
    sealed_notice,
):
    """Lei 14.063/2020 art. 4º: what the public verification says of a document's seal. The
    verdict on unchanged bytes is kept (issue 25: the validation is most of the page's
    cost); one byte changed on disk is validated again and shows as altered."""
    from django.core.cache import cache

    from documents.signing.selectors import document_signatures, signatures_cache_key

    document = sealed_notice
    content = _content(document)
    key = signatures_cache_key(content, document_roots())
    cache.delete(key)

    first = document_signatures(document)
    assert first is not None and first.all_ok
    assert cache.get(key) == first
    assert document_signatures(document) == first

    changed = bytearray(content)
    changed[len(changed) // 3] ^= 0x01
    with document.file.open("wb") as handle:
        handle.write(bytes(changed))
    again = document_signatures(document)
    assert again is not None and again.altered and not again.all_ok


def test_the_kept_verdict_is_plain_data_not_the_pdfs_objects(sealed_notice):
    """Issue 25: the verdict kept for the public verification page is read back on every
    request; it holds the signature's field name as a string, not pyHanko's object (which
    pickled 68 kB of the PDF it was read from, unpickled on every request)."""
    from documents.signing.selectors import document_signatures

    check = document_signatures(sealed_notice)

    assert [(type(s.field), s.field) for s in check.signatures][-1] == (str, "SeloMunicipio")
    assert {type(s.field) for s in check.signatures} == {str}
    assert len(pickle.dumps(check)) < 2_000
