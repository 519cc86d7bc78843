"""The public verification page on a phone, and the IM card as staff see it before printing.

Art. 17: the IM card rides in the taxi; a passenger scans its QR code and must see, on a
phone, whether this taxi may carry passengers today.
"""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image, ImageDraw
from playwright.sync_api import expect

from accounts.models import User
from documents.models import OfficialDocument
from documents.services import document_render, im_card_issue
from registers.models import MunicipalRegistration
from tests.browser.conftest import SCREENSHOTS, PageFactory, login, save_screenshot
from tests.documents.helpers import cpf_forms, local_cache, queued_renders  # noqa: F401
from tests.factories import MunicipalRegistrationFactory, VehicleFactory

pytestmark = pytest.mark.browser


def _portrait() -> SimpleUploadedFile:
    """A drawn 3x4 portrait (a silhouette), so the card shows a photo as it will in use."""
    image = Image.new("RGB", (300, 400), (214, 222, 230))
    draw = ImageDraw.Draw(image)
    draw.ellipse((95, 60, 205, 180), fill=(120, 132, 146))
    draw.ellipse((45, 200, 255, 470), fill=(120, 132, 146))
    buffer = io.BytesIO()
    image.save(buffer, format="JPEG")
    return SimpleUploadedFile("retrato.jpg", buffer.getvalue(), content_type="image/jpeg")


@pytest.fixture
def taxi(transactional_db: None) -> MunicipalRegistration:
    registration = MunicipalRegistrationFactory(
        number="IM-00412",
        authorization__number="TA-0412",
        authorization__holder__name="Benedita Ramos Coutinho",
        authorization__holder__address="Rua Capitão Gomes, 210",
        authorization__vehicle=VehicleFactory(
            plate="MTP1234", make="Chevrolet", model="Spin", colour="branca"
        ),
    )
    holder = registration.authorization.holder
    holder.photo = _portrait()
    holder.save()
    return registration


@pytest.fixture
def im_card(
    taxi: MunicipalRegistration,
    clerk: User,
    local_cache,  # noqa: F811 — the rate limiter counts in a cache of this test's own
    queued_renders,  # noqa: F811 — no task leaves for the shared queue; rendered here
) -> OfficialDocument:
    document = im_card_issue(registration=taxi, actor=clerk)
    return document_render(document_id=document.pk)


def test_a_passenger_checks_a_taxi_on_a_phone_art17(
    live_server: object, new_page: PageFactory, im_card: OfficialDocument
) -> None:
    base = str(live_server.url)  # type: ignore[attr-defined]
    phone = new_page(phone=True)

    # Typed from the plate on the car, in the old format with its dash
    phone.goto(f"{base}/verificar/")
    phone.get_by_label("Placa, número da IM ou código de verificação").fill("mtp-1234")
    phone.get_by_role("button", name="Verificar").click()

    result = phone.get_by_test_id("verification")
    expect(phone.get_by_test_id("standing")).to_contain_text("Autorizado")
    expect(result).to_contain_text("Benedita Ramos Coutinho")
    expect(result).to_contain_text("MTP-1234")
    expect(result).to_contain_text("Chevrolet Spin, branca")
    expect(result).to_contain_text("IM-00412")
    # Fits the phone: nothing to scroll sideways.
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page_text = phone.content()
    for form in cpf_forms(im_card.authorization.holder.cpf):
        assert form not in page_text
    save_screenshot(phone, "verification_page")

    # What the QR code on the card opens: the document, and the taxi's state today
    phone.goto(f"{base}/verificar/{im_card.verification_code}/")
    expect(phone.get_by_test_id("standing")).to_contain_text("Autorizado")
    expect(phone.get_by_test_id("document")).to_contain_text(im_card.number)


def test_staff_see_the_im_card_before_printing_art17(
    live_server: object, new_page: PageFactory, im_card: OfficialDocument, clerk: User
) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    pdftoppm = shutil.which("pdftoppm")
    if pdftoppm:
        # The PDF itself, rasterised by poppler when the machine has it.
        target = SCREENSHOTS / "im_card"
        subprocess.run(
            [pdftoppm, "-png", "-r", "110", "-singlefile", im_card.file.path, str(target)],
            check=True,
            timeout=60,
        )
        assert Path(f"{target}.png").stat().st_size > 0
        return

    # Otherwise the same template as HTML, through the staff preview, in Chromium.
    base = str(live_server.url)  # type: ignore[attr-defined]
    page = new_page()
    login(page, live_server, clerk.username)
    page.goto(f"{base}/documentos/{im_card.verification_code}/previa/")
    expect(page.get_by_role("heading", name="Cartão da Inscrição Municipal (IM)")).to_be_visible()
    expect(page.locator("body")).to_contain_text("IM-00412")
    expect(page.locator("body")).to_contain_text("Benedita Ramos Coutinho")
    expect(page.locator("body")).to_contain_text(im_card.number)
    expect(page.get_by_alt_text("Foto do taxista")).to_be_visible()
    expect(page.get_by_alt_text("Código QR de verificação")).to_be_visible()
    page.set_viewport_size({"width": 900, "height": 700})
    save_screenshot(page, "im_card")
