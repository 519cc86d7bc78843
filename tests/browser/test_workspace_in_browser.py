"""The clerk's workspace in a real Chromium: the search box (accents, punctuation, closed
cases, a saved filter, the driver's page), the dashboard's charts and a long export
followed by its progress bar until the link appears (issue 10 points 2 and 4)."""

from __future__ import annotations

import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from accounts.roles import Role
from registers.models import PopulationFigure
from tests.browser.conftest import PageFactory, login, save_screenshot
from tests.factories import AuthorizationFactory, SuspensionCaseFactory, UserFactory
from workflows.suspension.models import SuspensionState

pytestmark = pytest.mark.browser


@pytest.fixture
def worker_env(tmp_path):
    # The worker writes the export where the live server reads it.
    return {"MEDIA_ROOT": str(tmp_path / "media")}


def test_clerk_finds_a_case_by_name_without_accents_and_reaches_closed_ones(
    transactional_db: None, live_server: object, new_page: PageFactory
) -> None:
    base = str(live_server.url)  # type: ignore[attr-defined]
    taxi = AuthorizationFactory(holder__name="João Conceição da Silva")
    open_case = SuspensionCaseFactory(authorization=taxi)
    closed_case = SuspensionCaseFactory(
        authorization=taxi, state=SuspensionState.ENDED, closed_at=timezone.now()
    )
    clerk = UserFactory(role=Role.CLERK, first_name="Carla", last_name="Servidora")

    page = new_page()
    login(page, live_server, clerk.username)
    expect(page).to_have_url(f"{base}/processos/")
    page.get_by_role("link", name="Busca", exact=True).click()
    page.get_by_label("Buscar").fill("joao conceicao")
    page.get_by_role("button", name="Buscar").click()
    expect(page.get_by_role("link", name=open_case.number)).to_be_visible()
    expect(page.get_by_role("link", name=closed_case.number)).to_have_count(0)
    expect(page.get_by_text("1–1 de 1")).to_be_visible()

    page.get_by_label("Processos").select_option("closed")
    page.get_by_role("button", name="Buscar").click()
    expect(page.get_by_role("link", name=closed_case.number)).to_be_visible()
    expect(page.get_by_role("link", name=open_case.number)).to_have_count(0)

    page.get_by_label("Salvar este filtro como").fill("Encerrados do João")
    page.get_by_role("button", name="Salvar filtro").click()
    expect(page.get_by_role("link", name="Encerrados do João")).to_be_visible()
    save_screenshot(page, "workspace_search")

    page.get_by_role("link", name="João Conceição da Silva").first.click()
    expect(page).to_have_url(re.compile(rf"/taxistas/{taxi.holder_id}/$"))
    expect(page.get_by_role("link", name=open_case.number)).to_be_visible()
    expect(page.get_by_role("link", name=closed_case.number)).to_be_visible()
    save_screenshot(page, "workspace_driver")


def test_dashboard_charts_and_a_long_export_with_its_progress_bar(
    transactional_db: None,
    live_server: object,
    new_page: PageFactory,
    settings,
    celery_worker_process,
) -> None:
    base = str(live_server.url)  # type: ignore[attr-defined]
    settings.EXPORT_SYNC_ROWS = 5
    PopulationFigure.objects.create(year=2022, population=10_000)
    taxi = AuthorizationFactory()
    for _ in range(12):
        SuspensionCaseFactory(authorization=taxi)
    mayor = UserFactory(role=Role.MAYOR, first_name="Paulo", last_name="Prefeito")

    page = new_page()
    login(page, live_server, mayor.username)
    page.get_by_role("link", name="Painel", exact=True).click()
    expect(page).to_have_url(f"{base}/painel/")
    fleet = page.locator("#panel-fleet")
    expect(fleet.get_by_role("img", name="Frota e limite (Art. 22 §2)")).to_be_visible()
    expect(page.locator("#panel-cases_monthly svg rect").first).to_be_visible()
    save_screenshot(page, "workspace_dashboard")

    with page.expect_download() as small:
        fleet.get_by_role("link", name="CSV").click()
    assert small.value.suggested_filename.startswith("fleet-")

    page.goto(f"{base}/busca/?status=all")
    page.get_by_role("link", name="XLSX").click()
    expect(page).to_have_url(re.compile(r"/exportacoes/\d+/$"))
    link = page.get_by_role("link", name="Baixar o arquivo")
    expect(link).to_be_visible(timeout=60_000)
    expect(page.locator("#export-bar")).to_have_attribute("value", "100")
    save_screenshot(page, "workspace_export_ready")
    with page.expect_download() as big:
        link.click()
    assert big.value.suggested_filename.endswith(".xlsx")
