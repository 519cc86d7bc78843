"""Every official document is reachable from a page by whoever may see it: the case page
for staff and the driver concerned, the driver's portal for his own papers."""

from __future__ import annotations

import datetime as dt
import re

import pytest
import time_machine

from documents.models import OfficialDocument
from tests.documents.paper import (
    ISSUED_AT,
    SP,
    application_homologated,
    notice_sent,
    render_pending,
)
from tests.factories import DriverFactory

pytestmark = pytest.mark.django_db

Kind = OfficialDocument.Kind
PDF_LINK = re.compile(r'<tr data-kind="(\w+)">.*?href="(/documentos/\w+/pdf/)"', re.S)


def _links(client, url: str) -> dict[str, str]:
    """kind -> PDF address, from the page's table of official documents."""
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    table = html[html.index('data-testid="official-documents"') :]
    table = table[: table.index("</table>")]
    return {kind: href for kind, href in PDF_LINK.findall(table)}


def _pdf(client, href: str) -> bytes:
    response = client.get(href)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    return b"".join(response.streaming_content)


@pytest.fixture
def granted():
    with time_machine.travel(dt.datetime(2026, 6, 15, 11, tzinfo=SP), tick=False):
        papers = application_homologated(today=dt.date(2026, 6, 15))
        render_pending()
        yield papers


@pytest.fixture
def notice_papers():
    with time_machine.travel(ISSUED_AT, tick=False):
        papers = notice_sent()
        render_pending()
        yield papers


def test_art_22_after_homologation_the_clerk_prints_termo_and_im_card_from_the_case(
    client, granted
):
    client.force_login(granted.clerk)

    links = _links(client, f"/processos/{granted.case.pk}/")

    assert set(links) == {Kind.AUTHORIZATION_TERM, Kind.IM_CARD}
    term = OfficialDocument.objects.get(case=granted.case, kind=Kind.AUTHORIZATION_TERM)
    with term.file.open("rb") as handle:
        assert _pdf(client, links[Kind.AUTHORIZATION_TERM]) == handle.read()


def test_art_22_the_new_holder_finds_his_termo_and_im_card_on_his_portal(client, granted):
    client.force_login(granted.applicant_user)

    links = _links(client, "/portal/")

    assert set(links) == {Kind.AUTHORIZATION_TERM, Kind.IM_CARD}
    assert _pdf(client, links[Kind.IM_CARD]).startswith(b"%PDF")


def test_another_driver_sees_none_of_them_and_cannot_open_them(client, granted):
    client.force_login(granted.clerk)
    links = _links(client, f"/processos/{granted.case.pk}/")
    stranger = DriverFactory().user
    client.force_login(stranger)

    assert _links(client, "/portal/") == {}
    for href in links.values():
        assert client.get(href).status_code == 404


def test_art_46_the_holder_finds_the_notice_letter_and_fine_notification(client, notice_papers):
    client.force_login(notice_papers.holder_user)

    on_portal = _links(client, "/portal/")
    on_case = _links(client, f"/processos/{notice_papers.notice.pk}/")

    expected = {Kind.VIOLATION_NOTICE, Kind.REGISTERED_LETTER, Kind.FINE_NOTIFICATION}
    assert set(on_portal) == set(on_case) == expected


def test_a_document_still_rendering_is_listed_for_staff_without_a_link(client):
    with time_machine.travel(ISSUED_AT, tick=False):
        papers = notice_sent()  # nothing rendered yet
    client.force_login(papers.clerk)

    response = client.get(f"/processos/{papers.notice.pk}/")

    assert response.content.decode().count("sendo gerado…") == 3
    assert _links(client, f"/processos/{papers.notice.pk}/") == {}
    # The driver is shown only what he can open.
    client.force_login(papers.holder_user)
    assert "sendo gerado…" not in client.get(f"/processos/{papers.notice.pk}/").content.decode()
