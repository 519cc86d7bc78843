"""Identity in Chromium (issue 22, point 5), against the test OpenID Connect provider
(tests/oidc_provider, its own process): gov.br login for a new person and for a known CPF,
tokens that fail their checks, an appeal refused at bronze and filed after raising to
prata (Art. 63), and the mayor who cannot decide without his second factor (Art. 24)."""

from __future__ import annotations

import base64
import datetime as dt
import re
import time

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.utils import timezone
from django_otp.oath import TOTP
from playwright.sync_api import Page, expect

from accounts.models import User
from cases.models import AuditEvent
from cases.services.transitions import case_act, case_claim
from identity.second_factor import SESSION_VERIFIED_AT
from registers.models import Driver
from tests.appeal.factories import notified_notice
from tests.browser.conftest import PageFactory, login, save_screenshot
from tests.identity import provider as _provider
from workflows.appeal.models import AppealCase
from workflows.suspension.models import SuspensionCase
from workflows.suspension.services import suspension_file

pytestmark = pytest.mark.browser

govbr_process = _provider.govbr_process
govbr = _provider.govbr

NEW_CPF = "52998224725"


def _through_govbr(page: Page, base: str, cpf: str, name: str = "") -> None:
    """On our login page, "Entrar com gov.br", then the provider's form."""
    page.goto(f"{base}/entrar/")
    page.get_by_role("link", name="Entrar com gov.br").click()
    page.get_by_label("CPF").fill(cpf)
    page.get_by_label("Nome").fill(name)
    page.get_by_role("button", name="Entrar no gov.br").click()


def test_a_new_person_signs_up_with_the_cpf_locked_and_a_known_cpf_lands_as_the_driver(
    transactional_db: None, live_server: object, new_page: PageFactory, govbr, driver: Driver
) -> None:
    base = str(live_server.url)  # type: ignore[attr-defined]
    page = new_page()
    _through_govbr(page, base, NEW_CPF, "Ana Lima")
    expect(page).to_have_url(re.compile(r"/entrar/cadastro-cpf/$"))
    expect(page.get_by_label("CPF")).to_have_value(NEW_CPF)
    expect(page.get_by_label("CPF")).to_be_disabled()
    page.get_by_role("button", name="Criar conta").click()
    expect(page.get_by_text("Conta criada")).to_be_visible()
    assert User.objects.filter(username=f"cpf-{NEW_CPF}").exists()

    Driver.objects.filter(pk=driver.pk).update(user=None)
    known = new_page()
    _through_govbr(known, base, driver.cpf, "outro nome")
    expect(known).not_to_have_url(re.compile(r"/entrar/"))
    assert Driver.objects.get(pk=driver.pk).user is not None


@pytest.mark.parametrize("mode", ["wrong_nonce", "expired", "tampered"])
def test_a_token_failing_its_checks_shows_the_refusal_and_signs_nobody_in(
    transactional_db: None, live_server: object, new_page: PageFactory, govbr, driver, mode
) -> None:
    Driver.objects.filter(pk=driver.pk).update(user=None)
    govbr.set_mode(mode)
    page = new_page()
    _through_govbr(page, str(live_server.url), driver.cpf)  # type: ignore[attr-defined]
    expect(page.get_by_role("heading", name="Não foi possível entrar")).to_be_visible()
    assert Driver.objects.get(pk=driver.pk).user is None


