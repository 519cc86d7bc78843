"""The dry run (Arts. 8, 10, 12, 18, 22 §4, 69): every rejected cell, its rule, its article."""

from __future__ import annotations

import pytest

from register_import.models import ImportJob
from register_import.services import import_check, import_start
from registers.models import Authorization, Driver, Vehicle

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_sample_day")]


def _check(actor, content: bytes, name: str = "registro.csv") -> ImportJob:
    return import_check(job=import_start(actor=actor, file_name=name, content=content))


def test_the_sample_reports_exactly_its_deliberate_errors(
    importer, sample_bytes, deliberate_errors
):
    job = _check(importer, sample_bytes)

    reported = {(e["line"], e["column"], e["code"]) for e in job.errors}
    assert reported == deliberate_errors
    assert job.status == ImportJob.Status.REJECTED
    assert job.total_rows == 500


def test_the_dry_run_writes_nothing_to_the_register(importer, sample_bytes):
    _check(importer, sample_bytes)

    assert (Driver.objects.count(), Vehicle.objects.count(), Authorization.objects.count()) == (
        0, 0, 0,
    )


def test_art_10_i_b_a_cnh_of_category_a_is_rejected_with_its_article(importer, sample_bytes):
    job = _check(importer, sample_bytes)

    (error,) = [e for e in job.errors if e["code"] == "cnh_category"]
    assert (error["article"], error["value"]) == ("Art. 10 I b", "A")


def test_art_22_par_4_the_same_holder_twice_rejects_the_later_line(importer, sample_bytes):
    job = _check(importer, sample_bytes)

    (error,) = [e for e in job.errors if e["code"] == "duplicate_holder"]
    assert error["article"] == "Art. 22 §4"
    assert "linha 8" in error["message"]


def test_art_12_a_vehicle_past_its_age_is_rejected(importer, sample_bytes):
    job = _check(importer, sample_bytes)

    (error,) = [e for e in job.errors if e["code"] == "vehicle_age"]
    assert "Art. 12" in error["article"]
    assert error["column"] == "ano_fabricacao"


def test_the_corrected_sample_checks_clean(importer, corrected_bytes):
    job = _check(importer, corrected_bytes)

    assert (job.status, job.errors, job.total_rows) == (ImportJob.Status.CHECKED, [], 500)


@pytest.mark.parametrize(
    ("content", "code_fragment"),
    [
        (b"", "vazio"),
        (b"termo;placa\nT-1;ABC1D23\n", "Faltam colunas"),
        (b"PK\x03\x04not really a zip", "XLSX"),
        (b"\x00\x01\x02binary", "CSV"),
    ],
)
def test_a_file_that_is_no_register_is_refused_with_a_reason(importer, content, code_fragment):
    job = _check(importer, content)

    assert job.status == ImportJob.Status.REJECTED
    assert code_fragment in job.message
