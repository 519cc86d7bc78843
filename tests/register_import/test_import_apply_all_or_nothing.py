"""The import itself (Arts. 8, 22 §2, 69): all rows or none, and never twice."""

from __future__ import annotations

import pytest

from cases.errors import RuleViolation, StateConflict
from cases.models import Deadline
from register_import.models import ImportJob, TermoInvitation
from register_import.services import import_apply, import_check, import_start
from registers.models import Authorization, AuxiliaryBinding, Driver, MunicipalRegistration
from tests.factories import AuthorizationFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_sample_day")]


def _import(actor, content: bytes) -> ImportJob:
    job = import_check(job=import_start(actor=actor, file_name="r.csv", content=content))
    return import_apply(job=job, actor=actor)


def test_arts_8_18_69_every_row_of_the_corrected_sample_is_imported_as_pre_existing(
    importer, corrected_bytes
):
    job = _import(importer, corrected_bytes)

    assert (job.status, job.created, job.already) == (ImportJob.Status.DONE, 500, 0)
    # Art. 69: kept as they are, inside the fleet's count and outside its cut.
    assert Authorization.objects.filter(predates_law=True).count() == 500
    assert MunicipalRegistration.objects.count() == 500
    assert AuxiliaryBinding.objects.filter(ended_on__isnull=True).count() == 125
    holder = Driver.objects.get(authorizations__number="T-0004")
    assert holder.auxiliaries.get().kind == Driver.Kind.AUXILIARY
    # Art. 8: each holder is invited to sign the new Termo.
    assert TermoInvitation.objects.filter(signed_on__isnull=True).count() == 500
    # Art. 18: each IM starts its renewal cycle.
    registration = MunicipalRegistration.objects.get(number="IM-2026/00001")
    expiry = Deadline.objects.get(
        authorization=registration.authorization, kind="renewal.expiry",
        state=Deadline.State.PENDING,
    )
    assert expiry.due_on == registration.valid_until

    # The same file again imports nothing twice.
    again = _import(importer, corrected_bytes)

    assert (again.created, again.already) == (0, 500)
    assert Authorization.objects.count() == 500
    assert TermoInvitation.objects.count() == 500


def test_a_conflict_appearing_after_the_check_imports_no_row(importer, corrected_bytes):
    job = import_check(job=import_start(actor=importer, file_name="r.csv", content=corrected_bytes))
    # Between the check and the confirmation someone registers an IM the file also uses.
    AuthorizationFactory().registrations.create(
        number="IM-2026/00300", vehicle=AuthorizationFactory().vehicle,
        valid_from="2026-01-01", valid_until="2026-12-31",
    )
    before = Authorization.objects.count()

    with pytest.raises(RuleViolation):
        import_apply(job=job, actor=importer)

    assert Authorization.objects.count() == before
    assert ImportJob.objects.get(pk=job.pk).status == ImportJob.Status.FAILED


def test_a_rejected_check_cannot_be_confirmed(importer, sample_bytes):
    job = import_check(job=import_start(actor=importer, file_name="r.csv", content=sample_bytes))

    with pytest.raises(StateConflict):
        import_apply(job=job, actor=importer)

    assert Authorization.objects.count() == 0
