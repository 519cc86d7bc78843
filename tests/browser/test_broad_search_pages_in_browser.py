"""A search whose words name many drivers (issue 25: "condutor 12" at a million cases), in a
real Chromium: the clerk sees the cases a page at a time without a total ("1–4 (há mais;
refine a busca)"), follows "Próxima" to the end and meets every case once, the last page
saying no more follow."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import PageFactory, login, save_screenshot
from tests.factories import AuthorizationFactory, SuspensionCaseFactory
from workspace import search as search_module

pytestmark = pytest.mark.browser


@pytest.fixture
def souzas(transactional_db: None, monkeypatch) -> list[str]:
    """Five drivers named Souza with two cases each, more drivers than FEW (so the search
    walks), four cases a page: their numbers."""
    monkeypatch.setattr(search_module, "FEW", 2)
    monkeypatch.setattr(search_module, "SEARCH_PAGE_SIZE", 4)
    numbers = []
    for n in range(5):
        authorization = AuthorizationFactory(holder__name=f"Souza {n}")
        numbers += [SuspensionCaseFactory(authorization=authorization).number for _ in range(2)]
    return numbers


def _numbers_on(page: Page) -> list[str]:
    return [t.strip() for t in page.locator("table tr td:first-child a").all_inner_texts()]


def test_the_clerk_walks_a_broad_search_to_its_end(
    live_server: object, new_page: PageFactory, souzas: list[str], clerk
) -> None:
    base = str(live_server.url)  # type: ignore[attr-defined]
    page = new_page()
    login(page, live_server, clerk.username)
    page.goto(f"{base}/busca/?q=souza&status=all")

    pager = page.locator("p.pager")
    expect(pager).to_contain_text("1–4 (há mais; refine a busca)")
    expect(pager).not_to_contain_text(" de ")  # no total: the walk does not count
    save_screenshot(page, "broad_search_first_page")
    seen = _numbers_on(page)
    while page.get_by_role("link", name="Próxima").count():
        page.get_by_role("link", name="Próxima").click()
        expect(page).to_have_url(re.compile(r"page=\d+"))
        seen += _numbers_on(page)
        assert len(seen) <= len(souzas), "the next page never ends"

    assert sorted(seen) == sorted(souzas)
    expect(pager).to_contain_text("9–10")
    expect(pager).not_to_contain_text("há mais")
