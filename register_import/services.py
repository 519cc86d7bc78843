"""Importing the register that exists today (Arts. 8, 69): check first, then all or nothing.

`import_check` reads and judges every row and writes nothing but the job's report;
`import_apply` writes every row in one transaction or none. Running the same file again
imports nothing twice: a row whose Termo is already registered with the same holder and
vehicle counts as already imported.

Art. 69 keeps the current authorizations: a row whose vehicle is past its age or not white,
whose driver's CNH has expired, or whose holder has a second current Termo is imported and
*flagged* (`RowFlag`), never refused. Where the law gives a ground for it the import opens
the revocation process (Art. 12, or Art. 59 V f for Art. 70), in which the holder is
notified and defends himself (Art. 59 §2); nothing is revoked here. The job keeps the flags
(with the process opened for each) for the import's page and its report, and says when the
imported fleet stands above the cap of Art. 22 §2.
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
from law.citations import (
    ART_8,
    ART_12,
    ART_18,
    ART_22_P4,
    ART_27,
    ART_59_V_F_AND_70,
)
from register_import.models import ImportJob, TermoInvitation
from register_import.reading import sheet_read
from register_import.validation import (
    CellError,
    Person,
    Row,
    RowFlag,
    row_check,
    rows_cross_check,
)
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


def _rows_read(
    job: ImportJob, progress: Progress | None
) -> tuple[list[Row], list[CellError], list[RowFlag]]:
    """The file read and each row judged on its own: no row of the register is read."""
    today = local_today()
    sheet = sheet_read(job.file_name, bytes(job.content))
    total = len(sheet.rows)
    job.total_rows, job.done_rows = total, 0
    ImportJob.objects.filter(pk=job.pk).update(total_rows=total, done_rows=0)
    rows: list[Row] = []
    errors: list[CellError] = []
    flags: list[RowFlag] = []
    for index, (line, raw) in enumerate(zip(sheet.lines, sheet.rows, strict=True), start=1):
        row, row_errors, row_flags = row_check(line, raw, today)
        errors += row_errors
        flags += row_flags
        if row is not None:
            rows.append(row)
        if progress:
            progress(index, total)
    return rows, errors, flags


def _register_conflicts(
    rows: list[Row],
) -> tuple[list[CellError], list[RowFlag], _Register]:
    """What the register holds against the rows, and between the rows themselves."""
    register = _Register.read(rows)
    errors: list[CellError] = []
    flags: list[RowFlag] = []
    for row in rows:
        row_errors, row_flags = register.conflicts(row)
        errors += row_errors
        flags += row_flags
    cross_errors, cross_flags = rows_cross_check(rows)
    return errors + cross_errors, flags + cross_flags, register


def _report(
    job: ImportJob, progress: Progress | None
) -> tuple[list[Row], list[CellError], list[RowFlag], _Register]:
    rows, errors, flags = _rows_read(job, progress)
    conflicts, register_flags, register = _register_conflicts(rows)
    errors += conflicts
    errors.sort(key=lambda e: (e.line, e.column))
    # A row rejected for another reason is not imported: its flags would only distract.
    rejected = {e.line for e in errors}
    flags = sorted(
        (f for f in flags + register_flags if f.line not in rejected),
        key=lambda f: (f.line, f.column),
    )
    return rows, errors, flags, register


def _flag_dicts(flags: list[RowFlag]) -> list[dict[str, object]]:
    return [{**flag.as_dict(), "ground": _revocation_ground(flag) or ""} for flag in flags]


def _revocation_ground(flag: RowFlag, *, predates_law: bool | None = None) -> str | None:
    """The article a revocation is opened under for this flag, or None: flag only.

    The same articles the vehicle's own deadlines open it under (`workflows.substitution
    .tracking`), so the sweeper finds the import's process open and does not open another.
    An expired CNH or a second Termo is no ground of Art. 59 V: the clerk acts on the flag.
    A colour failure is Art. 70's only for an authorization existing at the publication.
    """
    if flag.code == "vehicle_age":
        return ART_12
    if flag.code == "vehicle_colour" and predates_law is not False:
        return ART_59_V_F_AND_70
    return None


def _fleet_figures(job: ImportJob, rows: list[Row], register: _Register) -> None:
    """Art. 22 §2: the fleet in force once the new rows are written, against the cap."""
    from workflows.application.selectors import fleet_status

    status = fleet_status(local_today())
    if status is None:
        job.fleet_cap = job.fleet_after = job.fleet_population = None
        return
    new = sum(1 for row in rows if not register.already_imported(row))
    job.fleet_population, job.fleet_cap = status.population, status.cap
    job.fleet_after = status.in_force + new


def import_check(*, job: ImportJob, progress: Progress | None = None) -> ImportJob:
    """The dry run: every rejection with its cell, rule and article; nothing imported."""
    try:
        rows, errors, flags, register = _report(job, progress)
    except RuleViolation as exc:
        job.status, job.message = ImportJob.Status.REJECTED, str(exc)
        job.errors, job.flags = [], []
    else:
        job.errors = [e.as_dict() for e in errors]
        job.flags = _flag_dicts(flags)
        job.already = sum(1 for row in rows if register.already_imported(row))
        job.status = ImportJob.Status.REJECTED if errors else ImportJob.Status.CHECKED
        job.message = ""
        _fleet_figures(job, rows, register)
    job.finished_at = timezone.now()
    job.done_rows = job.total_rows
    job.save(
        update_fields=[
            "errors", "flags", "already", "status", "message", "finished_at", "total_rows",
            "done_rows", "fleet_population", "fleet_cap", "fleet_after",
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
        rows, errors, row_flags = _rows_read(locked, None)
        if errors:
            raise stale
        with transaction.atomic():
            conflicts, register_flags, register = _register_conflicts(rows)
            if conflicts:
                raise stale
            flags_by_line: dict[int, list[RowFlag]] = {}
            for flag in sorted(row_flags + register_flags, key=lambda f: (f.line, f.column)):
                flags_by_line.setdefault(flag.line, []).append(flag)
            _fleet_figures(locked, rows, register)
            created = already = 0
            flagged: list[dict[str, object]] = []
            today = local_today()
            for index, row in enumerate(rows, start=1):
                row_flags_here = flags_by_line.get(row.line, [])
                if register.already_imported(row):
                    already += 1
                    flagged += _flag_dicts(row_flags_here)
                else:
                    authorization = _write(row, job=locked, actor=actor, today=today)
                    flagged += _flags_act(row_flags_here, authorization, job=locked)
                    created += 1
                if progress:
                    progress(index, len(rows))
            locked.created, locked.already = created, already
            locked.flags = flagged
            locked.status = ImportJob.Status.DONE
            locked.finished_at = timezone.now()
            locked.save(
                update_fields=[
                    "created", "already", "flags", "status", "finished_at",
                    "fleet_population", "fleet_cap", "fleet_after",
                ]
            )
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
    holders_in_force: dict[str, str]  # CPF -> number of the Termo in force
    cnh_owner: dict[str, str]  # CNH -> CPF
    cpf_cnh: dict[str, str]  # CPF -> CNH, of the drivers the file names
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
            holders_in_force=dict(
                in_force.filter(holder__cpf__in=[row.holder.cpf for row in rows])
                .values_list("holder__cpf", "number")
            ),
            cnh_owner=dict(
                Driver.objects.filter(cnh_number__in=[p.cnh for p in people])
                .values_list("cnh_number", "cpf")
            ),
            cpf_cnh=dict(
                Driver.objects.filter(cpf__in=[p.cpf for p in people])
                .values_list("cpf", "cnh_number")
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

    def conflicts(self, row: Row) -> tuple[list[CellError], list[RowFlag]]:
        """What the register already holds that this row contradicts, and what it flags."""
        if self.already_imported(row):
            return [], []
        errors: list[CellError] = []
        flags: list[RowFlag] = []

        def fail(column: str, value: str, code: str, message: str, article: str = "") -> None:
            errors.append(CellError(row.line, column, value, code, message, article))

        if row.termo in self.termos:
            fail("termo", row.termo, "termo_taken",
                 _("Já existe um Termo com este número, de outro titular ou veículo."), ART_8)
        if row.holder.cpf in self.holders_in_force:
            # Art. 22 §4 limits new grants; a second current Termo is kept (Art. 69).
            flags.append(RowFlag(
                row.line, "titular_cpf", row.holder.cpf, "second_termo",
                _("O titular já tem a autorização %(number)s em vigor no cadastro: esta "
                  "também é importada e mantida (Art. 69). O limite de uma por taxista vale "
                  "para as novas outorgas.")
                % {"number": self.holders_in_force[row.holder.cpf]}, ART_22_P4,
            ))
        for prefix, person in (("titular", row.holder), ("auxiliar", row.auxiliary)):
            if person and self.cnh_owner.get(person.cnh, person.cpf) != person.cpf:
                fail(f"{prefix}_cnh", person.cnh, "cnh_taken",
                     _("Esta CNH está cadastrada com outro CPF."))
            elif person and self.cpf_cnh.get(person.cpf, person.cnh) != person.cnh:
                # The CNH's register number survives its renewals: another one under this
                # CPF is another person or a mistyped cell, never the same driver.
                fail(f"{prefix}_cnh", person.cnh, "holder_mismatch",
                     _("Este CPF está cadastrado com outra CNH: confira a pessoa."))
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
        return errors, flags


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


def _write(row: Row, *, job: ImportJob, actor: User, today: dt.date) -> Authorization:
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
    return authorization


def _flags_act(
    flags: list[RowFlag], authorization: Authorization, *, job: ImportJob
) -> list[dict[str, object]]:
    """Open the revocation process a flag gives a ground for (Art. 59 §2: the holder is
    notified and defends himself; the mayor decides, §3). The authorization stays in force.
    """
    from workflows.revocation.services import revocation_open

    acted: list[dict[str, object]] = []
    for flag in flags:
        entry = flag.as_dict()
        ground = _revocation_ground(flag, predates_law=authorization.predates_law)
        entry["ground"] = ground or ""
        if ground is not None:
            case = revocation_open(
                authorization=authorization,
                article=ground,
                reason=_(
                    "Importação do cadastro atual (Art. 69), linha %(line)d do arquivo "
                    "%(file)s: %(message)s A autorização é mantida até a decisão deste "
                    "processo, com direito de defesa (Art. 59 §2)."
                ) % {"line": flag.line, "file": job.file_name, "message": flag.message},
                actor=None,
            )
            entry["case"] = case.number
        acted.append(entry)
    return acted
