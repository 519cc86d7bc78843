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


def test_art_22_par_4_the_same_holder_twice_flags_the_later_line(importer, sample_bytes):
    # Was a rejection (duplicate_holder): Art. 22 §4 limits new grants, so the sample's
    # line 233 moved from the rejected rows to the imported-and-flagged ones.
    job = _check(importer, sample_bytes)

    assert not [e for e in job.errors if e["line"] == 233]
    (flag,) = [f for f in job.flags if f["code"] == "second_termo"]
    assert (flag["line"], flag["article"]) == (233, "Art. 22 §4")
    assert "linha 8" in flag["message"]


def test_art_69_the_sample_flags_exactly_its_deliberate_flags(
    importer, sample_bytes, deliberate_flags
):
    # Lines 81 (CNH expired), 166 (vehicle age), 233 (second Termo) and 322 (colour) were
    # rejections; Art. 69 keeps those authorizations, so they are flagged instead.
    job = _check(importer, sample_bytes)

    assert {(f["line"], f["column"], f["code"]) for f in job.flags} == deliberate_flags


def test_the_corrected_sample_checks_clean(importer, corrected_bytes):
    job = _check(importer, corrected_bytes)

    assert (job.status, job.errors, job.flags, job.total_rows) == (
        ImportJob.Status.CHECKED, [], [], 500,
    )


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
