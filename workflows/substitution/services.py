"""Vehicle substitution services: filing, inspection, decision (Arts. 10 II, 12, 20, 24 IV).

Lock order in this kind, everywhere: the authorization first, then the case (the deadline
handlers of `tracking` do the same), so that a decision and a sweep never deadlock.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import asdict, dataclass

from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.roles import Role, has_role
from cases.errors import NotPermitted, RegisterMismatch, RuleViolation, StateConflict
from cases.models import Case, Document
from cases.services.documents import document_store, upload_check
from cases.services.transitions import case_open, case_record, case_step, local_today
from inspections.models import Inspection
from inspections.services import inspection_cancel, inspection_schedule
from law import inspection as law_inspection
from notifications.services import notification_queue
from registers.models import Authorization, Driver, Vehicle
from registers.requirements import requirements_enforce, vehicle_requirements_unmet
from registers.services import registration_issue
from registers.validators import normalize_plate, normalize_renavam
from workflows.substitution.models import SubstitutionCase, SubstitutionState
from workflows.substitution.tracking import (
    AGE_DEADLINE,
    COLOUR_CHANGE_ENDS,
    COLOUR_REQUIREMENT,
    IN_FORCE,
    colour_grace_applies,
    open_substitution_case,
    vehicle_deadlines_replace,
    vehicle_is_white,
)

ART_4_V = "Art. 4 V"
ART_10_II = "Art. 10 II"
ART_10_II_A = "Art. 10 II a"
ART_11_II = "Art. 11 II"
ART_20 = "Art. 20"
CRLV_ITEM = "crlv"
VEHICLE_SUBSTITUTED = "vehicle_substituted"
INSPECTION_CANCELLED = "inspection_cancelled"
WHITE_COLOUR_ITEM = "white_colour"
OLDEST_YEAR = 1950
"""A sanity bound on the manufacture year typed in; the law's own limit is Art. 11 II."""


@dataclass(frozen=True)
class NewVehicle:
    """The new vehicle's data as its CRLV shows them (Art. 10 II a)."""

    plate: str
    renavam: str
    make: str
    model: str
    manufacture_year: int
    doors: int
    capacity: int
    air_conditioning: bool
    airbag: bool
    colour: str


_TEXT_LIMITS = {"make": 60, "model": 80, "colour": 40}


def _clean(data: NewVehicle, today: dt.date) -> NewVehicle:
    """Normalise and sanity-check the data (registers.validators); the law checks the rest."""
    try:
        plate = normalize_plate(data.plate)
        renavam = normalize_renavam(data.renavam)
    except ValidationError as exc:
        raise RuleViolation(exc.messages[0], article=ART_10_II_A, code=exc.code) from None
    texts = {name: " ".join(str(getattr(data, name) or "").split()) for name in _TEXT_LIMITS}
    if any(not texts[name] or len(texts[name]) > limit for name, limit in _TEXT_LIMITS.items()):
        raise RuleViolation(
            _("Informe a marca, o modelo e a cor do veículo como estão no CRLV."),
            article=ART_10_II_A,
        )
    if not OLDEST_YEAR <= data.manufacture_year <= today.year:
        raise RuleViolation(
            _("Ano de fabricação inválido: %(year)s.") % {"year": data.manufacture_year},
            article=ART_11_II,
        )
    if data.doors < 1 or data.capacity < 1:
        raise RuleViolation(
            _("Informe o número de portas e a lotação do veículo."), article=ART_10_II
        )
    return NewVehicle(
        plate=plate, renavam=renavam, make=texts["make"], model=texts["model"],
        manufacture_year=data.manufacture_year, doors=data.doors, capacity=data.capacity,
        air_conditioning=bool(data.air_conditioning), airbag=bool(data.airbag),
        colour=texts["colour"],
    )


def _requirements(vehicle: Vehicle, *, on: dt.date, grace: bool) -> None:
    """Art. 10 II b-e and Art. 11 II for a vehicle entering service on `on`.

    A vehicle entering service now is not one "in service at the publication": Art. 70's
    age transition does not cover it. The colour is the exception: within the 36 months of
    Arts. 10 §2 and 70 the holder of an authorization existing at the publication may
    bring a vehicle of another colour, to be repainted by their end.
    """
    unmet = vehicle_requirements_unmet(vehicle, on=on)
    if grace:
        unmet = [u for u in unmet if u.article != COLOUR_REQUIREMENT]
    requirements_enforce(unmet)


