"""The lost-property register (Art. 37 XVIII) in a real Chromium, a page at a time (issue
25): the clerk reads the newest objects, follows "Próxima página" to the older ones, and
reaches the last page having seen every object once, none twice."""

from __future__ import annotations

import datetime as dt

import pytest
from playwright.sync_api import Page, expect

from core import paging
from tests.browser.conftest import PageFactory, login, save_screenshot
from tests.municipal_factories import LostItemFactory
from tests.paging import in_pages_of

pytestmark = pytest.mark.browser

# Found on the 2nd to the 6th of March: the register lists the newest first.
OBJECTS = ["Guarda-chuva preto", "Carteira marrom", "Celular azul", "Óculos de sol", "Chave"]


@pytest.fixture
def register(transactional_db: None, monkeypatch) -> list[str]:
    """Five objects left in taxis, pages of two: their descriptions, newest first."""
    monkeypatch.setattr(paging, "PAGE_SIZE", 2)
    for day, description in enumerate(OBJECTS, start=2):
        found = dt.date(2026, 3, day)
        LostItemFactory(description=description, found_on=found, due_on=found)
    return list(reversed(OBJECTS))


def _objects_on(page: Page) -> list[str]:
    """The "Objeto" column of the register's table, top to bottom."""
    return page.locator("table tr td:nth-child(2)").all_inner_texts()


def test_the_clerk_follows_next_page_through_the_register_and_sees_each_object_once(
    live_server: object, new_page: PageFactory, register: list[str], clerk
) -> None:
    base = str(live_server.url)  # type: ignore[attr-defined]
    page = new_page()
    login(page, live_server, clerk.username)
    page.goto(f"{base}/achados/")

    pages = [_objects_on(page)]
    more = page.get_by_role("link", name="Próxima página")
    expect(more).to_be_visible()
    save_screenshot(page, "lost_property_first_page")
    while more.count():
        href = more.get_attribute("href")
        more.click()
        expect(page).to_have_url(f"{base}/achados/{href}")
        pages.append(_objects_on(page))
        assert len(pages) <= len(register), "the next page never ends"

    assert pages == in_pages_of(2, register)
    expect(page.get_by_role("link", name="Próxima página")).to_have_count(0)
