"""Browser tests: a real headless Chromium (Debian's) driven by Playwright's sync API.

Playwright's sync API keeps an asyncio loop in the test's thread, and Django refuses ORM
calls from a thread with a running loop unless told otherwise. The test code here (factories,
the in-process deadline sweep) does touch the database from that thread, so the guard is
lifted here. Note that it is an environment variable: once this conftest is imported it holds
for the whole pytest process. The pages are served by pytest-django's `live_server` in its
own thread.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

from playwright.sync_api import (  # noqa: E402
    Browser,
    BrowserContext,
    Page,
    Playwright,
    expect,
    sync_playwright,
)

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TIMEOUT_MS = 10_000
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
PASSWORD = "senha-de-teste-123"  # what tests.factories.UserFactory sets
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"

PageFactory = Callable[..., Page]


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Playwright]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is not installed")
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright_instance: Playwright) -> Iterator[Browser]:
    chromium = playwright_instance.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS, timeout=30_000
    )
    yield chromium
    chromium.close()


@pytest.fixture
def new_page(browser: Browser) -> Iterator[PageFactory]:
    """Make a page in a fresh context (its own cookies, so one signed-in user each).

    `new_page(phone=True)` gives a phone-sized viewport; `bypass_csp=True` lets the
    accessibility checks inject axe-core. Every context is closed at the end.
    """
    contexts: list[BrowserContext] = []

    def make(*, phone: bool = False, bypass_csp: bool = False) -> Page:
        # bypass_csp: for axe-core, which Playwright injects as an inline script.
        context = browser.new_context(
            bypass_csp=bypass_csp,
            locale="pt-BR",
            timezone_id="America/Sao_Paulo",
            viewport=PHONE if phone else DESKTOP,
            is_mobile=phone,
            has_touch=phone,
        )
        context.set_default_timeout(TIMEOUT_MS)
        context.set_default_navigation_timeout(TIMEOUT_MS)
        contexts.append(context)
        return context.new_page()

    expect.set_options(timeout=TIMEOUT_MS)
    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def page(new_page: PageFactory) -> Page:
    return new_page()


def login(page: Page, live_server: object, username: str, password: str = PASSWORD) -> None:
    """Sign in through the login form (/entrar/) and wait to land off it."""
    base = str(live_server.url)  # type: ignore[attr-defined]
    page.goto(f"{base}/entrar/")
    page.get_by_label("Usuário").fill(username)
    page.get_by_label("Senha").fill(password)
    page.get_by_role("button", name="Entrar").click()
    expect(page).not_to_have_url(re.compile(r"/entrar/"))


def save_screenshot(page: Page, name: str) -> Path:
    """Save a full-page screenshot to test-artifacts/screenshots/<name>.png."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


@pytest.fixture
def screenshot() -> Callable[[Page, str], Path]:
    return save_screenshot