def _candidate(data: NewVehicle, driver: Driver, authorization: Authorization) -> Vehicle:
    """The register's row for the new vehicle (updated from the CRLV, unsaved) or a new one."""
    matches = list(
        Vehicle.objects.select_for_update().filter(Q(plate=data.plate) | Q(renavam=data.renavam))
    )
    if not matches:
        return Vehicle(owner=driver, **asdict(data))
    row = matches[0]
    if len(matches) > 1 or (row.plate, row.renavam) != (data.plate, data.renavam):
        raise RegisterMismatch()
    if row.pk == authorization.vehicle_id:
        raise RuleViolation(
            _("O veículo %(plate)s já é o veículo desta autorização.")
            % {"plate": row.display_plate},
            article=ART_20,
        )
    if row.owner_id != driver.pk:
        raise RegisterMismatch()
    if Authorization.objects.filter(vehicle=row, status__in=IN_FORCE).exists():
        raise RuleViolation(
            _("O veículo %(plate)s já serve outra autorização.") % {"plate": row.display_plate},
            article=ART_20,
        )
    if SubstitutionCase.objects.filter(new_vehicle=row, closed_at__isnull=True).exists():
        raise StateConflict(
            _("O veículo %(plate)s já está em outro pedido de substituição em andamento.")
            % {"plate": row.display_plate},
            article=ART_20,
        )
    for name, value in asdict(data).items():
        setattr(row, name, value)  # the CRLV filed now is the register's source
    return row


def _vehicle_save(vehicle: Vehicle) -> None:
    try:
        with transaction.atomic():
            vehicle.save()
    except IntegrityError:
        raise StateConflict(
            _("Outro pedido acaba de cadastrar esta placa ou este RENAVAM; confira os dados.")
        ) from None


def substitution_file(
    *,
    actor: User,
    driver: Driver,
    vehicle: NewVehicle,
    crlv: UploadedFile | None,
    note: str = "",
    today: dt.date | None = None,
) -> SubstitutionCase:
    """The holder (portal) or a clerk (counter) files the new vehicle's data and its CRLV.

    Every check runs before anything is written: the CRLV's content (`upload_check`), the
    data (`registers.validators`), the vehicle's requirements on the day (Art. 10 II b-e,
    Art. 11 II; the colour within the window of Arts. 10 §2 and 70), one substitution at a
    time. A notice the system opened for this authorization (`awaiting_vehicle`) is the
    case the filing completes; otherwise a case is opened. The authorization may be
    suspended meanwhile (Art. 24 IV).
    """
    day = today or local_today()
    if not (driver.user_id == actor.pk or has_role(actor, Role.CLERK)):
        raise NotPermitted(
            _("Somente o próprio taxista ou um servidor pode protocolar."), article=ART_20
        )
    data = _clean(vehicle, day)
    if crlv is None:
        raise RuleViolation(_("Anexe o CRLV do novo veículo."), article=ART_10_II_A)
    checked = upload_check(crlv)
    with transaction.atomic(durable=True):
        authorization = (
            Authorization.objects.select_for_update()
            .select_related("vehicle")
            .filter(holder=driver, status__in=IN_FORCE)
            .first()
        )
        if authorization is None:
            raise RuleViolation(
                _("O taxista não tem autorização em vigor para substituir o veículo."),
                article=ART_20,
            )
        existing = open_substitution_case(authorization)
        if existing is not None and existing.state != SubstitutionState.AWAITING_VEHICLE:
            raise StateConflict(
                _("Já existe um pedido de substituição em andamento para esta autorização: "
                  "processo %(number)s.") % {"number": existing.number},
                article=ART_20,
            )
        new_vehicle = _candidate(data, driver, authorization)
        _requirements(new_vehicle, on=day, grace=colour_grace_applies(authorization, on=day))
        white = vehicle_is_white(new_vehicle, on=day)
        # Nothing was written before this line.
        _vehicle_save(new_vehicle)
        case = existing or case_open(
            model=SubstitutionCase,
            actor=actor,
            article=ART_20,
            applicant=driver,
            authorization=authorization,
            old_vehicle=authorization.vehicle,
        )
        case = case_step(
            case=case,
            action="file",
            actor=actor,
            note=note,
            kwargs={
                "new_vehicle": new_vehicle,
                "old_vehicle": authorization.vehicle,
                "colour_grace_until": None if white else COLOUR_CHANGE_ENDS,
            },
            data={
                "plate": data.plate,
                "renavam": data.renavam,
                "manufacture_year": data.manufacture_year,
                "colour": data.colour,
                "replaces": authorization.vehicle.plate,
            },
        )
        document_store(case=case, item=CRLV_ITEM, checked=checked, actor=actor)
    return case


def substitution_schedule_inspection(
    *, case: Case, actor: User, note: str = "", when: dt.datetime, place: str = ""
) -> SubstitutionCase:
    """The clerk, having accepted the CRLV, books the new vehicle's inspection (Art. 20:
    "inclusão e exclusão"); also after a failed inspection, to inspect again."""
    place = " ".join((place or "").split())
    if not place:
        raise RuleViolation(_("Informe o local da vistoria."), article=ART_20)
    if timezone.is_naive(when):
        when = timezone.make_aware(when)

    def guard(locked: SubstitutionCase) -> None:
        if not Document.objects.filter(
            case=locked, item=CRLV_ITEM, review=Document.Review.ACCEPTED
        ).exists():
            raise RuleViolation(
                _("Confira e aceite o CRLV do novo veículo antes de agendar a vistoria."),
                article=ART_10_II_A,
            )

    with transaction.atomic(durable=True):
        locked = case_step(
            case=case, action="schedule_inspection", actor=actor, note=note, guard=guard,
            data={"when": when.isoformat(), "place": place},
        )
        assert locked.new_vehicle is not None and locked.applicant is not None
        inspection = inspection_schedule(
            case=locked, vehicle=locked.new_vehicle, when=when, place=place, actor=actor
        )
        notification_queue(
            case=locked, recipient=locked.applicant, template="substitution_inspection",
            context={"inspection": inspection, "vehicle": locked.new_vehicle},
        )
    return locked


