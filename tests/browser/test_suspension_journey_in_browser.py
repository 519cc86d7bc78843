"""Art. 24 in a real browser: a holder asks, the clerk checks, the mayor grants, the sweep ends.

Each person signs in through the login form in a context of their own (own cookies). The
driver uses a phone-sized viewport; staff use a desktop one.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.utils import translation
from playwright.sync_api import Locator, Page, expect

from accounts.display import person_label
from accounts.models import User
from cases.services.deadlines import deadlines_sweep
from registers.models import Authorization, Driver
from tests.browser.conftest import PageFactory, login, save_screenshot
from tests.factories import AuthorizationFactory
from workflows.suspension.models import SuspensionCase
from workflows.suspension.services import suspension_file

pytestmark = pytest.mark.browser


def _state(page: Page) -> Locator:
    return page.get_by_test_id("state")


def _messages(page: Page) -> Locator:
    return page.locator("ul.messages")


def _timeline(page: Page) -> list[tuple[str, str, str]]:
    """(action, who, article) of each timeline row, in the page's order."""
    rows = page.get_by_test_id("timeline").locator("tr:has(td)")
    result = []
    for row in rows.all():
        cells = [text.strip() for text in row.locator("td").all_inner_texts()]
        _when, who, _label, article, _note = cells
        action = row.locator("td[data-transition]").get_attribute("data-transition") or ""
        result.append((action, who, article))
    return result


def _file_request(page: Page, base: str, *, ground: str, days: int) -> int:
    """Fill and send the suspension form; return the HTTP status of the answer."""
    page.goto(f"{base}/portal/suspensao/nova/")
    page.get_by_label("Motivo (Art. 24)").select_option(ground)
    page.get_by_label("Dias de suspensão").fill(str(days))
    with page.expect_response(lambda r: r.request.method == "POST") as answer:
        page.get_by_role("button", name="Protocolar").click()
    page.wait_for_load_state()
    return answer.value.status


def test_suspension_from_request_to_automatic_end_art24(
    transactional_db: None,
    live_server: object,
    new_page: PageFactory,
    driver: Driver,
    clerk: User,
    mayor: User,
) -> None:
    base = str(live_server.url)  # type: ignore[attr-defined]
    authorization = driver.authorizations.get()

    # The holder, on a phone, asks 30 days for a vehicle substitution (IV: no proof needed)
    holder = new_page(phone=True)
    login(holder, live_server, driver.user.username)
    expect(holder).to_have_url(f"{base}/portal/")
    holder.get_by_role("link", name=re.compile("Pedir suspensão")).click()
    expect(holder).to_have_url(f"{base}/portal/suspensao/nova/")
    holder.get_by_label("Motivo (Art. 24)").select_option("IV")
    holder.get_by_label("Dias de suspensão").fill("30")
    holder.get_by_role("button", name="Protocolar").click()
    expect(_state(holder)).to_have_text("Protocolado, em conferência")
    case = SuspensionCase.objects.get()
    case_url = f"{base}/processos/{case.pk}/"
    expect(holder).to_have_url(case_url)
    expect(_messages(holder)).to_contain_text(f"Pedido protocolado sob o número {case.number}")

    # The clerk finds it in the queue, opens it, claims it and accepts it (Art. 24 §1)
    desk = new_page()
    login(desk, live_server, clerk.username)
    expect(desk).to_have_url(f"{base}/processos/")
    row = desk.get_by_role("row").filter(has=desk.get_by_role("link", name=case.number))
    expect(row).to_contain_text("Protocolado, em conferência")
    expect(row).to_contain_text(driver.name)
    save_screenshot(desk, "suspension-queue")
    row.get_by_role("link", name=case.number).click()
    expect(desk).to_have_url(case_url)
    desk.get_by_role("button", name="Assumir").click()
    expect(_messages(desk)).to_contain_text("Processo assumido.")
    expect(desk.get_by_role("button", name="Assumir")).to_have_count(0)
    desk.once("dialog", lambda dialog: dialog.accept())  # a decisive action asks first
    desk.get_by_role("button", name="Aceitar e encaminhar ao Prefeito").click()
    expect(_messages(desk)).to_contain_text("Ação registrada.")
    expect(_state(desk)).to_have_text("Aguardando decisão do Prefeito")

    # The mayor grants it
    office = new_page()
    login(office, live_server, mayor.username)
    office.goto(case_url)
    # ...reading first what was asked: the ground and the days (Art. 24)
    facts = office.get_by_test_id("case-facts")
    expect(facts).to_be_visible()
    expect(facts.locator("dd").first).to_have_text("IV — Substituição do veículo")
    expect(facts.locator("dt + dd").nth(1)).to_have_text("30")
    expect(facts.locator("dt").nth(1)).to_have_text("Dias solicitados")
    office.once("dialog", lambda dialog: dialog.accept())
    office.get_by_role("button", name="Deferir a suspensão").click()
    expect(_messages(office)).to_contain_text("Ação registrada.")
    expect(_state(office)).to_have_text("Suspensão em vigor")
    case.refresh_from_db()
    assert case.start_on is not None and case.end_on is not None
    assert case.end_on - case.start_on == dt.timedelta(days=29)  # the first day counts
    last_day = case.end_on.strftime("%d/%m/%Y")
    expect(office.locator("main .card").first).to_contain_text(
        f"Termo {authorization.number} (suspensa)"
    )
    end_row = office.get_by_role("row").filter(has_text="Fim da suspensão")
    expect(end_row).to_have_count(1)
    expect(end_row).to_contain_text(last_day)
    expect(end_row).to_contain_text("Art. 24")
    # People by name and body, not by login (issue 24 §6).
    holder_, clerk_, mayor_ = (person_label(u) for u in (driver.user, clerk, mayor))
    assert _timeline(office) == [
        ("open", holder_, "Art. 24"),
        ("claim", clerk_, ""),
        ("accept", clerk_, "Art. 24 §1"),
        ("approve", mayor_, "Art. 24"),
        ("authorization_suspended", mayor_, "Art. 24"),
    ]
    save_screenshot(office, "suspension-case-in-effect")

    # The holder sees the same outcome on the phone
    holder.reload()
    expect(_state(holder)).to_have_text("Suspensão em vigor")
    save_screenshot(holder, "suspension-case-in-effect-phone")

    # The day after the last day, the sweep ends it and the authorization is active again
    report = deadlines_sweep(today=case.end_on + dt.timedelta(days=1))
    assert report.applied == 1
    office.reload()
    expect(_state(office)).to_have_text("Encerrada, autorização reativada")
    expect(office.locator("main .card").first).to_contain_text(
        f"Termo {authorization.number} (ativa)"
    )
    assert _timeline(office)[-2:] == [
        ("end", "sistema", "Art. 24"),
        ("authorization_reactivated", "sistema", "Art. 24"),
    ]
    save_screenshot(office, "suspension-case-ended")
    authorization.refresh_from_db()
    assert authorization.status == Authorization.Status.ACTIVE


