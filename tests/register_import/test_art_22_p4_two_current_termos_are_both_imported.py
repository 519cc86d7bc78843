"""Art. 22 §4 with Art. 69: "será outorgada apenas uma autorização para cada taxista" limits
new grants; a holder who has two current Termos keeps both. The import writes both and
flags the second for the clerk; a new application from him is still refused."""

from __future__ import annotations

import pytest
from validate_docbr import CNH

from cases.services.transitions import local_today
from register_import.models import ImportJob
from register_import.services import import_apply, import_check, import_start
from registers.models import Authorization, Driver
from registers.requirements import driver_requirements_unmet
from tests.factories import AuthorizationFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_sample_day")]


def _holder_of_line_2(small_file) -> dict[str, str]:
    cells = small_file(1).decode().splitlines()[1].split(";")
    return {"titular_nome": cells[2], "titular_cpf": cells[3], "titular_cnh": cells[4]}


def _check(importer, content: bytes) -> ImportJob:
    return import_check(job=import_start(actor=importer, file_name="r.csv", content=content))


def test_art_22_p4_a_holder_with_two_current_termos_has_both_imported(importer, small_file):
    job = _check(importer, small_file(4, {4: _holder_of_line_2(small_file)}))

    assert (job.status, job.errors) == (ImportJob.Status.CHECKED, [])
    (flag,) = job.flags
    assert (flag["line"], flag["code"], flag["article"]) == (4, "second_termo", "Art. 22 §4")
    assert "T-0001" in flag["message"] and "linha 2" in flag["message"]

    job = import_apply(job=job, actor=importer)

    holder = Driver.objects.get(authorizations__number="T-0001")
    assert sorted(holder.authorizations.values_list("number", "status")) == [
        ("T-0001", "active"),
        ("T-0003", "active"),
    ]
    assert (job.created, len(job.flags)) == (4, 1)
    # Art. 22 §4 still bars him from a new grant.
    unmet = driver_requirements_unmet(holder, on=local_today())
    assert "Art. 22 §4" in {u.article for u in unmet}


def test_art_22_p4_a_second_termo_of_a_holder_already_in_the_register_is_imported(
    importer, small_file
):
    existing = AuthorizationFactory(predates_law=True)
    holder = existing.holder
    change = {
        "titular_nome": holder.name,
        "titular_cpf": holder.cpf,
        "titular_cnh": holder.cnh_number,
    }
    job = _check(importer, small_file(2, {2: change}))

    assert job.errors == []
    (flag,) = job.flags
    assert flag["code"] == "second_termo" and existing.number in flag["message"]

    import_apply(job=job, actor=importer)

    assert Authorization.objects.filter(holder=holder, status="active").count() == 2


def test_art_22_p4_the_same_cpf_with_another_cnh_is_rejected_as_a_mistyped_holder(
    importer, small_file
):
    holder = _holder_of_line_2(small_file) | {"titular_cnh": CNH().generate()}
    job = _check(importer, small_file(3, {3: holder}))

    (error,) = job.errors
    assert (error["line"], error["code"], error["column"]) == (3, "holder_mismatch", "titular_cnh")
    assert Authorization.objects.count() == 0


def test_art_22_p4_a_register_holder_under_another_cnh_is_no_second_termo(importer, small_file):
    existing = AuthorizationFactory(predates_law=True)
    change = {"titular_cpf": existing.holder.cpf, "titular_cnh": CNH().generate()}
    job = _check(importer, small_file(2, {2: change}))

    assert [(e["line"], e["code"]) for e in job.errors] == [(2, "holder_mismatch")]
    assert job.flags == []