def substitution_inspection_recorded(*, case: Case, inspection: Inspection, actor: User) -> None:
    """The workflow's hook, in the recording transaction: move the case on the result.

    Within the colour window (Arts. 10 §2 and 70) the white-colour item does not fail the
    vehicle: it was accepted on the condition of being repainted by the window's end.
    """
    locked = SubstitutionCase.objects.select_for_update().get(pk=case.pk)
    if (
        locked.state != SubstitutionState.INSPECTION_SCHEDULED
        or inspection.vehicle_id != locked.new_vehicle_id
    ):
        return
    failed = [item.code for item in law_inspection.failed_items(inspection.items)]
    if locked.colour_grace_until is not None:
        failed = [code for code in failed if code != WHITE_COLOUR_ITEM]
    case_step(
        case=locked,
        action="fail_inspection" if failed else "pass_inspection",
        actor=actor,
        note=inspection.notes,
        data={"inspection": inspection.pk, "failed": failed},
    )


def substitution_approve(
    *, case: Case, actor: User, note: str = "", today: dt.date | None = None
) -> SubstitutionCase:
    """The Secretaria puts the inspected vehicle in service (Arts. 17, 18, 20).

    The authorization's vehicle becomes the new one; a new IM is issued for it, valid one
    year from today; the old vehicle's age and colour rows are cancelled and the new
    one's set (Arts. 12, 70); the holder is told.
    """
    day = today or local_today()
    with transaction.atomic(durable=True):
        authorization = Authorization.objects.select_for_update().get(pk=case.authorization_id)

        def guard(locked: SubstitutionCase) -> None:
            if authorization.status not in IN_FORCE:
                raise RuleViolation(
                    _("A autorização %(number)s não está em vigor.")
                    % {"number": authorization.number},
                    article=ART_20,
                )
            assert locked.new_vehicle is not None
            # The day it enters service is the day that counts (a vehicle filed in December
            # may be too old in January).
            _requirements(
                locked.new_vehicle, on=day, grace=colour_grace_applies(authorization, on=day)
            )

        locked = case_step(
            case=case, action="approve", actor=actor, note=note, guard=guard,
            kwargs={"on": day},
        )
        new_vehicle = locked.new_vehicle
        assert new_vehicle is not None
        old_vehicle = authorization.vehicle
        authorization.vehicle = new_vehicle
        authorization.save(update_fields=["vehicle"])
        case_record(
            case=locked, actor=actor, event=VEHICLE_SUBSTITUTED, article=ART_20,
            data={"authorization": authorization.number, "from": old_vehicle.plate,
                  "to": new_vehicle.plate},
        )
        registration = registration_issue(
            authorization=authorization, vehicle=new_vehicle, valid_from=day, actor=actor,
            case=locked,
        )
        rows = vehicle_deadlines_replace(authorization=authorization, today=day)
        age_row = next(row for row in rows if row.kind == AGE_DEADLINE)
        _notify_decision(
            locked, outcome="approved", note=note,
            extra={"registration": registration, "old_vehicle": old_vehicle,
                   "age_last_day": age_row.due_on},
        )
    return locked


def substitution_reject(
    *, case: Case, actor: User, note: str = "", today: dt.date | None = None
) -> SubstitutionCase:
    """The filing does not meet Art. 10 II: closed; the holder may file again."""
    with transaction.atomic(durable=True):
        locked = case_step(
            case=case, action="reject", actor=actor, note=note,
            kwargs={"on": today or local_today()},
        )
        _notify_decision(locked, outcome="rejected", note=note)
    return locked


def substitution_deny(
    *, case: Case, actor: User, note: str = "", today: dt.date | None = None
) -> SubstitutionCase:
    """The Secretaria refuses the substitution (after the inspection)."""
    with transaction.atomic(durable=True):
        locked = case_step(
            case=case, action="deny", actor=actor, note=note,
            kwargs={"on": today or local_today()},
        )
        _notify_decision(locked, outcome="denied", note=note)
    return locked


def substitution_withdraw(*, case: Case, actor: User, note: str = "") -> SubstitutionCase:
    """The holder gives up; a booked inspection is called off."""
    with transaction.atomic(durable=True):
        locked = case_step(case=case, action="withdraw", actor=actor, note=note)
        for inspection in Inspection.objects.filter(
            case=locked, status=Inspection.Status.SCHEDULED
        ):
            inspection_cancel(inspection=inspection, actor=actor)
    return locked


def _notify_decision(
    case: SubstitutionCase, *, outcome: str, note: str, extra: dict[str, object] | None = None
) -> None:
    assert case.applicant is not None
    notification_queue(
        case=case,
        recipient=case.applicant,
        template="substitution_decided",
        context={"outcome": outcome, "note": note, **(extra or {})},
    )
