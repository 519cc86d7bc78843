"""A long export runs as a Celery task on a real worker; the page follows its progress
and links the file when it is ready."""

from __future__ import annotations

import io
import time

import pytest
from openpyxl import load_workbook

from accounts.roles import Role
from tests.factories import AuthorizationFactory, SuspensionCaseFactory, UserFactory
from workspace.models import ExportJob

pytestmark = [pytest.mark.worker]


@pytest.fixture
def worker_env(tmp_path):
    # The worker writes the file where the test's pages read it.
    return {"MEDIA_ROOT": str(tmp_path / "media")}


def test_long_export_runs_in_the_background_with_progress(
    client, settings, celery_worker_process
):
    settings.EXPORT_SYNC_ROWS = 10
    authorization = AuthorizationFactory()
    for _ in range(25):
        SuspensionCaseFactory(authorization=authorization)
    clerk = UserFactory(role=Role.CLERK)
    client.force_login(clerk)

    response = client.get("/painel/exportar/cases.xlsx", {"status": "all"})
    assert response.status_code == 302
    job = ExportJob.objects.get(owner=clerk)
    assert response["Location"] == f"/exportacoes/{job.pk}/"
    page = client.get(response["Location"]).content.decode()
    assert 'id="export-bar"' in page and "workspace/export.js" in page

    deadline = time.monotonic() + 60
    progress = {}
    while time.monotonic() < deadline:
        progress = client.get(f"/exportacoes/{job.pk}/progresso/").json()
        if progress["status"] in ("done", "failed"):
            break
        time.sleep(0.3)
    assert progress["status"] == "done"
    assert (progress["done"], progress["total"], progress["percent"]) == (25, 25, 100)

    download = client.get(progress["url"])
    assert download.status_code == 200
    book = load_workbook(io.BytesIO(b"".join(download.streaming_content)))
    assert book.active.max_row == 26  # header and 25 cases

    other = UserFactory(role=Role.CLERK)
    client.force_login(other)
    assert client.get(f"/exportacoes/{job.pk}/").status_code == 404
    assert client.get(progress["url"]).status_code == 404
