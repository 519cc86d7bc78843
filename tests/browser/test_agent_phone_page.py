"""Art. 47 on a phone: a fiscal agent finds the taxi by plate, sees who holds it and who
drives it as auxiliary, marks the items, and issues the notices (Art. 51) in a real
Chromium with a phone-sized viewport.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from accounts.roles import Role
from tests.browser.conftest import PASSWORD, PageFactory, login, save_screenshot
from tests.complaint.factories import bind_auxiliary
from tests.factories import AuthorizationFactory, MunicipalRegistrationFactory, UserFactory
from workflows.violation.models import ViolationNotice, ViolationState

pytestmark = pytest.mark.browser


@pytest.fixture(autouse=True)
def _renders_stay_here(monkeypatch):
    """The notices' PDFs are queued after commit: keep them off the shared Redis queue."""
    monkeypatch.setattr("documents.services._enqueue", lambda document_id: None)


def test_an_agent_issues_notices_from_a_phone_art47_art51(
    transactional_db: None, live_server: object, new_page: PageFactory
) -> None:
    base = str(live_server.url)  # type: ignore[attr-defined]
    taxi = AuthorizationFactory(holder__name="Joana Titular")
    MunicipalRegistrationFactory(authorization=taxi)
    bind_auxiliary(taxi, name="Pedro Auxiliar")
    agent = UserFactory(role=Role.FISCAL_AGENT, first_name="Ana", last_name="Fiscal")
    plate = taxi.vehicle.plate

    page = new_page(phone=True)
    login(page, live_server, agent.username)
    page.goto(f"{base}/fiscalizacao/autos/novo/")
    page.get_by_label("Placa, número do Termo ou da IM").fill(f"{plate[:3]}-{plate[3:]}")
    page.get_by_role("button", name="Buscar").click()

    expect(page.get_by_test_id("holder")).to_have_text("Joana Titular")
    expect(page.get_by_test_id("auxiliary")).to_have_text("Pedro Auxiliar")
    expect(page.locator('input[name="items"][value="XXI"]')).to_have_count(0)
    page.get_by_role("checkbox", name=re.compile(r"^IX — Deixar de fornecer o troco")).check()
    page.get_by_role("checkbox", name=re.compile(r"^XVI — Cobrar o valor da corrida")).check()
    page.get_by_role("radio", name="Auxiliar: Pedro Auxiliar").check()
    page.get_by_label("Local", exact=True).fill("Rodoviária, ponto 2")
    page.get_by_label("O infrator assinou o auto").check()
    # The agent signs each notice with his password as he issues them (Lei 14.063/2020)
    page.get_by_label(re.compile("^Sua senha ou o código")).fill(PASSWORD)
    # Everything must fit the phone's width: no sideways scrolling at the roadside.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    save_screenshot(page, "agent_issue_form")

    page.get_by_role("button", name="Lavrar auto de infração").click()

    expect(page).to_have_url(re.compile(r"/fiscalizacao/autos/lavrados/\?autos=\d+,\d+$"))
    notices = list(ViolationNotice.objects.order_by("number"))
    assert [(n.item, n.state, n.offender.name, n.offender_signed) for n in notices] == [
        ("IX", ViolationState.ISSUED, "Pedro Auxiliar", True),
        ("XVI", ViolationState.ISSUED, "Pedro Auxiliar", True),
    ]
    expect(page.get_by_test_id("notice-number")).to_have_text([n.number for n in notices])
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    path = save_screenshot(page, "agent_issue_notice")
    assert path.stat().st_size > 0
