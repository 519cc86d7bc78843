"""The clerk's import pages, driven over HTTP with a real Celery worker doing the work."""

from __future__ import annotations

import time

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from accounts.roles import Role
from register_import.models import ImportJob
from registers.models import Authorization
from tests.factories import UserFactory


def _small_file(corrected_bytes: bytes, *, broken_plate: bool) -> bytes:
    lines = corrected_bytes.decode("utf-8").splitlines()[:11]  # the header and ten rows
    if broken_plate:
        cells = lines[3].split(";")
        cells[11] = "XX-1"
        lines[3] = ";".join(cells)
    return ("\n".join(lines) + "\n").encode("utf-8")


def _wait_for(job_id: int, *statuses: str) -> ImportJob:
    for _ in range(600):
        job = ImportJob.objects.get(pk=job_id)
        if job.status in statuses:
            return job
        time.sleep(0.1)
    raise AssertionError(f"job {job_id} stayed {job.status}")


@pytest.mark.worker
def test_a_clerk_checks_fixes_and_confirms_an_import(
    client, celery_worker_process, corrected_bytes
):
    clerk = UserFactory(role=Role.CLERK)
    client.force_login(clerk)

    response = client.post(
        reverse("register-import"),
        {"file": SimpleUploadedFile(
            "registro.csv", _small_file(corrected_bytes, broken_plate=True)
        )},
    )
    job_id = int(response.url.rstrip("/").split("/")[-1])
    _wait_for(job_id, ImportJob.Status.REJECTED)
    page = client.get(reverse("register-import-job", args=[job_id])).content.decode()
    assert "XX-1" in page and "Placa inválida" in page and "Art. 10 II a" in page
    report = client.get(reverse("register-import-report", args=[job_id, "csv"]))
    assert report.status_code == 200
    assert "4;placa;" in report.content.decode("utf-8-sig")
    refused = client.post(reverse("register-import-confirm", args=[job_id]), follow=True)
    assert "Só uma importação conferida e sem erros" in refused.content.decode()
    assert Authorization.objects.count() == 0

    response = client.post(
        reverse("register-import"),
        {"file": SimpleUploadedFile(
            "registro.csv", _small_file(corrected_bytes, broken_plate=False)
        )},
    )
    job_id = int(response.url.rstrip("/").split("/")[-1])
    _wait_for(job_id, ImportJob.Status.CHECKED)
    client.post(reverse("register-import-confirm", args=[job_id]))
    job = _wait_for(job_id, ImportJob.Status.DONE, ImportJob.Status.FAILED)

    assert (job.status, job.created) == (ImportJob.Status.DONE, 10)
    progress = client.get(reverse("register-import-progress", args=[job_id])).json()
    assert progress == {"status": "done", "done": 10, "total": 10, "percent": 100}
    invitations = client.get(reverse("register-import-invitations")).content.decode()
    assert "T-0001" in invitations


@pytest.mark.django_db
@pytest.mark.parametrize("role", [Role.DRIVER, Role.FISCAL_AGENT, Role.COMMISSION_MEMBER])
def test_only_the_secretariat_imports_the_register(client, role):
    client.force_login(UserFactory(role=role))

    assert client.get(reverse("register-import")).status_code == 403
    assert client.get(reverse("register-import-invitations")).status_code == 403


@pytest.mark.django_db
def test_a_file_that_is_not_a_spreadsheet_is_refused_at_the_form(client):
    client.force_login(UserFactory(role=Role.CLERK))

    response = client.post(
        reverse("register-import"), {"file": SimpleUploadedFile("foto.png", b"\x89PNG")}
    )

    assert response.status_code == 400
    assert "Envie um arquivo .csv ou .xlsx." in response.content.decode()
    assert not ImportJob.objects.exists()
