"""Importing the register that exists today (Arts. 8, 69): check first, then all or nothing.

`import_check` reads and judges every row and writes nothing but the job's report;
`import_apply` writes every row in one transaction or none. Running the same file again
imports nothing twice: a row whose Termo is already registered with the same holder and
vehicle counts as already imported.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from cases.errors import RuleViolation, StateConflict
from cases.services.transitions import local_today
from law.citations import ART_8, ART_18, ART_22_P4, ART_27
from register_import.models import ImportJob, TermoInvitation
from register_import.reading import sheet_read
from register_import.validation import CellError, Person, Row, row_check, rows_cross_check
from registers.models import (
    Authorization,
    AuxiliaryBinding,
    Driver,
    MunicipalRegistration,
    Vehicle,
)
from registers.services.drivers import driver_register
from registers.services.existing import existing_authorization_record
from registers.services.vehicles import VehicleData, vehicle_register

Progress = Callable[[int, int], None]
_IN_FORCE = (Authorization.Status.ACTIVE, Authorization.Status.SUSPENDED)


def import_start(*, actor: User, file_name: str, content: bytes) -> ImportJob:
    """Keep the file for the check and the confirmation (nothing is read yet)."""
    return ImportJob.objects.create(
        file_name=file_name[:200], content=content, created_by=actor
    )


def _rows_read(job: ImportJob, progress: Progress | None) -> tuple[list[Row], list[CellError]]:
    """The file read and each row judged on its own: no row of the register is read."""
    today = local_today()
    sheet = sheet_read(job.file_name, bytes(job.content))
    total = len(sheet.rows)
    job.total_rows, job.done_rows = total, 0
    ImportJob.objects.filter(pk=job.pk).update(total_rows=total, done_rows=0)
    rows: list[Row] = []
    errors: list[CellError] = []
    for index, (line, raw) in enumerate(zip(sheet.lines, sheet.rows, strict=True), start=1):
        row, row_errors = row_check(line, raw, today)
        errors += row_errors
        if row is not None:
            rows.append(row)
        if progress:
            progress(index, total)
    return rows, errors


def _register_conflicts(rows: list[Row]) -> tuple[list[CellError], _Register]:
    """What the register holds against the rows, and between the rows themselves."""
    register = _Register.read(rows)
    errors: list[CellError] = []
    for row in rows:
        errors += register.conflicts(row)
    errors += rows_cross_check(rows)
    return errors, register


def _report(
    job: ImportJob, progress: Progress | None
) -> tuple[list[Row], list[CellError], _Register]:
    rows, errors = _rows_read(job, progress)
    conflicts, register = _register_conflicts(rows)
    errors += conflicts
    errors.sort(key=lambda e: (e.line, e.column))
    return rows, errors, register


def import_check(*, job: ImportJob, progress: Progress | None = None) -> ImportJob:
    """The dry run: every rejection with its cell, rule and article; nothing imported."""
    try:
        rows, errors, register = _report(job, progress)
    except RuleViolation as exc:
        job.status, job.message = ImportJob.Status.REJECTED, str(exc)
        job.errors = []
    else:
        job.errors = [e.as_dict() for e in errors]
        job.already = sum(1 for row in rows if register.already_imported(row))
        job.status = ImportJob.Status.REJECTED if errors else ImportJob.Status.CHECKED
        job.message = ""
    job.finished_at = timezone.now()
    job.done_rows = job.total_rows
    job.save(
        update_fields=[
            "errors", "already", "status", "message", "finished_at", "total_rows", "done_rows",
        ]
    )
    return job


def import_apply(*, job: ImportJob, actor: User, progress: Progress | None = None) -> ImportJob:
    """Write every row, or none: a file that changed since its check is checked again."""
    with transaction.atomic():
        locked = ImportJob.objects.select_for_update().get(pk=job.pk)
        if locked.status != ImportJob.Status.CHECKED:
            raise StateConflict(
                _("Só uma importação conferida e sem erros pode ser confirmada."),
                code="import_not_checked",
            )
        locked.status = ImportJob.Status.IMPORTING
        locked.save(update_fields=["status"])
    stale = RuleViolation(
        _("O cadastro mudou desde a conferência; confira o arquivo de novo."),
        code="import_stale",
    )
    try:
        # The file is read and its rows judged before the write transaction: on the
        # embedded SQLite (transaction_mode IMMEDIATE) a transaction holds the one write
        # lock from its first statement, and every page that writes (a login, a session)
        # waits for it. The lock is held only for the register's check and the writes.
        rows, errors = _rows_read(locked, None)
        if errors:
            raise stale
        with transaction.atomic():
            conflicts, register = _register_conflicts(rows)
            if conflicts:
                raise stale
            created = already = 0
            today = local_today()
            for index, row in enumerate(rows, start=1):
                if register.already_imported(row):
                    already += 1
                else:
                    _write(row, job=locked, actor=actor, today=today)
                    created += 1
                if progress:
                    progress(index, len(rows))
            locked.created, locked.already = created, already
            locked.status = ImportJob.Status.DONE
            locked.finished_at = timezone.now()
            locked.save(update_fields=["created", "already", "status", "finished_at"])
    except RuleViolation as exc:
        ImportJob.objects.filter(pk=locked.pk).update(
            status=ImportJob.Status.FAILED, message=str(exc), finished_at=timezone.now()
        )
        raise
    return locked


def import_progress(job_id: int, done: int, total: int) -> None:
    """Shown by the page's progress bar; written outside the import's transaction."""
    if done == total or done % 25 == 0:
        ImportJob.objects.filter(pk=job_id).update(done_rows=done, total_rows=total)


@dataclass(frozen=True)
class _Register:
    """What the register already holds about the keys a file names: read once per file."""

    termos: dict[str, tuple[str, str]]  # number -> (holder CPF, plate)
    holders_in_force: frozenset[str]
    cnh_owner: dict[str, str]  # CNH -> CPF
    vehicles: dict[str, tuple[str, bool]]  # plate -> (RENAVAM, serves an authorization)
    renavam_plate: dict[str, str]
    im_numbers: frozenset[str]
    bound_auxiliaries: frozenset[str]

    @classmethod
    def read(cls, rows: list[Row]) -> _Register:
        people = [row.holder for row in rows] + [row.auxiliary for row in rows if row.auxiliary]
        plates = [row.plate for row in rows]
        in_force = Authorization.objects.filter(status__in=_IN_FORCE)
        serving = frozenset(
            in_force.filter(vehicle__plate__in=plates).values_list("vehicle__plate", flat=True)
        )
        return cls(
            termos={
                number: (cpf, plate)
                for number, cpf, plate in Authorization.objects.filter(
                    number__in=[row.termo for row in rows]
                ).values_list("number", "holder__cpf", "vehicle__plate")
            },
            holders_in_force=frozenset(
                in_force.filter(holder__cpf__in=[row.holder.cpf for row in rows])
                .values_list("holder__cpf", flat=True)
            ),
            cnh_owner=dict(
                Driver.objects.filter(cnh_number__in=[p.cnh for p in people])
                .values_list("cnh_number", "cpf")
            ),
            vehicles={
                plate: (renavam, plate in serving)
                for plate, renavam in Vehicle.objects.filter(plate__in=plates)
                .values_list("plate", "renavam")
            },
            renavam_plate=dict(
                Vehicle.objects.filter(renavam__in=[row.renavam for row in rows])
                .values_list("renavam", "plate")
            ),
            im_numbers=frozenset(
                MunicipalRegistration.objects.filter(
                    number__in=[row.im_number for row in rows]
                ).values_list("number", flat=True)
            ),
            bound_auxiliaries=frozenset(
                AuxiliaryBinding.objects.filter(
                    ended_on__isnull=True,
                    auxiliary__cpf__in=[row.auxiliary.cpf for row in rows if row.auxiliary],
                ).values_list("auxiliary__cpf", flat=True)
            ),
        )

    def already_imported(self, row: Row) -> bool:
        return self.termos.get(row.termo) == (row.holder.cpf, row.plate)

    def conflicts(self, row: Row) -> list[CellError]:
        """What the register already holds that this row contradicts."""
        if self.already_imported(row):
            return []
        errors: list[CellError] = []

        def fail(column: str, value: str, code: str, message: str, article: str = "") -> None:
            errors.append(CellError(row.line, column, value, code, message, article))

        if row.termo in self.termos:
            fail("termo", row.termo, "termo_taken",
                 _("Já existe um Termo com este número, de outro titular ou veículo."), ART_8)
        if row.holder.cpf in self.holders_in_force:
            fail("titular_cpf", row.holder.cpf, "holder_in_force",
                 _("Este titular já tem uma autorização em vigor."), ART_22_P4)
        for prefix, person in (("titular", row.holder), ("auxiliar", row.auxiliary)):
            if person and self.cnh_owner.get(person.cnh, person.cpf) != person.cpf:
                fail(f"{prefix}_cnh", person.cnh, "cnh_taken",
                     _("Esta CNH está cadastrada com outro CPF."))
        vehicle = self.vehicles.get(row.plate)
        if vehicle and vehicle[0] != row.renavam:
            fail("renavam", row.renavam, "renavam_mismatch",
                 _("O RENAVAM não confere com o do veículo já cadastrado com esta placa."))
        elif self.renavam_plate.get(row.renavam, row.plate) != row.plate:
            fail("renavam", row.renavam, "renavam_taken",
                 _("Este RENAVAM está cadastrado com outra placa."))
        if vehicle and vehicle[1]:
            fail("placa", row.plate, "vehicle_in_service",
                 _("Este veículo já serve a outra autorização em vigor."))
        if row.im_number in self.im_numbers:
            fail("im_numero", row.im_number, "im_taken",
                 _("Já existe uma IM com este número."), ART_18)
        if row.auxiliary and row.auxiliary.cpf in self.bound_auxiliaries:
            fail("auxiliar_cpf", row.auxiliary.cpf, "auxiliary_bound",
                 _("Este auxiliar já está vinculado a outro titular."), ART_27)
        return errors


def _driver(person: Person, *, kind: str) -> Driver:
    existing = Driver.objects.filter(cpf=person.cpf).first()
    if existing is not None:
        return existing
    return driver_register(
        kind=kind,
        data={
            "name": person.name, "cpf": person.cpf, "cnh_number": person.cnh,
            "cnh_category": person.category, "cnh_expires_on": person.cnh_expires_on,
            "address": person.address, "district": person.district, "phone": person.phone,
            "email": person.email, "city": settings.MUNICIPALITY_NAME,
        },
    )


def _write(row: Row, *, job: ImportJob, actor: User, today: dt.date) -> None:
    # Imported here, not at the top: the register's cycles belong to the kinds that run
    # them; the import only starts them, as the issuing of an IM does.
    from workflows.auxiliary.services import auxiliary_existing_record
    from workflows.renewal.cycle import renewal_cycle_start
    from workflows.substitution.tracking import vehicle_deadlines_set

    holder = _driver(row.holder, kind=Driver.Kind.HOLDER)
    vehicle = vehicle_register(
        owner=holder,
        data=VehicleData(
            plate=row.plate, renavam=row.renavam, make=row.make, model=row.model,
            manufacture_year=row.manufacture_year, doors=row.doors, capacity=row.capacity,
            air_conditioning=row.air_conditioning, airbag=True, colour=row.colour,
        ),
    )
    auxiliary = _driver(row.auxiliary, kind=Driver.Kind.AUXILIARY) if row.auxiliary else None
    authorization, registration = existing_authorization_record(
        number=row.termo, holder=holder, vehicle=vehicle, granted_on=row.granted_on,
        registration_number=row.im_number, valid_from=row.im_valid_from,
        valid_until=row.im_valid_until, auxiliary=auxiliary,
    )
    TermoInvitation.objects.create(authorization=authorization, job=job, invited_on=today)
    renewal_cycle_start(registration=registration, actor=actor)
    vehicle_deadlines_set(authorization=authorization, today=today)
    for binding in authorization.auxiliary_bindings.filter(ended_on__isnull=True):
        auxiliary_existing_record(binding=binding, actor=actor)
