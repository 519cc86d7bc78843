"""Decisive actions ask before they act (issue 10, point 6).

The mayor's decision on a suspension (Art. 24) is one click today; the page now asks first.
Dismissing the question sends nothing and the case stays where it was; accepting it applies
the decision.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Dialog, expect

from accounts.models import User
from cases.services.transitions import case_act, case_claim
from registers.models import Driver
from tests.browser.conftest import PageFactory, login, save_screenshot
from workflows.suspension.models import SuspensionCase
from workflows.suspension.services import suspension_file

pytestmark = pytest.mark.browser


def test_art_24_mayor_decision_asks_for_confirmation_first(
    transactional_db: None,
    live_server: object,
    new_page: PageFactory,
    driver: Driver,
    clerk: User,
    mayor: User,
) -> None:
    case = suspension_file(actor=driver.user, driver=driver, ground="IV", days=30)
    case_claim(case=case, actor=clerk)
    case_act(case=case, action="accept", actor=clerk)
    case.refresh_from_db()
    waiting = case.state
    base = str(live_server.url)  # type: ignore[attr-defined]

    office = new_page()
    login(office, live_server, mayor.username)
    office.goto(f"{base}/processos/{case.pk}/")
    state = office.get_by_test_id("state")
    expect(state).to_have_text("Aguardando decisão do Prefeito")
    button = office.get_by_role("button", name="Deferir a suspensão")

    questions: list[str] = []
    posts: list[str] = []
    office.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)

    def dismiss(dialog: Dialog) -> None:
        questions.append(dialog.message)
        dialog.dismiss()

    office.once("dialog", dismiss)
    button.click()
    # The dialog is answered synchronously inside click(); give a stray submission the chance
    # to land before checking nothing changed.
    office.reload()
    expect(state).to_have_text("Aguardando decisão do Prefeito")
    assert questions and "Deferir a suspensão" in questions[0]
    assert posts == []
    case.refresh_from_db()
    assert case.state == waiting
    assert not SuspensionCase.objects.get(pk=case.pk).events.filter(transition="approve").exists()

    office.once("dialog", lambda dialog: dialog.accept())
    office.get_by_role("button", name="Deferir a suspensão").click()
    expect(office.locator("ul.messages")).to_contain_text("Ação registrada.")
    expect(state).to_have_text("Suspensão em vigor")
    case.refresh_from_db()
    assert case.state != waiting
    save_screenshot(office, "confirmation-accepted")
