"""Issue 12 §3: a 429 from the API carries the contract's code and Retry-After."""

from __future__ import annotations

import datetime as dt

import pytest
from rest_framework.test import APIClient

from tests.clock import inside_one_window
from tests.documents.helpers import local_cache  # noqa: F401 — fixture
from workflows.complaint.views import RATE_PERIOD

pytestmark = pytest.mark.django_db

COMPLAINT = {
    "plate": "ABC1D23",
    "description": "Cobrou acima da tabela.",
    "occurred_at": "2026-01-10T10:00:00-03:00",
    "place": "Praça central",
}


@pytest.fixture
def one_per_window(settings, local_cache):  # noqa: F811
    """One filing per ten minutes, counted in a cache of this test's own (not the shared
    Redis), on a clock that stands still two days after the complaint: the four filings
    fall in one window however slow the run."""
    settings.PUBLIC_COMPLAINT_RATE = 1
    with inside_one_window(RATE_PERIOD, around=dt.datetime(2026, 1, 12, 13, tzinfo=dt.UTC)):
        yield


def test_past_the_limit_the_api_answers_429_with_code_throttled(one_per_window):
    client = APIClient()
    statuses = [
        client.post("/api/complaints/", COMPLAINT, REMOTE_ADDR="10.9.9.9").status_code
        for _ in range(3)
    ]
    refused = client.post("/api/complaints/", COMPLAINT, REMOTE_ADDR="10.9.9.9")
    assert statuses[-1] == refused.status_code == 429
    body = refused.json()
    assert body["code"] == "throttled"
    assert body["article"] == ""
    assert "Tente novamente" in body["detail"]
    assert int(refused["Retry-After"]) > 0
