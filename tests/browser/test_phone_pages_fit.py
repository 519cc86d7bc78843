"""Phone-first pages (issue 24 §4): at 390×844 the main page of each role that works from
a phone — the driver's portal, the applicant's form, the fiscal agent's notice, the
public verification — fits the screen: no sideways scroll, no element beyond the
viewport, no word broken mid-way ("Substituiçã|o"), the header's menu folded, and
axe-core finds nothing serious or critical (WCAG 2.1 AA, 1.4.10 Reflow)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from accounts.roles import Role
from tests.browser.accessibility import axe_violations, describe
from tests.browser.conftest import PageFactory, login, save_screenshot
from tests.factories import (
    PASSWORD,
    AuthorizationFactory,
    MunicipalRegistrationFactory,
    SuspensionCaseFactory,
    UserFactory,
)

pytestmark = pytest.mark.browser

# Every visible element's box, and every word of four letters or more drawn on more than
# one line (a word cut by overflow-wrap where a column was too narrow).
_MEASURE = """() => {
  const width = window.innerWidth;
  const outside = [];
  for (const el of document.body.querySelectorAll("*")) {
    if (!el.checkVisibility()) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (box.right > width + 0.5 || box.left < -0.5) {
      const where = `${Math.round(box.left)}..${Math.round(box.right)}`;
      outside.push(`${el.tagName.toLowerCase()}.${el.className} ${where}`);
    }
  }
  const broken = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement || !node.parentElement.checkVisibility()) continue;
    for (const match of node.data.matchAll(/\\p{L}{4,}/gu)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (tops.size > 1) broken.push(match[0]);
    }
  }
  return {
    scrollWidth: document.scrollingElement.scrollWidth,
    innerWidth: width,
    outside: outside.slice(0, 10),
    broken: broken.slice(0, 10),
  };
}"""


def assert_fits_the_phone(page: Page, name: str) -> None:
    menu = page.locator("details[data-menu]")
    expect(menu).to_have_count(1)
    expect(menu).not_to_have_attribute("open", "")
    measure = page.evaluate(_MEASURE)
    save_screenshot(page, f"phone_{name}")
    assert measure["scrollWidth"] <= measure["innerWidth"], measure
    assert measure["outside"] == [], measure
    assert measure["broken"] == [], measure
    violations = axe_violations(page)
    assert not violations, describe(violations)


@pytest.fixture(autouse=True)
def _renders_stay_here(monkeypatch):
    """PDFs are queued after commit: keep them off the shared Redis queue."""
    monkeypatch.setattr("documents.services._enqueue", lambda document_id: None)


def _taxi():
    taxi = AuthorizationFactory(holder__name="Francisca Aparecida Nascimento Carvalho")
    MunicipalRegistrationFactory(authorization=taxi)
    return taxi


def test_the_drivers_portal_fits_a_phone(transactional_db, live_server, new_page: PageFactory):
    taxi = _taxi()
    SuspensionCaseFactory(authorization=taxi, applicant=taxi.holder)
    page = new_page(phone=True, bypass_csp=True)
    login(page, live_server, taxi.holder.user.username)
    page.goto(f"{live_server.url}/portal/")
    expect(page.get_by_test_id("open-cases")).to_be_visible()
    assert_fits_the_phone(page, "driver_portal")
    # The folded menu unfolds with a tap and shows its links.
    page.locator("details[data-menu] > summary").click()
    expect(page.get_by_role("link", name="Notificações")).to_be_visible()


def test_the_applicants_form_fits_a_phone(transactional_db, live_server, new_page: PageFactory):
    applicant = UserFactory(role=Role.DRIVER)
    page = new_page(phone=True, bypass_csp=True)
    login(page, live_server, applicant.username)
    page.goto(f"{live_server.url}{reverse('application-new')}")
    assert_fits_the_phone(page, "applicant_form")


def test_the_fiscal_agents_notice_page_fits_a_phone(
    transactional_db, live_server, new_page: PageFactory
):
    taxi = _taxi()
    agent = UserFactory(role=Role.FISCAL_AGENT)
    page = new_page(phone=True, bypass_csp=True)
    login(page, live_server, agent.username)
    page.goto(f"{live_server.url}{reverse('agent-issue')}?q={taxi.vehicle.plate}")
    assert_fits_the_phone(page, "agent_notice")


def test_the_public_verification_fits_a_phone(transactional_db, live_server, new_page: PageFactory):
    taxi = _taxi()
    page = new_page(phone=True, bypass_csp=True)
    page.goto(f"{live_server.url}/verificar/?q={taxi.vehicle.plate}")
    assert_fits_the_phone(page, "public_verification")


def test_the_case_pages_deadlines_and_history_are_cards_on_a_phone(
    transactional_db, live_server, new_page: PageFactory
):
    """Issue 24 §4: on the driver's case page the deadline and history tables become cards,
    each count's explanation (issue 24 §3) unfolded inside its card, nothing off-screen."""
    from django.utils import timezone

    from cases.services.transitions import case_act, local_today
    from notifications.models import Notification
    from notifications.post import letter_record_posting, letter_record_receipt
    from workflows.violation.services import violation_notice_issue

    taxi = _taxi()
    clerk = UserFactory(role=Role.CLERK)
    notice = violation_notice_issue(
        agent=UserFactory(role=Role.FISCAL_AGENT),
        authorization=taxi,
        item="X",
        occurred_at=timezone.now(),
        place="Praça Central",
        password=PASSWORD,
    )
    case_act(case=notice, action="send_notice", actor=clerk, password=PASSWORD)
    letter = Notification.objects.get(case=notice, channel=Notification.Channel.REGISTERED_POST)
    today = local_today()
    letter_record_posting(
        notification=letter, actor=clerk, tracking_code="JT123456785BR", posted_on=today
    )
    letter_record_receipt(
        notification=letter,
        actor=clerk,
        delivered_on=today,
        receiver_name=taxi.holder.name,
        receiver_document="RG 123",
        ar_attached_on=today,
    )
    page = new_page(phone=True, bypass_csp=True)
    login(page, live_server, taxi.holder.user.username)
    page.goto(f"{live_server.url}/processos/{notice.pk}/")
    for table in ("deadlines", "timeline"):
        # A card: the row is a block, and its column's name leads each cell.
        cards = page.get_by_test_id(table).locator("tbody tr")
        expect(cards.first).to_have_css("display", "block")
    expect(page.get_by_test_id("deadlines").locator("thead")).to_be_hidden()
    page.evaluate("document.querySelectorAll('details.count').forEach(d => d.open = true)")
    expect(page.get_by_test_id("deadlines")).to_contain_text("CPC Art. 224")
    assert_fits_the_phone(page, "driver_case_page")
