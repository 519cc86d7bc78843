"""A day's first pages for each role, in a real browser (issue 10, "Done means").

Each role signs in through the login page, lands where its work is (point 3) and visits its
main pages. On every page: the expected content, no server error, no serious or critical
axe-core violation (point 6), and a screenshot under test-artifacts/screenshots/.
Data is built with the factories and services first; after that only the browser acts.
"""

from __future__ import annotations

import datetime as dt
import re
from zoneinfo import ZoneInfo

import pytest
import time_machine
from playwright.sync_api import Page, Response, expect

from accounts.models import User
from accounts.roles import Role
from registers.models import Driver
from tests.appeal.factories import filed_appeal
from tests.browser.accessibility import axe_violations, describe
from tests.browser.conftest import PageFactory, login, save_screenshot
from tests.factories import SuspensionCaseFactory, UserFactory, ViolationNoticeFactory

pytestmark = pytest.mark.browser
SP = ZoneInfo("America/Sao_Paulo")


@pytest.fixture(autouse=True)
def _renders_stay_here(monkeypatch):
    """Documents queued after commit stay off the shared Redis queue."""
    monkeypatch.setattr("documents.services._enqueue", lambda document_id: None)


class Journey:
    """One person's walk: signs in, then checks each page it reaches."""

    def __init__(self, page: Page, live_server: object, role: str) -> None:
        self.page = page
        self.base = str(live_server.url)  # type: ignore[attr-defined]
        self.live_server = live_server
        self.role = role
        self.server_errors: list[str] = []
        page.on("response", self._watch)

    def _watch(self, response: Response) -> None:
        if response.status >= 500:
            self.server_errors.append(f"{response.status} {response.url}")

    def sign_in(self, user: User, lands_on: str) -> None:
        login(self.page, self.live_server, user.username)
        expect(self.page).to_have_url(f"{self.base}{lands_on}")

    def visit(self, path: str) -> None:
        response = self.page.goto(f"{self.base}{path}")
        assert response is not None and response.status == 200, (path, response)

    def open_menu(self) -> None:
        """Unfold the header's menu where a phone folds it (issue 24 §4)."""
        summary = self.page.locator("details[data-menu] > summary")
        if summary.is_visible():
            summary.click()

    def check(self, name: str, heading: str | re.Pattern[str]) -> None:
        """The page shows its heading; no server error so far; axe finds nothing serious."""
        expect(self.page.locator("main h1").first).to_contain_text(heading)
        assert self.server_errors == []
        save_screenshot(self.page, f"journey-{self.role}-{name}")
        violations = axe_violations(self.page)
        assert violations == [], f"{self.page.url}\n{describe(violations)}"


def test_driver_journey(
    transactional_db: None, live_server: object, new_page: PageFactory, driver: Driver
) -> None:
    authorization = driver.authorizations.get()
    case = SuspensionCaseFactory(authorization=authorization)
    walk = Journey(new_page(phone=True, bypass_csp=True), live_server, "driver")
    walk.visit("/")
    walk.check("home", "Serviço de táxi de Mantenópolis")
    # Before signing in, the pages open to anyone (a passenger too).
    walk.page.get_by_role("link", name="Verificar táxi", exact=True).last.click()
    walk.check("verify", "Verificar táxi")
    walk.visit("/")
    walk.page.get_by_role("link", name="Fazer uma reclamação").click()
    walk.check("complaint", "Reclamação sobre um táxi")
    walk.visit("/")
    walk.page.get_by_role("link", name="Entrar no portal").click()
    expect(walk.page).to_have_url(re.compile(r"/entrar/"))
    walk.check("login", "Entrar")
    walk.sign_in(driver.user, "/portal/")
    expect(walk.page.locator("main")).to_contain_text(authorization.number)
    walk.check("portal", re.compile(r"\S"))
    walk.page.get_by_role("link", name=case.number).first.click()
    expect(walk.page).to_have_url(f"{walk.base}/processos/{case.pk}/")
    walk.check("case", case.number)
    walk.open_menu()
    walk.page.get_by_role("link", name="Notificações").first.click()
    expect(walk.page).to_have_url(f"{walk.base}/portal/notificacoes/")
    walk.check("notifications", "Minhas notificações")
    walk.visit("/portal/recursos/")
    walk.check("appeal-notices", "Recorrer de auto de infração")


