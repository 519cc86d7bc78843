"""Vehicle substitution services: filing, inspection, decision (Arts. 10 II, 12, 20, 24 IV).

Lock order in this kind, everywhere: the authorization first, then the case (the deadline
handlers of `tracking` do the same), so that a decision and a sweep never deadlock.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from accounts.models import User
from accounts.roles import Role, has_role
from cases.errors import NotPermitted, RegisterMismatch, RuleViolation, StateConflict
from cases.models import Case
from cases.services.documents import document_store, upload_check
from cases.services.transitions import case_open, case_record, case_step, local_today
from law.citations import ART_10, ART_10_II_A, ART_20
from notifications.services import notification_queue
from registers.models import Authorization, Driver, Vehicle
from registers.requirements import requirements_enforce, vehicle_requirements_unmet
from registers.services.vehicles import (
    VehicleData,
    vehicle_data_clean,
    vehicle_register,
    vehicle_save,
)
from workflows.renewal.services import registration_issue
from workflows.steps.guards import holder_authorization_lock
from workflows.steps.inspection import InspectionStep, inspections_call_off
from workflows.steps.review import documents_accepted
from workflows.substitution.models import SubstitutionCase, SubstitutionState
from workflows.substitution.tracking import (
    AGE_DEADLINE,
    COLOUR_CHANGE_ENDS,
    COLOUR_REQUIREMENT,
    IN_FORCE,
    colour_grace_applies,
    substitution_case_in_progress,
    vehicle_deadlines_replace,
    vehicle_is_white,
    vehicle_revocation_hold_release,
)

CRLV_ITEM = "crlv"
CRLV_LABEL = _l("CRLV do novo veículo (Art. 10 II a)")
VEHICLE_SUBSTITUTED = "vehicle_substituted"
INSPECTION_CANCELLED = "inspection_cancelled"
WHITE_COLOUR_ITEM = "white_colour"


def substitution_under_way_check(
    authorization: Authorization, *, article: str
) -> SubstitutionCase | None:
    """One substitution at a time per authorization (Arts. 12, 20, 24 §2): refused while
    another is under way; returns the notice still awaiting the vehicle, if any — the
    case the holder completes."""
    existing = substitution_case_in_progress(authorization)
    if existing is not None and existing.state != SubstitutionState.AWAITING_VEHICLE:
        raise StateConflict(
            _("Já existe um pedido de substituição em andamento para esta autorização: "
              "processo %(number)s.") % {"number": existing.number},
            article=article,
        )
    return existing


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


def _refuse_for_substitution(
    driver: Driver, authorization: Authorization
) -> Callable[[Vehicle], None]:
    """What keeps a registered vehicle from replacing this authorization's (Arts. 4 V, 20)."""

    def refuse(row: Vehicle) -> None:
        if row.pk == authorization.vehicle_id:
            raise RuleViolation(
                _("O veículo %(plate)s já é o veículo desta autorização.")
                % {"plate": row.display_plate},
                article=ART_20,
            )
        if row.owner_id != driver.pk:
            # LGPD: the same answer as any clash with someone else's record (core.errors).
            raise RegisterMismatch(article=ART_10)
        if SubstitutionCase.objects.filter(new_vehicle=row, closed_at__isnull=True).exists():
            raise StateConflict(
                _("O veículo %(plate)s já está em outro pedido de substituição em andamento.")
                % {"plate": row.display_plate},
                article=ART_20,
            )

    return refuse


def substitution_file(
    *,
    actor: User,
    driver: Driver,
    vehicle: VehicleData,
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
    data = vehicle_data_clean(vehicle, today=day)
    if crlv is None:
        raise RuleViolation(_("Anexe o CRLV do novo veículo."), article=ART_10_II_A)
    checked = upload_check(crlv)
    with transaction.atomic(durable=True):
        authorization = holder_authorization_lock(
            driver,
            refusal=_("O taxista não tem autorização em vigor para substituir o veículo."),
            article=ART_20,
            related=("vehicle",),
        )
        existing = substitution_under_way_check(authorization, article=ART_20)
        new_vehicle = vehicle_register(
            data=data, owner=driver, refuse=_refuse_for_substitution(driver, authorization),
            save=False,
        )
        _requirements(new_vehicle, on=day, grace=colour_grace_applies(authorization, on=day))
        white = vehicle_is_white(new_vehicle, on=day)
        # Nothing was written before this line.
        vehicle_save(new_vehicle)
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


def _colour_grace(case: SubstitutionCase) -> frozenset[str]:
    """Within the colour window (Arts. 10 §2 and 70) the white-colour item does not fail
    the vehicle: it was accepted on the condition of being repainted by the window's end."""
    return frozenset({WHITE_COLOUR_ITEM}) if case.colour_grace_until is not None else frozenset()


def _new_vehicle(case: SubstitutionCase) -> Vehicle:
    assert case.new_vehicle is not None
    return case.new_vehicle


INSPECTION = InspectionStep(
    vehicle=_new_vehicle,
    # Art. 20 "inclusão e exclusão": the clerk checks the new vehicle's CRLV first.
    guard=documents_accepted(
        {CRLV_ITEM: CRLV_LABEL},
        article=ART_10_II_A,
        message=_l("Confira e aceite o CRLV do novo veículo antes de agendar a vistoria."),
    ),
    on_scheduled=lambda case, inspection: notification_queue(
        case=case, recipient=case.applicant, template="substitution_inspection",
        context={"inspection": inspection, "vehicle": inspection.vehicle},
    ),
    waives=_colour_grace,
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


def substitution_refusal_notify(locked: SubstitutionCase, *, actor: User, note: str) -> None:
    """The filing does not meet Art. 10 II: closed; the holder may file again."""
    vehicle_revocation_hold_release(case=locked, today=locked.decided_on or local_today())
    _notify_decision(locked, outcome="rejected", note=note)


def substitution_deny(
    *, case: Case, actor: User, note: str = "", today: dt.date | None = None
) -> SubstitutionCase:
    """The Secretaria refuses the substitution (after the inspection)."""
    with transaction.atomic(durable=True):
        day = today or local_today()
        locked = case_step(
            case=case, action="deny", actor=actor, note=note, kwargs={"on": day}
        )
        vehicle_revocation_hold_release(case=locked, today=day)
        _notify_decision(locked, outcome="denied", note=note)
    return locked


def substitution_withdrawal_apply(
    locked: SubstitutionCase, *, actor: User | None, note: str = ""
) -> None:
    """The holder gives up: a booked inspection is called off, and a revocation the filing
    held runs again (Art. 12)."""
    inspections_call_off(locked, actor=actor, note=note)
    vehicle_revocation_hold_release(case=locked, today=local_today())


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
