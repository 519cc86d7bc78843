"""The administrator's list of documents whose seal is missing comes a page at a time,
oldest first, by `?cursor=` (issue 25): with five hundred failures on one page the page's
cost grew with them; now each page is read from `document_signature_pending_idx` and
stopped there, and every pending document is still reached, page by page."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from accounts.roles import Role
from core import paging
from documents.models import OfficialDocument
from tests.factories import UserFactory
from tests.paging import Listing, RefusesHostilePageParameters, in_pages_of, walk_pages

pytestmark = pytest.mark.django_db

Signature = OfficialDocument.Signature
ISSUED = dt.datetime(2026, 4, 20, 10, tzinfo=dt.UTC)


def _document(sequence: int, *, signature: str, minutes: int) -> OfficialDocument:
    return OfficialDocument.objects.create(
        kind=OfficialDocument.Kind.REGISTERED_LETTER,
        number=f"CR-2026/{sequence:06d}",
        year=2026,
        sequence=sequence,
        verification_code=f"ABCDEFGH{sequence:02d}",
        status=OfficialDocument.Status.READY,
        issued_at=ISSUED + dt.timedelta(minutes=minutes),
        signature=signature,
        signature_error="Selo indisponível" if signature == Signature.PENDING else "",
    )


def _numbers_on(html: str) -> list[str]:
    return re.findall(r'<td class="nowrap">(CR-2026/\d+)</td>', html)


PENDING = Listing(path="/documentos/assinatura-pendente/", rows_on=_numbers_on)


def test_the_administrator_pages_through_every_pending_seal_oldest_first(client, monkeypatch):
    monkeypatch.setattr(paging, "PAGE_SIZE", 2)
    # Issued out of order; two of them sealed, which the list leaves out.
    for sequence, minutes in ((1, 30), (2, 10), (3, 20), (4, 0), (5, 40)):
        _document(sequence, signature=Signature.PENDING, minutes=minutes)
    _document(6, signature=Signature.SIGNED, minutes=5)
    _document(7, signature=Signature.SIGNED, minutes=50)
    client.force_login(UserFactory(role=Role.ADMINISTRATOR))

    pages = walk_pages(client, PENDING)

    oldest_first = [
        "CR-2026/000004",
        "CR-2026/000002",
        "CR-2026/000003",
        "CR-2026/000001",
        "CR-2026/000005",
    ]
    assert pages == in_pages_of(2, oldest_first)


def test_a_cursor_the_list_did_not_write_shows_its_first_page_with_400(client, monkeypatch):
    monkeypatch.setattr(paging, "PAGE_SIZE", 2)
    for sequence in (1, 2, 3):
        _document(sequence, signature=Signature.PENDING, minutes=sequence)
    client.force_login(UserFactory(role=Role.ADMINISTRATOR))

    response = client.get(PENDING.path, {"cursor": "abc"})

    assert response.status_code == 400
    assert _numbers_on(response.content.decode()) == ["CR-2026/000001", "CR-2026/000002"]


class TestParametersItDidNotWrite(RefusesHostilePageParameters):
    """A `?page=` or a cursor the pending list never wrote: its first page, or 400."""

    listing = PENDING

    @pytest.fixture
    def reader(self, client):  # type: ignore[no-untyped-def]
        client.force_login(UserFactory(role=Role.ADMINISTRATOR))
        return client

    @pytest.fixture
    def first_page(self, monkeypatch) -> list[str]:
        monkeypatch.setattr(paging, "PAGE_SIZE", 2)
        for sequence in (1, 2, 3):
            _document(sequence, signature=Signature.PENDING, minutes=sequence)
        return ["CR-2026/000001", "CR-2026/000002"]