def test_clerk_journey(
    transactional_db: None, live_server: object, new_page: PageFactory, clerk: User
) -> None:
    case = SuspensionCaseFactory()
    holder = case.applicant
    walk = Journey(new_page(bypass_csp=True), live_server, "clerk")
    walk.sign_in(clerk, "/processos/")
    row = walk.page.get_by_role("row").filter(has=walk.page.get_by_role("link", name=case.number))
    expect(row).to_contain_text(holder.name)
    walk.check("queue", re.compile(r"\S"))
    row.get_by_role("link", name=case.number).click()
    expect(walk.page).to_have_url(f"{walk.base}/processos/{case.pk}/")
    expect(walk.page.get_by_role("button", name="Assumir")).to_be_visible()
    walk.check("case", case.number)
    walk.page.get_by_role("button", name="Assumir").click()
    # Claimed, the page shows the clerk's action forms, each field with its label.
    expect(walk.page.get_by_role("button", name="Aceitar e encaminhar ao Prefeito")).to_be_visible()
    walk.check("case-claimed", case.number)
    walk.page.get_by_role("link", name="Busca", exact=True).click()
    walk.page.get_by_label(re.compile("Buscar|Busca")).first.fill(holder.name)
    walk.page.get_by_role("button", name="Buscar").click()
    expect(walk.page.get_by_role("link", name=case.number).first).to_be_visible()
    walk.check("search", re.compile(r"\S"))


def test_fiscal_agent_journey(
    transactional_db: None, live_server: object, new_page: PageFactory
) -> None:
    agent = UserFactory(role=Role.FISCAL_AGENT)
    mine = ViolationNoticeFactory(agent=agent)
    someone_elses = ViolationNoticeFactory()
    walk = Journey(new_page(phone=True, bypass_csp=True), live_server, "fiscal-agent")
    walk.sign_in(agent, "/fiscalizacao/autos/novo/")
    expect(walk.page.get_by_label("Placa, número do Termo ou da IM")).to_be_visible()
    walk.check("phone-page", re.compile(r"\S"))
    walk.open_menu()
    walk.page.locator('a[href="/fiscalizacao/meus-autos/"]').first.click()
    expect(walk.page).to_have_url(f"{walk.base}/fiscalizacao/meus-autos/")
    expect(walk.page.get_by_role("link", name=mine.number)).to_be_visible()
    expect(walk.page.get_by_role("link", name=someone_elses.number)).to_have_count(0)
    walk.check("my-notices", "Meus autos")


def test_commission_member_journey(
    transactional_db: None, live_server: object, new_page: PageFactory
) -> None:
    with time_machine.travel(dt.datetime(2026, 4, 20, 10, tzinfo=SP)):
        appeal = filed_appeal()
    member = UserFactory(role=Role.COMMISSION_MEMBER)
    walk = Journey(new_page(bypass_csp=True), live_server, "commission")
    walk.sign_in(member, "/comissao/")
    row = walk.page.get_by_role("row").filter(has=walk.page.get_by_role("link", name=appeal.number))
    expect(row).to_contain_text(appeal.notice.number)
    walk.check("appeals", "Recursos na Comissão")
    row.get_by_role("link", name=appeal.number).click()
    expect(walk.page).to_have_url(f"{walk.base}/processos/{appeal.pk}/")
    walk.check("appeal", appeal.number)
    walk.page.get_by_role("link", name=re.compile("Abrir os autos do recurso")).click()
    expect(walk.page).to_have_url(f"{walk.base}/recursos/{appeal.pk}/")
    expect(walk.page.locator("main")).to_contain_text(appeal.facts_and_law)
    walk.check("appeal-file", appeal.number)
    walk.visit("/comissao/")
    walk.page.get_by_role("row").filter(
        has=walk.page.get_by_role("link", name=appeal.number)
    ).get_by_role("link", name=appeal.notice.number).click()
    expect(walk.page).to_have_url(f"{walk.base}/processos/{appeal.notice_id}/")
    walk.check("notice", appeal.notice.number)


def test_mayor_journey(
    transactional_db: None, live_server: object, new_page: PageFactory, mayor: User
) -> None:
    waiting = SuspensionCaseFactory(awaiting_decision=True)
    with_the_clerk = SuspensionCaseFactory()
    walk = Journey(new_page(bypass_csp=True), live_server, "mayor")
    walk.sign_in(mayor, "/decisoes/")
    expect(walk.page.get_by_role("link", name=waiting.number)).to_be_visible()
    expect(walk.page.get_by_role("link", name=with_the_clerk.number)).to_have_count(0)
    walk.check("awaiting-decision", "Aguardando minha decisão")
    walk.page.get_by_role("link", name=waiting.number).click()
    expect(walk.page).to_have_url(f"{walk.base}/processos/{waiting.pk}/")
    expect(walk.page.get_by_role("button", name="Deferir a suspensão")).to_be_visible()
    walk.check("case", waiting.number)


def test_administrator_journey(
    transactional_db: None, live_server: object, new_page: PageFactory
) -> None:
    admin = UserFactory(role=Role.ADMINISTRATOR)
    SuspensionCaseFactory()
    walk = Journey(new_page(bypass_csp=True), live_server, "administrator")
    walk.sign_in(admin, "/painel/")
    walk.check("dashboard", re.compile(r"\S"))
    walk.page.get_by_role("link", name="Fila de processos").click()
    expect(walk.page).to_have_url(f"{walk.base}/processos/")
    walk.check("queue", re.compile(r"\S"))
