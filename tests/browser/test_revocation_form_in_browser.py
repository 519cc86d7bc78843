"""Art. 59 V b, c, f in a real browser: the clerk opens a revocation by typing the Termo.

The form takes the Termo's number or its vehicle's plate, not a list of every Termo; a
plate that names no Termo in force is answered on the form, and nothing is opened.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from accounts.models import User
from law.citations import ART_59_V_C
from registers.models import Authorization
from tests.browser.conftest import PageFactory, login
from workflows.revocation.models import RevocationCase, RevocationState

pytestmark = pytest.mark.browser


def test_clerk_opens_a_revocation_by_plate_art59_v_c(
    transactional_db: None,
    live_server: object,
    new_page: PageFactory,
    authorization: Authorization,
    clerk: User,
) -> None:
    base = str(live_server.url)  # type: ignore[attr-defined]
    page = new_page()
    login(page, live_server, clerk.username)
    page.goto(f"{base}/processos/cassacao/nova/")

    # A plate of no Termo in force: the form says so, and no case is opened
    page.get_by_label("Termo de autorização").fill("ZZZ9Z99")
    page.get_by_label("Fundamento (Art. 59 V)").select_option(ART_59_V_C)
    page.get_by_label("Fatos que fundamentam a abertura").fill("Flagrado circulando suspenso.")
    page.get_by_role("button", name="Abrir processo").click()
    expect(page.locator("form.card")).to_contain_text("Nenhum Termo em vigor")
    assert not RevocationCase.objects.exists()

    # The vehicle's plate, typed in lower case with a hyphen, finds the Termo
    plate = authorization.vehicle.plate
    page.get_by_label("Termo de autorização").fill(f"{plate[:3].lower()}-{plate[3:]}")
    page.get_by_role("button", name="Abrir processo").click()
    expect(page).to_have_url(re.compile(r"/processos/\d+/$"))
    case = RevocationCase.objects.get()
    assert (case.authorization_id, case.ground_article) == (authorization.pk, ART_59_V_C)
    expect(page.get_by_test_id("state")).to_have_text(str(RevocationState(case.state).label))
    expect(page.locator("body")).to_contain_text(case.number)
