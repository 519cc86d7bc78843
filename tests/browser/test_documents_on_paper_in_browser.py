"""Each official document as it will be printed: the clerk opens it from the case page, and
Chromium's own PDF viewer draws its first page, saved as a PNG under the run's output
(test-artifacts/screenshots/document_<kind>.png) for a person to look at.

The driver, on a phone, opens his IM card and his identification (Art. 4 X) from his
portal the same way.
"""

from __future__ import annotations

import datetime as dt
import io
import re

import pytest
import time_machine
from django.db import transaction
from PIL import Image
from playwright.sync_api import Page, expect

from documents.models import OfficialDocument
from documents.services import driver_card_issue
from tests.browser.conftest import PageFactory, login, save_screenshot
from tests.documents.helpers import local_cache, queued_renders  # noqa: F401
from tests.documents.paper import (
    ISSUED_AT,
    SP,
    appeal_denied,
    application_homologated,
    notice_sent,
    render_pending,
)
from workflows.appeal.votes import vote_document_sign

pytestmark = pytest.mark.browser

Kind = OfficialDocument.Kind
VIEWER = "#toolbar=0&navpanes=0&view=Fit"


@pytest.fixture
def papers(transactional_db: None, queued_renders):  # noqa: F811 — rendered here
    with time_machine.travel(ISSUED_AT, tick=False):
        notice = notice_sent()
    appeal = appeal_denied()
    # A vote's document exists when its member signs it (workflows.appeal.votes), in the
    # vote's transaction.
    with transaction.atomic():
        vote_document_sign(
            appeal=appeal, actor=appeal.votes.first().member, password="senha-de-teste-123"
        )
    with time_machine.travel(dt.datetime(2026, 6, 15, 11, tzinfo=SP), tick=False):
        granted = application_homologated(today=dt.date(2026, 6, 15))
        # Art. 4 X: the holder's identification, issued from his file.
        driver_card_issue(driver=granted.authorization.holder, actor=granted.clerk)
    render_pending()
    return {"notice": notice, "appeal": appeal, "granted": granted}


def _ink(png: bytes) -> float:
    """The share of dark pixels in the page area: text and lines, not a blank sheet."""
    image = Image.open(io.BytesIO(png)).convert("L")
    width, height = image.size
    page = image.crop((width // 6, height // 20, width * 5 // 6, height // 2))
    dark = sum(1 for value in page.getdata() if value < 110)
    return dark / (page.width * page.height)


def _first_page(page: Page, href: str, name: str) -> None:
    response = page.goto(href + VIEWER)
    assert response is not None and response.headers["content-type"] == "application/pdf"
    page.wait_for_timeout(1500)  # the viewer draws after the load event
    path = save_screenshot(page, name)
    assert _ink(path.read_bytes()) > 0.002, f"{name}: the first page looks blank"


def _pdf_links(page: Page) -> dict[str, str]:
    table = page.get_by_test_id("official-documents")
    expect(table).to_be_visible()
    links = {}
    for row in table.locator("tr[data-kind]").all():
        link = row.get_by_role("link", name="PDF para imprimir")
        if link.count():
            links[str(row.get_attribute("data-kind"))] = str(link.get_attribute("href"))
    return links


def test_each_document_kind_renders_its_first_page_in_the_browser(
    live_server: object, new_page: PageFactory, papers, local_cache  # noqa: F811
) -> None:
    base = str(live_server.url)  # type: ignore[attr-defined]
    page = new_page()
    page.set_viewport_size({"width": 850, "height": 1150})
    login(page, live_server, papers["notice"].clerk.username)
    seen: dict[str, str] = {}
    for case in (papers["notice"].notice, papers["appeal"], papers["granted"].case):
        page.goto(f"{base}/processos/{case.pk}/")
        for kind, href in _pdf_links(page).items():
            seen.setdefault(kind, base + href)
    # The driver's identification belongs to no case: the clerk prints it from his file.
    page.goto(f"{base}/taxistas/{papers['granted'].authorization.holder_id}/")
    card = page.get_by_test_id("driver-cards").get_by_role("link").first
    seen[Kind.DRIVER_CARD] = base + str(card.get_attribute("href"))

    assert set(seen) == set(Kind.values)
    for kind, href in sorted(seen.items()):
        _first_page(page, href, f"document_{kind}")


def test_the_driver_opens_his_im_card_from_the_portal_on_a_phone(
    live_server: object, new_page: PageFactory, papers, local_cache  # noqa: F811
) -> None:
    phone = new_page(phone=True)
    login(phone, live_server, papers["granted"].applicant_user.username)
    phone.goto(f"{live_server.url}/portal/")  # type: ignore[attr-defined]

    links = _pdf_links(phone)
    # And his identification of Art. 4 X, issued from his file by the Secretaria.
    assert set(links) == {Kind.AUTHORIZATION_TERM, Kind.IM_CARD, Kind.DRIVER_CARD}
    expect(phone.get_by_test_id("official-documents")).to_contain_text(
        papers["granted"].registration.number
    )
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    # Whole words on a phone: cells wrap between words, never inside "Cancelamento".
    wraps = phone.evaluate(
        "[...document.querySelectorAll('td')].map(td => getComputedStyle(td).overflowWrap)"
    )
    assert wraps and "anywhere" not in wraps
    save_screenshot(phone, "portal_documents_phone")
    response = phone.request.get(f"{live_server.url}{links[Kind.IM_CARD]}")  # type: ignore[attr-defined]
    assert response.ok and response.body().startswith(b"%PDF")
    card = phone.request.get(f"{live_server.url}{links[Kind.DRIVER_CARD]}")  # type: ignore[attr-defined]
    assert card.ok and card.body().startswith(b"%PDF")
    assert re.search(r"IM-\d{4}/\d{5}", papers["granted"].registration.number)
