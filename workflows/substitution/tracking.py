"""Vehicle age and colour-change deadlines of each authorization (Arts. 10 §2, 12, 59 V f, 70).

For the vehicle that currently serves an authorization in force the registers keep:

- an **age** row (`substitution.vehicle_age`) ending on the last day the vehicle may serve:
  31 December of the year it turns 8 (Art. 12, wording of Lei nº 1.799/2024); for a
  vehicle already in service when the law was published, the later of that day and
  28 July 2026 (Art. 70 transition) — `law.vehicles.age_deadline`;
- for a vehicle that is not white and serves under the transition (an authorization that
  predates the law), a **colour** row (`substitution.colour_change`) ending on 28 July 2026,
  36 months from the publication (Arts. 10 §2 and 70) — `law.vehicles.colour_change_deadline`;
- **reminder** rows 90 and 30 days before each (`REMINDER_DAYS`).

They are `cases.Deadline` rows of the authorization (`authorization=`, no case); a
`VehicleDeadline` names the vehicle each is about, so a handler can tell under the lock
whether that vehicle still serves.

When reminders go out: a row falls due once its day has ended (the sweeper takes rows with
`due_on < today`). A reminder meant to reach the holder when N days remain (the last day
counted, the sending day not) is sent on `last day − N`, so its row ends the day before:
`due_on = last day − N − 1`. For 31/12/2026: sent on 02/10/2026 (90) and 01/12/2026 (30).
A reminder whose sending day has already passed when the rows are set is not written.

What a reminder does: it needs a case to hang the e-mail on (a notification belongs to a
case), and the holder needs something to act on; so the first reminder opens a
substitution case in `awaiting_vehicle` (opened by the system, with the legal last day)
that the holder completes by filing the new vehicle. A later reminder reuses the open
substitution case of the authorization, whatever its state.

What the last day's passing does (the day after it): under the authorization's lock the
handler re-checks that the vehicle still serves the authorization in force (and, for the
colour row, that it is still not white); if so it opens a revocation case —
`revocation_open(article="Art. 12")` for age, `"Art. 59 V f; Art. 70"` for colour — and
closes the notice as lapsed. Otherwise the row is moot. One exception: while a suspension
on request (Art. 24, whatever the ground: theft, destruction, seizure or the substitution
itself, IV) is in effect the vehicle is out of service, so the row is replaced by one
ending on the suspension's last day, and the check runs again when the authorization is
back in service. A substitution filed by the last day and still under review also holds
it: the holder did what Art. 12 asks of him in time, and the Secretaria's review time is
not his (the hold is a `vehicle_revocation_held` entry on the substitution case and a
notice to the holder; when the filing is rejected, denied or withdrawn,
`vehicle_revocation_hold_release` writes a re-check row for the next sweep). A
substitution filed after the last day does not hold it; the revocation's reason names it.

The last days are `law.vehicles.age_deadline` and `colour_change_last_day`: the date the
law names, moved to the next business day when the offices are closed on it (Código Civil
art. 132 §1) — 31/12/2028, a Sunday, ends on 02/01/2029. A day declared closed after the
row was set is caught by the handler, which recomputes the last day under the lock and
moves the row instead of revoking.
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from cases.models import AuditEvent, Case, Deadline
from cases.services.deadlines import (
    deadline_fix,
    deadline_handler,
    deadlines_cancel,
    reminder_due_on,
)
from cases.services.transitions import case_open, case_record, case_step
from law import deadlines as law_deadlines
from law import vehicles as law_vehicles
from law.i18n import format_date
from law.statute import PUBLICATION_DATE
from notifications.services import notification_queue
from registers.models import IN_FORCE, Authorization, Vehicle
from registers.requirements import vehicle_requirements_unmet
from registers.selectors import vehicle_in_service_at_publication
from workflows.revocation.services import revocation_open
from workflows.substitution.models import (
    SubstitutionCase,
    SubstitutionState,
    SubstitutionTrigger,
    VehicleDeadline,
)
from workflows.suspension.selectors import suspension_covering

logger = logging.getLogger(__name__)

AGE_DEADLINE = "substitution.vehicle_age"
AGE_REMINDER = "substitution.vehicle_age_reminder"
COLOUR_DEADLINE = "substitution.colour_change"
COLOUR_REMINDER = "substitution.colour_change_reminder"
VEHICLE_DEADLINE_KINDS = (AGE_DEADLINE, AGE_REMINDER, COLOUR_DEADLINE, COLOUR_REMINDER)
# The rule of law.deadlines each kind's rows are written from.
_KIND_RULES = {
    AGE_DEADLINE: law_deadlines.VEHICLE_AGE_LIMIT,
    AGE_REMINDER: law_deadlines.VEHICLE_DEADLINE_REMINDER,
    COLOUR_DEADLINE: law_deadlines.VEHICLE_COLOUR_CHANGE,
    COLOUR_REMINDER: law_deadlines.VEHICLE_DEADLINE_REMINDER,
}

REMINDER_DAYS = (90, 30)
"""Days before the last day on which the holder is reminded: a season to buy a vehicle,
then a month to finish the substitution or ask for the Art. 24 IV suspension."""

ART_12 = "Art. 12"
ART_12_70 = "Art. 12; Art. 70"
ART_COLOUR = "Art. 10 §2; Art. 70"
ART_COLOUR_REVOCATION = "Art. 59 V f; Art. 70"
COLOUR_REQUIREMENT = "Art. 10, II, e"
"""The article `law.vehicles` gives a vehicle that is not white."""

COLOUR_CHANGE_ENDS = law_vehicles.colour_change_deadline(PUBLICATION_DATE)
"""Arts. 10 §2 and 70: last day of the 36 months to repaint, 28 July 2026."""

REMINDER_EVENT = "vehicle_deadline_reminder"
HELD_EVENT = "vehicle_revocation_held"
HOLD_ENDED_EVENT = "vehicle_revocation_hold_ended"
UNDER_REVIEW = (
    SubstitutionState.FILED,
    SubstitutionState.INSPECTION_SCHEDULED,
    SubstitutionState.INSPECTION_FAILED,
    SubstitutionState.AWAITING_DECISION,
)
Purpose = VehicleDeadline.Purpose


@dataclass(frozen=True)
class _Track:
    deadline_kind: str
    reminder_kind: str
    trigger: str
    notice_article: str
    revocation_article: str


_TRACKS = {
    Purpose.AGE: _Track(AGE_DEADLINE, AGE_REMINDER, SubstitutionTrigger.AGE, ART_12, ART_12),
    Purpose.COLOUR: _Track(
        COLOUR_DEADLINE, COLOUR_REMINDER, SubstitutionTrigger.COLOUR, ART_COLOUR,
        ART_COLOUR_REVOCATION,
    ),
}



# --- What the law says about one vehicle ----------------------------------------------


def vehicle_is_white(vehicle: Vehicle, *, on: dt.date) -> bool:
    """Art. 10 II e, read from the register's colour as the requirements check reads it."""
    return all(
        unmet.article != COLOUR_REQUIREMENT
        for unmet in vehicle_requirements_unmet(vehicle, on=on)
    )


