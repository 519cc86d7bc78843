import datetime as dt
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image
from rest_framework.test import APIClient

from cases.services.transitions import local_today


def _png() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (8, 4), (0, 128, 0)).save(buffer, format="PNG")
    return buffer.getvalue()


PNG = _png()
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


@pytest.fixture
def api():
    def client_for(user=None):
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return client

    return client_for


@pytest.fixture
def today() -> dt.date:
    return local_today()


@pytest.fixture
def request_body(today):
    """A valid request: the side doors for 30 days from tomorrow, with its layout as a PDF."""

    def body(**changes):
        values = {
            "placement": "side_doors",
            "text": "Farmácia Central — entregas 24h",
            "advertiser": "Farmácia Central Ltda.",
            "start_on": (today + dt.timedelta(days=1)).isoformat(),
            "end_on": (today + dt.timedelta(days=30)).isoformat(),
            "layout": [SimpleUploadedFile("arte.pdf", PDF)],
        }
        values.update(changes)
        return {key: value for key, value in values.items() if value is not None}

    return body
