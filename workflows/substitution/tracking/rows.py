"""Setting the vehicle deadline rows of an authorization (Arts. 10 §2, 12, 70): the last
day and the reminders, replaced when the vehicle changes, backfilled for the register."""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _

from cases.models import Deadline
from cases.services.deadlines import (
    deadline_fix,
    deadlines_cancel,
    reminder_due_on,
)
from law.citations import (
    ART_10_P2_AND_70,
)
from law.i18n import format_date
from registers.models import IN_FORCE, Authorization, Vehicle
from workflows.substitution.models import (
    VehicleDeadline,
)
from workflows.substitution.tracking.common import (
    _KIND_RULES,
    _TRACKS,
    REMINDER_DAYS,
    VEHICLE_DEADLINE_KINDS,
    Purpose,
)
from workflows.substitution.tracking.vehicle import (
    colour_last_day,
    vehicle_age_last_day,
    vehicle_is_white,
)

# The package's name, as before the split: log filters keep matching.
logger = logging.getLogger("workflows.substitution.tracking")


def _lock(authorization_id: int) -> Authorization:
    return (
        Authorization.objects.select_for_update()
        .select_related("vehicle", "holder")
        .get(pk=authorization_id)
    )


def _tracked(authorization: Authorization, vehicle: Vehicle, purpose: str) -> bool:
    """Whether a main row for this vehicle is pending, failed (waiting for a clerk) or
    applied; a cancelled or moot one leaves the vehicle untracked."""
    return VehicleDeadline.objects.filter(
        authorization=authorization,
        vehicle=vehicle,
        purpose=purpose,
        days_before__isnull=True,
        deadline__state__in=[
            Deadline.State.PENDING,
            Deadline.State.FAILED,
            Deadline.State.DONE,
        ],
    ).exists()


def _main_label(purpose: str, vehicle: Vehicle) -> str:
    if purpose == Purpose.AGE:
        return _(
            "Substituição do veículo %(plate)s (fabricado em %(year)d): último dia em serviço"
        ) % {"plate": vehicle.display_plate, "year": vehicle.manufacture_year}
    return _("Pintura na cor branca do veículo %(plate)s (troca de cor): último dia") % {
        "plate": vehicle.display_plate
    }


def _reminder_label(purpose: str, vehicle: Vehicle, days: int, last_day: dt.date) -> str:
    params = {"days": days, "plate": vehicle.display_plate, "day": format_date(last_day)}
    if purpose == Purpose.AGE:
        return _("Aviso de %(days)d dias: substituir o veículo %(plate)s até %(day)s") % params
    return _("Aviso de %(days)d dias: pintar de branco o veículo %(plate)s até %(day)s") % params


def _row(
    *,
    authorization: Authorization,
    vehicle: Vehicle,
    purpose: str,
    kind: str,
    label: str,
    due_on: dt.date,
    target_on: dt.date,
    article: str,
    days_before: int | None = None,
) -> Deadline:
    deadline = deadline_fix(
        rule=_KIND_RULES[kind],
        authorization=authorization,
        kind=kind,
        label=label[:200],
        due_on=due_on,
        article=article,
    )
    VehicleDeadline.objects.create(
        deadline=deadline,
        authorization=authorization,
        vehicle=vehicle,
        purpose=purpose,
        target_on=target_on,
        days_before=days_before,
    )
    return deadline


def _rows_set(
    *,
    authorization: Authorization,
    vehicle: Vehicle,
    purpose: str,
    last_day: dt.date,
    article: str,
    today: dt.date,
) -> list[Deadline]:
    track = _TRACKS[Purpose(purpose)]
    rows = [
        _row(
            authorization=authorization,
            vehicle=vehicle,
            purpose=purpose,
            kind=track.deadline_kind,
            label=_main_label(purpose, vehicle),
            due_on=last_day,
            target_on=last_day,
            article=article,
        )
    ]
    for days in REMINDER_DAYS:
        due_on = reminder_due_on(last_day, days)
        if due_on >= today - dt.timedelta(days=1):  # its sending day is today or later
            rows.append(
                _row(
                    authorization=authorization,
                    vehicle=vehicle,
                    purpose=purpose,
                    kind=track.reminder_kind,
                    label=_reminder_label(purpose, vehicle, days, last_day),
                    due_on=due_on,
                    target_on=last_day,
                    article=article,
                    days_before=days,
                )
            )
    return rows