def colour_last_day() -> dt.date:
    """Arts. 10 §2 and 70: 28 July 2026, moved to a business day (Código Civil art. 132 §1)."""
    return law_vehicles.colour_change_last_day(PUBLICATION_DATE)


def colour_grace_applies(authorization: Authorization, *, on: dt.date) -> bool:
    """Arts. 10 §2 and 70: the holder of an authorization existing at the publication has
    36 months from it (until 28 July 2026) to have a white vehicle; a new vehicle of
    another colour may enter service within them and must be repainted by their end."""
    return authorization.predates_law and on <= colour_last_day()


def vehicle_age_last_day(authorization: Authorization, vehicle: Vehicle) -> tuple[dt.date, str]:
    """The last day `vehicle` may serve `authorization`, and the article that sets it.

    The date of Art. 12 (or of the Art. 70 transition, when later), moved to the next
    business day (Código Civil art. 132 §1)."""
    in_service = vehicle_in_service_at_publication(authorization, vehicle)
    year = vehicle.manufacture_year
    last_day = law_vehicles.age_deadline(year, in_service_at_publication=in_service)
    nominal = law_vehicles.nominal_age_deadline(year, in_service_at_publication=in_service)
    if nominal != law_vehicles.must_leave_service_by(year):
        return last_day, ART_12_70
    return last_day, ART_12


