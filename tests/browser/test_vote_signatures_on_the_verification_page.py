"""Anyone who scans an appeal decision's code sees, in a real Chromium, the signature of
every member who voted (Art. 52: three members, each votes with his reasons; Lei
14.063/2020 art. 4º II): under the decision's own signatures, one signed vote per member,
each valid and unaltered."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from documents.models import OfficialDocument
from tests.browser.conftest import PageFactory, save_screenshot
from tests.documents.helpers import local_cache, queued_renders  # noqa: F401
from tests.documents.paper import appeal_denied, render_pending

pytestmark = pytest.mark.browser

NOT_VALID = "(TESTE — SEM VALIDADE)"


@pytest.fixture
def decided(
    transactional_db: None,
    local_cache,  # noqa: F811 — the rate limiter counts in a cache of this test's own
    queued_renders,  # noqa: F811 — no task leaves for the shared queue; rendered here
):  # type: ignore[no-untyped-def]
    """The decision of an appeal its three members voted on, each signing his vote; and
    the members, in the order of their votes."""
    appeal = appeal_denied()
    render_pending()
    decision = OfficialDocument.objects.get(case=appeal, kind=OfficialDocument.Kind.APPEAL_DECISION)
    return decision, [vote.member for vote in appeal.votes.select_related("member")]


def test_the_verification_page_shows_each_members_signed_vote_art_52(
    live_server: object, new_page: PageFactory, decided
) -> None:
    decision, members = decided
    base = str(live_server.url)  # type: ignore[attr-defined]
    page = new_page()

    page.goto(base + reverse("verify-code", args=[decision.verification_code]))

    votes = page.get_by_test_id("attached")
    expect(votes).to_have_count(3)
    for member in members:
        his = votes.filter(has_text=f"{member.signature_name()} {NOT_VALID}")
        expect(his).to_have_count(1)
        expect(his).to_contain_text("Voto assinado por")
        expect(his.get_by_test_id("signature")).to_have_attribute("data-ok", "true")
        expect(his).to_contain_text("✓ Assinatura válida")
        expect(his).to_contain_text("Documento inalterado desde a assinatura.")
    # The decision's own signatures, above its votes: all valid too.
    expect(page.locator('[data-testid="signature"][data-ok="false"]')).to_have_count(0)
    save_screenshot(page, "verification_vote_signatures")
