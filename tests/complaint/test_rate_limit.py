"""The public complaint form answers each client address PUBLIC_COMPLAINT_RATE filings per
ten minutes, page and API together; then HTTP 429 (documents.ratelimit)."""

from __future__ import annotations

import pytest

from tests.clock import inside_one_window
from tests.complaint.conftest import NOW
from workflows.complaint.models import ComplaintCase
from workflows.complaint.views import RATE_PERIOD

pytestmark = pytest.mark.django_db

FORM = {
    "plate": "XYZ1A23",
    "occurred_at": "2026-05-03T22:15",
    "place": "Rodoviária",
    "account": "Fumava dentro do carro.",
}
API = {**FORM, "occurred_at": "2026-05-03T22:15:00-03:00"}


@pytest.fixture(autouse=True)
def _one_window():
    """The filings are counted per ten minutes of the clock: it stands still in the middle
    of the ten minutes that hold the complaints' day, so a slow run never sees its filings
    split across two windows."""
    with inside_one_window(RATE_PERIOD, around=NOW):
        yield


@pytest.fixture
def two_per_window(settings):
    settings.PUBLIC_COMPLAINT_RATE = 2


def test_past_the_limit_the_form_answers_429_and_files_nothing(client, two_per_window):
    statuses = [client.post("/reclamacao/", FORM).status_code for _ in range(2)]
    refused = client.post("/reclamacao/", FORM)

    assert statuses == [302, 302]
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 600
    assert ComplaintCase.objects.count() == 2


def test_reading_the_form_is_not_counted(client, two_per_window):
    for _ in range(5):
        assert client.get("/reclamacao/").status_code == 200

    assert client.post("/reclamacao/", FORM).status_code == 302


def test_the_limit_is_per_client_address(client, two_per_window):
    for _ in range(2):
        client.post("/reclamacao/", FORM, REMOTE_ADDR="10.0.0.1")

    assert client.post("/reclamacao/", FORM, REMOTE_ADDR="10.0.0.1").status_code == 429
    assert client.post("/reclamacao/", FORM, REMOTE_ADDR="10.0.0.2").status_code == 302


def test_the_api_shares_the_forms_counter(client, api, two_per_window):
    assert client.post("/reclamacao/", FORM).status_code == 302
    assert api().post("/api/complaints/", API, format="json").status_code == 201

    refused = api().post("/api/complaints/", API, format="json")

    assert refused.status_code == 429
    assert "Retry-After" in refused
    assert ComplaintCase.objects.count() == 2


def test_the_default_is_five_filings_per_ten_minutes(client):
    statuses = [client.post("/reclamacao/", FORM).status_code for _ in range(6)]

    assert statuses == [302] * 5 + [429]
