"""Art. 22 §2 with Art. 69 (issue 24 §7): an import that takes the fleet over the cap of one
taxi per 500 inhabitants says so on the import's page and report, and what it means: the
current authorizations are kept, and new grants wait on the waiting list."""

from __future__ import annotations

import pytest
from django.urls import reverse

from register_import.models import ImportJob
from register_import.services import import_apply, import_check, import_start
from registers.models import PopulationFigure

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_sample_day")]


def _check(importer, content: bytes) -> ImportJob:
    return import_check(job=import_start(actor=importer, file_name="r.csv", content=content))


def test_art_22_p2_an_import_over_the_cap_tells_the_clerk_what_it_means(
    client, importer, small_file
):
    PopulationFigure.objects.create(year=2022, population=2000, source="IBGE")  # cap 4
    job = _check(importer, small_file(10))

    assert (job.status, job.fleet_cap, job.fleet_after, job.fleet_excess) == (
        ImportJob.Status.CHECKED,
        4,
        10,
        6,
    )
    client.force_login(importer)
    page = client.get(reverse("register-import-job", args=[job.pk])).content.decode()
    assert "10 autorizações em vigor, acima do limite de 4" in page
    assert "fila de espera" in page and "são mantidas" in page

    job = import_apply(job=job, actor=importer)

    assert (job.status, job.fleet_after) == (ImportJob.Status.DONE, 10)
    report = client.get(reverse("register-import-report", args=[job.pk, "csv"]))
    assert "fleet_over_cap" in report.content.decode("utf-8-sig")
    english = client.get(
        reverse("register-import-job", args=[job.pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "waiting list" in english


def test_art_22_p2_an_import_within_the_cap_says_nothing_of_it(client, importer, small_file):
    PopulationFigure.objects.create(year=2022, population=11641, source="IBGE")  # cap 23
    job = _check(importer, small_file(10))

    assert (job.fleet_cap, job.fleet_after, job.fleet_notice) == (23, 10, "")