def vehicle_age_deadlines_set(*, authorization: Authorization, today: dt.date) -> list[Deadline]:
    """Set, once, the age row of the authorization's current vehicle and its reminders.

    Art. 12 (31 December of the year the vehicle turns 8) or, for a vehicle in service at
    the publication, the Art. 70 transition (`vehicle_age_last_day`). In the caller's
    transaction; nothing when the vehicle is already tracked or the authorization is not
    in force. Returns the rows written.
    """
    with transaction.atomic():
        locked = _lock(authorization.pk)
        if locked.status not in IN_FORCE:
            return []
        vehicle = locked.vehicle
        if _tracked(locked, vehicle, Purpose.AGE):
            return []
        last_day, article = vehicle_age_last_day(locked, vehicle)
        return _rows_set(
            authorization=locked,
            vehicle=vehicle,
            purpose=Purpose.AGE,
            last_day=last_day,
            article=article,
            today=today,
        )


def vehicle_colour_deadlines_set(*, authorization: Authorization, today: dt.date) -> list[Deadline]:
    """Set, once, the colour-change row (and reminders) of a vehicle that is not white and
    serves an authorization under the transition (Arts. 10 §2 and 70): its last day is the
    end of the 36 months, 28 July 2026. Nothing for a white vehicle.

    A vehicle that is not white on an authorization granted after the law had no 36 months:
    it should not be in service at all (Art. 10 II e); no row is set for it and
    `vehicle_deadlines_backfill` lists it for a clerk.
    """
    with transaction.atomic():
        locked = _lock(authorization.pk)
        if locked.status not in IN_FORCE or not locked.predates_law:
            return []
        vehicle = locked.vehicle
        if vehicle_is_white(vehicle, on=today) or _tracked(locked, vehicle, Purpose.COLOUR):
            return []
        return _rows_set(
            authorization=locked,
            vehicle=vehicle,
            purpose=Purpose.COLOUR,
            last_day=colour_last_day(),
            article=ART_10_P2_AND_70,
            today=today,
        )


def vehicle_deadlines_set(*, authorization: Authorization, today: dt.date) -> list[Deadline]:
    """Both: what every authorization in force must have for its current vehicle.

    To be called wherever a vehicle starts serving an authorization (grant, transfer,
    substitution) and by `vehicle_deadlines_backfill` for existing data. Idempotent.
    """
    return [
        *vehicle_age_deadlines_set(authorization=authorization, today=today),
        *vehicle_colour_deadlines_set(authorization=authorization, today=today),
    ]


def vehicle_deadlines_replace(*, authorization: Authorization, today: dt.date) -> list[Deadline]:
    """The vehicle changed: the old one's pending rows are cancelled, the new one's set."""
    with transaction.atomic():
        deadlines_cancel(authorization=authorization, kinds=VEHICLE_DEADLINE_KINDS)
        return vehicle_deadlines_set(authorization=authorization, today=today)


@dataclass
class BackfillReport:
    authorizations: int = 0
    rows: int = 0
    irregular: list[str] = field(default_factory=list)
    """Authorization numbers whose vehicle is not white with no transition to cover it."""


def vehicle_deadlines_backfill(*, today: dt.date) -> BackfillReport:
    """Set the vehicle rows of every authorization in force that lacks them.

    For data that existed before this tracking (and as a nightly safety net for any path
    that puts a vehicle in service without calling `vehicle_deadlines_set`). One
    transaction per authorization; running it again writes nothing.
    """
    report = BackfillReport()
    ids = Authorization.objects.filter(status__in=IN_FORCE).order_by("pk")
    for pk in list(ids.values_list("pk", flat=True)):
        with transaction.atomic():
            authorization = _lock(pk)
            if authorization.status not in IN_FORCE:
                continue
            report.rows += len(vehicle_deadlines_set(authorization=authorization, today=today))
            if not authorization.predates_law and not vehicle_is_white(
                authorization.vehicle, on=today
            ):
                report.irregular.append(authorization.number)
        report.authorizations += 1
    if report.irregular:
        logger.warning("vehicles not white without transition: %s", ", ".join(report.irregular))
    return report