def test_ground_i_without_proof_is_refused_art24_p1(
    transactional_db: None, live_server: object, page: Page, driver: Driver
) -> None:
    base = str(live_server.url)  # type: ignore[attr-defined]
    login(page, live_server, driver.user.username)

    status = _file_request(page, base, ground="I", days=30)

    assert status == 400
    errors = page.locator("main form ul.errorlist")
    expect(errors).to_contain_text("Art. 24 §1")
    expect(errors).to_contain_text("documento comprobatório")
    expect(page).to_have_url(f"{base}/portal/suspensao/nova/")
    assert not SuspensionCase.objects.exists()


def test_more_than_120_days_is_refused_art24(
    transactional_db: None, live_server: object, page: Page, driver: Driver
) -> None:
    base = str(live_server.url)  # type: ignore[attr-defined]
    login(page, live_server, driver.user.username)

    status = _file_request(page, base, ground="IV", days=121)

    assert status == 400
    errors = page.locator("main form ul.errorlist")
    expect(errors).to_contain_text("Art. 24")
    expect(errors).to_contain_text("120")
    assert not SuspensionCase.objects.exists()


def test_a_driver_cannot_open_another_drivers_case(
    transactional_db: None, live_server: object, page: Page, driver: Driver
) -> None:
    base = str(live_server.url)  # type: ignore[attr-defined]
    other = AuthorizationFactory().holder
    theirs = suspension_file(actor=other.user, driver=other, ground="IV", days=10)
    login(page, live_server, driver.user.username)

    answer = page.goto(f"{base}/processos/{theirs.pk}/")

    assert answer is not None and answer.status == 404
    page.goto(f"{base}/portal/")
    expect(page.get_by_role("link", name=theirs.number)).to_have_count(0)


# The project's own strings the English test checks; each must have an English translation.
ENGLISH_CHECKED = ("Entrar", "Senha", "Meu portal", "Pedir suspensão (Art. 24)")


def _english(msgids: tuple[str, ...]) -> dict[str, str]:
    with translation.override("en"):
        return {msgid: translation.gettext(msgid) for msgid in msgids}


def _english_catalogue_covers(msgids: tuple[str, ...]) -> bool:
    """True when the compiled English catalogue (a .mo) translates every one of `msgids`."""
    return all(english != msgid for msgid, english in _english(msgids).items())


@pytest.mark.xfail(
    condition=not _english_catalogue_covers(ENGLISH_CHECKED),
    reason="no English translation yet (no compiled locale/en/LC_MESSAGES/django.mo, and "
    "locale/en/LC_MESSAGES/django.po has empty msgstr for these strings): the project's "
    "own strings still render in Portuguese after switching to English",
    strict=False,
)
def test_pages_render_in_english_after_switching_language(
    transactional_db: None, live_server: object, page: Page, driver: Driver
) -> None:
    base = str(live_server.url)  # type: ignore[attr-defined]
    page.goto(f"{base}/entrar/")
    expect(page.locator("html")).to_have_attribute("lang", "pt-br")

    with page.expect_navigation():
        page.get_by_label("Idioma").select_option("en")

    expect(page).to_have_url(f"{base}/entrar/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    # Django's own strings have English catalogues already: a wrong password says so.
    page.locator("#id_username").fill(driver.user.username)
    page.locator("#id_password").fill("not-the-password")
    page.locator("main form button[type=submit]").click()
    expect(page.locator("main form ul.errorlist")).to_contain_text(
        "Please enter a correct username and password"
    )
    # The project's own strings: the Portuguese wording is gone, the catalogue's English shows.
    english = _english(ENGLISH_CHECKED)
    heading = page.get_by_role("heading", level=1).inner_text().strip()
    assert heading != "Entrar"
    assert heading == english["Entrar"]
    password_label = page.locator("label[for=id_password]").inner_text().strip()
    assert password_label != "Senha"
    assert password_label == english["Senha"]

    page.locator("#id_password").fill("senha-de-teste-123")
    page.locator("main form button[type=submit]").click()
    expect(page).to_have_url(f"{base}/portal/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    assert page.get_by_role("heading", level=1).inner_text().strip() == english["Meu portal"]
    assert page.get_by_role("link", name=re.compile("Pedir suspensão")).count() == 0
    expect(page.get_by_role("link", name=english["Pedir suspensão (Art. 24)"])).to_be_visible()
