"""Issue 12 §2: an image that claims more pixels than MAX_IMAGE_PIXELS (a few kilobytes of
PNG claiming 50000×50000) answers 400 on upload pages and the API, never a 500, and
nothing is written."""

from __future__ import annotations

import struct
import zlib

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from cases.models import AuditEvent, Case, Document

pytestmark = pytest.mark.django_db


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def bomb_png(width: int = 50_000, height: int = 50_000) -> bytes:
    """A PNG whose header claims width×height 1-bit pixels; its data is a few rows."""
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    rows = zlib.compress(b"\x00" * (1 + width // 8) * 8, 9)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", rows)
        + _chunk(b"IEND", b"")
    )


def test_the_bomb_is_small():
    assert len(bomb_png()) < 12_000


def _nothing_written():
    assert (Case.objects.count(), Document.objects.count(), AuditEvent.objects.count()) == (0, 0, 0)


def test_a_pixel_bomb_on_the_api_answers_400_image_too_large(api, driver):
    response = api(driver.user).post(
        "/api/suspensions/",
        {"ground": "I", "days": 30, "proofs": [SimpleUploadedFile("bo.png", bomb_png())]},
        format="multipart",
    )
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["code"] == "image_too_large"
    assert "pixels demais" in body["detail"]
    _nothing_written()


def test_a_pixel_bomb_on_the_upload_page_answers_400(client, driver):
    client.force_login(driver.user)
    response = client.post(
        "/portal/suspensao/nova/",
        {
            "ground": "I",
            "days": 30,
            "reason": "Doença",
            "proofs": [SimpleUploadedFile("bo.png", bomb_png())],
        },
    )
    assert response.status_code == 400
    assert "pixels demais" in response.content.decode()
    _nothing_written()


def test_an_image_just_over_the_configured_limit_is_refused_too(api, driver, settings):
    settings.MAX_IMAGE_PIXELS = 1_000_000
    response = api(driver.user).post(
        "/api/suspensions/",
        {"ground": "I", "days": 30, "proofs": [SimpleUploadedFile("bo.png", bomb_png(1001, 1000))]},
        format="multipart",
    )
    assert (response.status_code, response.json()["code"]) == (400, "image_too_large")
    _nothing_written()
