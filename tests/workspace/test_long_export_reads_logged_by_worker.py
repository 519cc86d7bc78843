"""LGPD Art. 37: an export is a reading of every driver it names. A long export's
reading is logged by the worker that writes its file, with the file made ready (issue 25:
at a million cases the request that asked for it wrote 240,000 rows while the clerk
waited); a short one's in the request that answers it."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from accounts.models import PersonalDataAccess
from accounts.roles import Role
from tests.application.factories import ApplicationCaseFactory
from tests.factories import (
    AuthorizationFactory,
    MunicipalRegistrationFactory,
    SuspensionCaseFactory,
    UserFactory,
)
from workflows.application.models import ApplicationState
from workspace.exports import export_run
from workspace.models import ExportJob

pytestmark = pytest.mark.django_db

TODAY = dt.date(2026, 6, 1)


@pytest.fixture
def clerk():
    return UserFactory(role=Role.CLERK)


@pytest.fixture
def holders():
    """Five drivers, each the applicant of a case."""
    out = []
    for _ in range(5):
        case = SuspensionCaseFactory(authorization=AuthorizationFactory())
        out.append(case.applicant)
    return out


def _export_reads(user):
    return PersonalDataAccess.objects.filter(user=user, channel="export")


def test_asking_for_a_long_export_logs_nothing_yet(client, settings, clerk, holders):
    settings.EXPORT_SYNC_ROWS = 2
    client.force_login(clerk)

    response = client.get("/painel/exportar/cases.csv", {"status": "all"})

    assert response.status_code == 302
    assert ExportJob.objects.filter(owner=clerk).count() == 1
    assert not _export_reads(clerk).exists()


def test_the_worker_logs_each_driver_of_the_file_once(settings, clerk, holders):
    job = ExportJob.objects.create(
        owner=clerk, dataset="cases", format="csv", params={"status": "all"}
    )

    export_run(job_id=job.pk, today=TODAY)
    export_run(job_id=job.pk, today=TODAY)  # a retry of a finished job: nothing again

    reads = _export_reads(clerk)
    assert sorted(reads.values_list("driver_id", flat=True)) == sorted(d.pk for d in holders)
    assert {(r.path, r.what, r.purpose, r.case_id, r.person_name) for r in reads} == {
        ("/painel/exportar/cases.csv?status=all", "exportação cases.csv", "report", None, "")
    }
    assert all(r.at is not None for r in reads)
    job.refresh_from_db()
    assert job.status == ExportJob.Status.DONE


def test_a_short_export_is_logged_in_the_request(client, clerk, holders):
    client.force_login(clerk)

    response = client.get("/painel/exportar/cases.csv", {"status": "all"})

    assert response.status_code == 200
    assert _export_reads(clerk).count() == len(holders)


@pytest.mark.parametrize("dataset", ["fleet", "deadlines", "fines"])
def test_an_aggregate_table_names_no_driver_and_logs_nothing(client, clerk, holders, dataset):
    client.force_login(clerk)

    response = client.get(f"/painel/exportar/{dataset}.csv")

    assert response.status_code == 200
    assert not _export_reads(clerk).exists()


def test_the_waiting_list_and_the_ims_ending_log_the_drivers_they_name(client, clerk):
    """The waiting list names its applicants (Art. 22 §2), the IMs ending their holders:
    exporting either is a reading of each (the dashboard's tables carry whom they name)."""
    waiting = ApplicationCaseFactory(state=ApplicationState.WAITING_LIST)
    ending = MunicipalRegistrationFactory(
        valid_until=timezone.localdate() + dt.timedelta(days=10)
    )
    client.force_login(clerk)

    for dataset, named in [("waiting", waiting.applicant), ("ims", ending.authorization.holder)]:
        response = client.get(f"/painel/exportar/{dataset}.csv")
        assert response.status_code == 200
        assert named.name in response.content.decode("utf-8-sig")
        reads = _export_reads(clerk).filter(what=f"exportação {dataset}.csv")
        assert list(reads.values_list("driver_id", flat=True)) == [named.pk]


def test_a_long_export_of_an_aggregate_table_is_made_ready_and_logs_nothing(clerk, holders):
    job = ExportJob.objects.create(owner=clerk, dataset="fleet", format="csv", params={})

    export_run(job_id=job.pk, today=TODAY)

    job.refresh_from_db()
    assert job.status == ExportJob.Status.DONE
    assert not _export_reads(clerk).exists()
