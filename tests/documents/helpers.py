"""Shared fixtures and helpers of the document tests (also used by the browser test)."""

from __future__ import annotations

import io
import re
import uuid

import pytest
from django.core.cache import cache
from pypdf import PdfReader

from documents.models import OfficialDocument


@pytest.fixture
def local_cache(settings):
    """A process-local cache for the rate limiter.

    The test settings point the cache at the shared Redis (db 0, also the broker of other
    runs): clearing it there would flush their queues. A locmem cache of our own is
    cleared freely.
    """
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": f"documents-tests-{uuid.uuid4()}",
        }
    }
    cache.clear()
    yield cache
    cache.clear()


@pytest.fixture
def queued_renders(monkeypatch) -> list[int]:
    """The ids `document_issue` queued for rendering after commit, in order."""
    queued: list[int] = []
    monkeypatch.setattr("documents.services._enqueue", queued.append)
    return queued


def pdf_text(document: OfficialDocument) -> str:
    """The PDF's text as pypdf extracts it, whitespace collapsed to single spaces."""
    document.file.open("rb")
    try:
        reader = PdfReader(io.BytesIO(document.file.read()))
    finally:
        document.file.close()
    text = " ".join(page.extract_text() or "" for page in reader.pages)
    return re.sub(r"\s+", " ", text)


def cpf_forms(cpf: str) -> list[str]:
    """A CPF as people write it: digits, formatted, masked, and the masked middle."""
    return [
        cpf,
        f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}",
        f"***.{cpf[3:6]}.{cpf[6:9]}-**",
        f"{cpf[3:6]}.{cpf[6:9]}",
    ]