def test_an_appeal_at_bronze_is_refused_then_filed_after_raising_to_prata_art63(
    transactional_db: None, live_server: object, new_page: PageFactory, govbr
) -> None:
    base = str(live_server.url)  # type: ignore[attr-defined]
    notice = notified_notice(received_on=timezone.localdate() - dt.timedelta(days=1))
    cpf = notice.applicant.cpf
    Driver.objects.filter(pk=notice.applicant.pk).update(user=None)
    govbr.set_level(cpf, 1)
    page = new_page()
    _through_govbr(page, base, cpf)
    act = f"{base}/portal/recursos/auto/{notice.pk}/"
    page.goto(act)
    page.get_by_label("Qualificação do recorrente").fill("Fulano, taxista.")
    page.get_by_label("Razões de fato e de direito").fill("A tabela estava afixada.")
    page.get_by_role("button", name="Protocolar recurso").click()
    expect(page).to_have_url(re.compile(r"/conta/nivel/\?nivel=prata"))
    expect(page.get_by_text("nível prata ou superior")).to_be_visible()
    save_screenshot(page, "identity-level-too-low")
    assert not AppealCase.objects.exists()

    govbr.set_level(cpf, 2)  # he raises his account at gov.br
    page.get_by_role("link", name="Entrar de novo com gov.br").click()
    expect(page).to_have_url(act)  # back at the act (the provider remembers him)
    page.get_by_label("Qualificação do recorrente").fill("Fulano, taxista.")
    page.get_by_label("Razões de fato e de direito").fill("A tabela estava afixada.")
    page.get_by_role("button", name="Protocolar recurso").click()
    expect(page).to_have_url(re.compile(r"/recursos/\d+/$"))
    appeal = AppealCase.objects.get()
    opened = AuditEvent.objects.get(case=appeal, transition="open")
    assert opened.data["assurance_level"] == "prata"


def _code(secret: str) -> str:
    key = base64.b32decode(secret)
    return f"{TOTP(key).token():06d}"


def test_the_mayor_cannot_decide_without_his_second_factor_art24(
    transactional_db: None,
    live_server: object,
    new_page: PageFactory,
    settings,
    driver: Driver,
    clerk: User,
    mayor: User,
) -> None:
    settings.SECOND_FACTOR_ROLES = ["mayor", "administrator", "commission_member"]
    case = suspension_file(actor=driver.user, driver=driver, ground="IV", days=30)
    case_claim(case=case, actor=clerk)
    case_act(case=case, action="accept", actor=clerk)
    waiting = SuspensionCase.objects.get(pk=case.pk).state
    base = str(live_server.url)  # type: ignore[attr-defined]

    office = new_page()
    login(office, live_server, mayor.username)
    # Before anything else: set up the authenticator app.
    expect(office).to_have_url(re.compile(r"/conta/segundo-fator/configurar/"))
    secret = office.get_by_test_id("otp-secret").inner_text()
    save_screenshot(office, "identity-second-factor-setup")
    office.get_by_label("Código").fill(_code(secret))
    office.get_by_role("button", name="Confirmar").click()
    codes = office.get_by_test_id("recovery-codes").locator("code").all_inner_texts()
    assert len(codes) == 10

    # Twenty minutes later (past SECOND_FACTOR_MAX_AGE_MINUTES) he decides.
    cookie = next(c for c in office.context.cookies() if c["name"] == "sessionid")
    session = SessionStore(cookie["value"])
    session[SESSION_VERIFIED_AT] = int(time.time()) - 20 * 60
    session.save()
    office.goto(f"{base}/processos/{case.pk}/")
    office.once("dialog", lambda d: d.accept())
    office.get_by_role("button", name="Deferir a suspensão").click()
    expect(office).to_have_url(re.compile(r"/conta/segundo-fator/\?next="))
    assert SuspensionCase.objects.get(pk=case.pk).state == waiting
    # A recovery code (the app's code of this minute was spent at set-up) and back.
    office.get_by_label("Código").fill(codes[0])
    office.get_by_role("button", name="Confirmar").click()
    expect(office).to_have_url(f"{base}/processos/{case.pk}/")
    office.once("dialog", lambda d: d.accept())
    office.get_by_role("button", name="Deferir a suspensão").click()
    expect(office.get_by_test_id("state")).not_to_have_text("Aguardando decisão do Prefeito")
    assert SuspensionCase.objects.get(pk=case.pk).state != waiting