# --- Setting the rows -----------------------------------------------------------------


def _lock(authorization_id: int) -> Authorization:
    return Authorization.objects.select_for_update().select_related("vehicle", "holder").get(
        pk=authorization_id
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
            Deadline.State.PENDING, Deadline.State.FAILED, Deadline.State.DONE,
        ],
    ).exists()


def _main_label(purpose: str, vehicle: Vehicle) -> str:
    if purpose == Purpose.AGE:
        return _("Substituição do veículo %(plate)s (fabricado em %(year)d): último dia em "
                 "serviço") % {"plate": vehicle.display_plate, "year": vehicle.manufacture_year}
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
        rule=_KIND_RULES[kind], authorization=authorization, kind=kind, label=label[:200],
        due_on=due_on, article=article,
    )
    VehicleDeadline.objects.create(
        deadline=deadline, authorization=authorization, vehicle=vehicle, purpose=purpose,
        target_on=target_on, days_before=days_before,
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
            authorization=authorization, vehicle=vehicle, purpose=purpose,
            kind=track.deadline_kind, label=_main_label(purpose, vehicle), due_on=last_day,
            target_on=last_day, article=article,
        )
    ]
    for days in REMINDER_DAYS:
        due_on = reminder_due_on(last_day, days)
        if due_on >= today - dt.timedelta(days=1):  # its sending day is today or later
            rows.append(
                _row(
                    authorization=authorization, vehicle=vehicle, purpose=purpose,
                    kind=track.reminder_kind,
                    label=_reminder_label(purpose, vehicle, days, last_day),
                    due_on=due_on, target_on=last_day, article=article, days_before=days,
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
            authorization=locked, vehicle=vehicle, purpose=Purpose.AGE, last_day=last_day,
            article=article, today=today,
        )


def vehicle_colour_deadlines_set(
    *, authorization: Authorization, today: dt.date
) -> list[Deadline]:
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
            authorization=locked, vehicle=vehicle, purpose=Purpose.COLOUR,
            last_day=colour_last_day(), article=ART_COLOUR, today=today,
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


# --- What the rows do -----------------------------------------------------------------


def _link(deadline: Deadline) -> VehicleDeadline:
    return VehicleDeadline.objects.select_related("vehicle").get(deadline=deadline)


def _still_owed(link: VehicleDeadline, authorization: Authorization, today: dt.date) -> bool:
    """Under the authorization's lock: the row's vehicle still serves the authorization in
    force and (for the colour) is still not white."""
    if authorization.status not in IN_FORCE or authorization.vehicle_id != link.vehicle_id:
        return False
    return not (link.purpose == Purpose.COLOUR and vehicle_is_white(link.vehicle, on=today))


def open_substitution_case(authorization: Authorization) -> SubstitutionCase | None:
    """The authorization's substitution case still open, if any (one at a time)."""
    return (
        SubstitutionCase.objects.filter(authorization=authorization, closed_at__isnull=True)
        .order_by("opened_at", "id")
        .first()
    )


def _notice(authorization: Authorization, link: VehicleDeadline) -> SubstitutionCase:
    """The open substitution case of the authorization, or a notice opened for the holder."""
    existing = open_substitution_case(authorization)
    if existing is not None:
        return existing
    track = _TRACKS[Purpose(link.purpose)]
    return case_open(
        model=SubstitutionCase,
        actor=None,
        article=track.notice_article,
        note=_("Aberto pelo sistema: prazo até %(day)s.") % {"day": format_date(link.target_on)},
        applicant=authorization.holder,
        authorization=authorization,
        trigger=track.trigger,
        opened_by_system=True,
        due_on=link.target_on,
        old_vehicle=link.vehicle,
        data={"purpose": link.purpose, "last_day": link.target_on.isoformat()},
    )


def _remind(deadline: Deadline, today: dt.date) -> bool:
    link = _link(deadline)
    authorization = _lock(link.authorization_id)
    if not _still_owed(link, authorization, today):
        return False
    main_pending = VehicleDeadline.objects.filter(
        authorization=authorization, vehicle=link.vehicle, purpose=link.purpose,
        days_before__isnull=True, deadline__state=Deadline.State.PENDING,
    ).exists()
    if not main_pending:
        return False
    notice = _notice(authorization, link)
    days_left = (link.target_on - today).days
    case_record(
        case=notice, actor=None, event=REMINDER_EVENT, article=deadline.article,
        data={"purpose": link.purpose, "last_day": link.target_on.isoformat(),
              "days_left": days_left, "plate": link.vehicle.plate},
    )
    notification_queue(
        case=notice,
        recipient=authorization.holder,
        template="substitution_reminder",
        context={
            "purpose": link.purpose,
            "vehicle": link.vehicle,
            "authorization": authorization,
            "last_day": link.target_on,
            "days_left": days_left,
            "article": deadline.article,
        },
    )
    return True


def _notices_lapse(authorization: Authorization, note: str) -> None:
    for notice in SubstitutionCase.objects.filter(
        authorization=authorization, state=SubstitutionState.AWAITING_VEHICLE
    ):
        case_step(case=notice, action="lapse", actor=None, note=note)


def _filed_on(case: SubstitutionCase) -> dt.date:
    """The local day the holder filed the new vehicle (the `file` step of the timeline)."""
    filed = (
        AuditEvent.objects.filter(case=case, transition="file")
        .order_by("at", "id")
        .values_list("at", flat=True)
        .first()
    )
    return timezone.localtime(filed or case.opened_at).date()


def _filed_in_time(authorization: Authorization, last_day: dt.date) -> SubstitutionCase | None:
    """The authorization's substitution under review that was filed by `last_day`."""
    in_progress = open_substitution_case(authorization)
    if in_progress is None or in_progress.state not in UNDER_REVIEW:
        return None
    return in_progress if _filed_on(in_progress) <= last_day else None


def _hold(
    substitution: SubstitutionCase, link: VehicleDeadline, deadline: Deadline
) -> None:
    """Art. 12: the holder filed in time; the revocation waits for the Secretaria's decision."""
    filed_on = _filed_on(substitution)
    params = {
        "filed": format_date(filed_on),
        "day": format_date(link.target_on),
        "plate": link.vehicle.display_plate,
        "article": deadline.article,
    }
    case_record(
        case=substitution,
        actor=None,
        event=HELD_EVENT,
        article=deadline.article,
        note=_(
            "Pedido protocolado em %(filed)s, dentro do prazo para substituir o veículo "
            "%(plate)s, que terminou em %(day)s (%(article)s): a cassação aguarda a decisão "
            "deste pedido."
        ) % params,
        data={"deadline": deadline.pk, "purpose": link.purpose,
              "last_day": link.target_on.isoformat(), "filed_on": filed_on.isoformat()},
    )
    assert substitution.applicant is not None
    notification_queue(
        case=substitution,
        recipient=substitution.applicant,
        template="substitution_revocation_held",
        context={"vehicle": link.vehicle, "last_day": link.target_on, "filed_on": filed_on,
                 "article": deadline.article, "purpose": link.purpose},
    )


def vehicle_revocation_hold_release(
    *, case: SubstitutionCase, today: dt.date
) -> list[Deadline]:
    """The substitution that held a revocation ended without a new vehicle (rejected,
    denied, withdrawn): the vehicle check runs again at the next sweep (Art. 12).

    In the decision's transaction. Nothing when the case held nothing."""
    rows: list[Deadline] = []
    for event in AuditEvent.objects.filter(case=case, transition=HELD_EVENT).order_by("id"):
        link = VehicleDeadline.objects.select_related("vehicle", "deadline").get(
            deadline_id=event.data["deadline"]
        )
        rows.append(
            _row(
                authorization=case.authorization, vehicle=link.vehicle, purpose=link.purpose,
                kind=link.deadline.kind,
                label=_("Reverificação após a decisão do pedido %(number)s: veículo %(plate)s")
                % {"number": case.number, "plate": link.vehicle.display_plate},
                due_on=today, target_on=link.target_on, article=link.deadline.article,
            )
        )
        case_record(
            case=case, actor=None, event=HOLD_ENDED_EVENT, article=link.deadline.article,
            note=_("O pedido não foi deferido: a verificação do prazo de %(day)s volta a "
                   "correr.") % {"day": format_date(link.target_on)},
            data={"deadline": rows[-1].pk},
        )
    return rows


def _revocation_reason(link: VehicleDeadline, authorization: Authorization) -> str:
    vehicle = link.vehicle
    params = {
        "plate": vehicle.display_plate,
        "year": vehicle.manufacture_year,
        "colour": vehicle.colour,
        "day": format_date(link.target_on),
        "article": link.deadline.article,
        "authorization": authorization.number,
    }
    if link.purpose == Purpose.AGE:
        reason = _(
            "O veículo %(plate)s, fabricado em %(year)d, deveria ter sido substituído até "
            "%(day)s (%(article)s) e continua vinculado à autorização %(authorization)s."
        ) % params
    else:
        reason = _(
            "O veículo %(plate)s, de cor %(colour)s, deveria estar pintado na cor branca até "
            "%(day)s (Art. 10 §2 e Art. 70) e continua vinculado à autorização "
            "%(authorization)s: descumprimento do Art. 70 (Art. 59, V, f)."
        ) % params
    in_progress = open_substitution_case(authorization)
    if in_progress is not None and in_progress.state != SubstitutionState.AWAITING_VEHICLE:
        reason += " " + _("Pedido de substituição em andamento: processo %(number)s.") % {
            "number": in_progress.number
        }
    return reason


def _expire(deadline: Deadline, today: dt.date) -> bool:
    link = _link(deadline)
    authorization = _lock(link.authorization_id)
    vehicle = link.vehicle
    if not _still_owed(link, authorization, today):
        if authorization.status not in IN_FORCE:
            _notices_lapse(authorization, _("A autorização não está mais em vigor."))
        return False
    if link.purpose == Purpose.AGE:
        last_day, article = vehicle_age_last_day(authorization, vehicle)
        if last_day != link.target_on and last_day >= today:
            # The register's manufacture year was corrected after the row was set.
            _rows_set(authorization=authorization, vehicle=vehicle, purpose=Purpose.AGE,
                      last_day=last_day, article=article, today=today)
            return False
    suspension = suspension_covering(authorization, on=today)
    if suspension is not None and suspension.end_on is not None:
        # Art. 24: the vehicle is out of service while the suspension lasts; the check
        # runs again once the authorization is back in service.
        _row(
            authorization=authorization, vehicle=vehicle, purpose=link.purpose,
            kind=deadline.kind,
            label=_("Reverificação ao fim da suspensão %(number)s (Art. 24): veículo %(plate)s")
            % {"number": suspension.number, "plate": vehicle.display_plate},
            due_on=suspension.end_on, target_on=link.target_on, article=deadline.article,
        )
        return False
    substitution = _filed_in_time(authorization, link.target_on)
    if substitution is not None:
        _hold(substitution, link, deadline)
        return True
    track = _TRACKS[Purpose(link.purpose)]
    revocation = revocation_open(
        authorization=authorization,
        article=track.revocation_article,
        reason=_revocation_reason(link, authorization),
        actor=None,
    )
    _notices_lapse(
        authorization,
        _("Prazo encerrado em %(day)s; aberto o processo de cassação %(number)s.")
        % {"day": format_date(link.target_on), "number": revocation.number},
    )
    return True


@deadline_handler(AGE_REMINDER)
def vehicle_age_remind(case: Case | None, deadline: Deadline, today: dt.date) -> bool:
    """Remind the holder that the vehicle must be substituted by its last day (Art. 12)."""
    return _remind(deadline, today)


@deadline_handler(COLOUR_REMINDER)
def colour_change_remind(case: Case | None, deadline: Deadline, today: dt.date) -> bool:
    """Remind the holder that the vehicle must be white by 28 July 2026 (Arts. 10 §2, 70)."""
    return _remind(deadline, today)


@deadline_handler(AGE_DEADLINE)
def vehicle_age_expire(case: Case | None, deadline: Deadline, today: dt.date) -> bool:
    """The vehicle's last day passed and it still serves: revocation (Art. 12)."""
    return _expire(deadline, today)


@deadline_handler(COLOUR_DEADLINE)
def colour_change_expire(case: Case | None, deadline: Deadline, today: dt.date) -> bool:
    """28 July 2026 passed and the vehicle is still not white: revocation (Art. 59 V f)."""
    return _expire(deadline, today)
