"""Arts. 32 §2 I, 35 and 36 on a phone: a fiscal agent opens a fixed stand, sees who belongs
there and the line in order of arrival, and records a departure, in a real Chromium with a
phone-sized viewport."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from accounts.roles import Role
from municipal.models import StandArrival
from tests.browser.conftest import PageFactory, login, save_screenshot
from tests.factories import AuthorizationFactory, UserFactory
from tests.municipal_factories import StandAssignmentFactory, StandFactory

pytestmark = pytest.mark.browser


def test_an_agent_checks_a_fixed_stand_from_a_phone_art36(
    transactional_db: None, live_server: object, new_page: PageFactory
) -> None:
    base = str(live_server.url)  # type: ignore[attr-defined]
    stand = StandFactory(name="Ponto da Matriz", places=2)
    first = StandAssignmentFactory(
        stand=stand, authorization=AuthorizationFactory(holder__name="Joana Primeira")
    ).authorization
    second = StandAssignmentFactory(
        stand=stand, authorization=AuthorizationFactory(holder__name="Paulo Segundo")
    ).authorization
    agent = UserFactory(role=Role.FISCAL_AGENT)

    page = new_page(phone=True)
    login(page, live_server, agent.username)
    page.goto(f"{base}/pontos/{stand.pk}/")
    expect(page.get_by_role("heading", name="Ponto da Matriz")).to_be_visible()
    expect(page.get_by_text("Joana Primeira")).to_be_visible()
    expect(page.get_by_text("Paulo Segundo")).to_be_visible()

    for taxi in (first, second):
        page.get_by_label("Placa").fill(taxi.vehicle.display_plate)
        page.get_by_role("button", name="Registrar chegada").click()
        expect(page.get_by_text("Chegada registrada.")).to_be_visible()
    # An out-of-town taxi is refused at a fixed stand (Art. 35).
    page.get_by_label("Placa").fill("ZZZ9Z99")
    page.get_by_role("button", name="Registrar chegada").click()
    expect(page.get_by_text("Táxi de outro município não pode parar")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    save_screenshot(page, "stand_phone_page")

    # The second in line cannot leave first (Art. 36).
    page.get_by_role("button", name="Saída").nth(1).click()
    expect(page.get_by_text("o primeiro da fila é " + first.vehicle.display_plate)).to_be_visible()
    page.get_by_role("button", name="Saída").first.click()
    expect(page.get_by_text("Saída registrada.")).to_be_visible()
    assert list(
        StandArrival.objects.filter(departed_at__isnull=True).values_list(
            "authorization", flat=True
        )
    ) == [second.pk]
