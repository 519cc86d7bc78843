"""The address printed on every document and carried by its QR code is the public site's
(PUBLIC_BASE_URL), never the server's loopback — read from the PDF's text and its QR."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
import qrcode
import time_machine
from pypdf import PdfReader

from documents.models import OfficialDocument
from tests.documents.helpers import pdf_text
from tests.documents.paper import ISSUED_AT, notice_sent, rendered

pytestmark = pytest.mark.django_db

Kind = OfficialDocument.Kind
SITE = "https://taxi.mantenopolis.es.gov.br"
ROOT = Path(__file__).resolve().parents[2]


def _qr_modules(document: OfficialDocument) -> list[list[bool]]:
    """The dark/light modules of the QR image embedded in the PDF's first page.

    The PDF carries the PNG that qrcode drew (8 px per module, a border of 2 modules), so
    sampling the centre of each module gives back the matrix without a QR decoder.
    """
    with document.file.open("rb") as handle:
        page = PdfReader(io.BytesIO(handle.read())).pages[0]
    image = next(img.image for img in page.images if img.image.width == img.image.height)
    grey = image.convert("L")
    size = grey.width // 8
    return [
        [grey.getpixel((8 * x + 4, 8 * y + 4)) < 128 for x in range(size)]
        for y in range(size)
    ]


def _expected_modules(text: str) -> list[list[bool]]:
    code = qrcode.QRCode(border=2)
    code.add_data(text)
    code.make(fit=True)
    return [list(row) for row in code.get_matrix()]


@pytest.mark.parametrize("kind", [Kind.VIOLATION_NOTICE, Kind.REGISTERED_LETTER])
def test_pdf_text_and_qr_code_point_to_the_public_site(settings, kind):
    settings.PUBLIC_BASE_URL = SITE
    with time_machine.travel(ISSUED_AT, tick=False):
        papers = notice_sent()
    document = rendered(papers.notice, kind)
    url = f"{SITE}/verificar/{document.verification_code}/"

    assert f"Verifique em {url}" in pdf_text(document)
    assert "127.0.0.1" not in pdf_text(document)
    assert _qr_modules(document) == _expected_modules(url)


def test_production_defaults_the_public_address_to_the_allowed_host():
    # A deployment that forgets PUBLIC_BASE_URL prints its public host, not 127.0.0.1.
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "false",
        "SECRET_KEY": "x" * 50,
        "ALLOWED_HOSTS": ".mantenopolis.es.gov.br,taxi.mantenopolis.es.gov.br",
    }
    env.pop("PUBLIC_BASE_URL", None)
    script = (
        "import django; django.setup(); "
        "from django.conf import settings; print(settings.PUBLIC_BASE_URL)"
    )

    out = subprocess.run(
        [sys.executable, "-c", script], env=env, cwd=ROOT, capture_output=True, text=True,
        timeout=60, check=True,
    ).stdout.strip()

    assert out == SITE
