"""What the vehicle deadline rows do when they fall due (Arts. 12, 24, 59 V f, 70): remind
the holder, hold the revocation for a substitution filed in time, or open it."""

from __future__ import annotations

import datetime as dt

from django.utils.translation import gettext as _

from cases.models import AuditEvent, Case, Deadline
from cases.services.deadlines import (
    deadline_handler,
)
from cases.services.transitions import case_open, case_record, case_step
from law.i18n import format_date
from notifications.services import notification_queue
from registers.models import IN_FORCE, Authorization
from workflows.revocation.services import revocation_open
from workflows.substitution.models import (
    SubstitutionCase,
    SubstitutionState,
    VehicleDeadline,
)
from workflows.substitution.selectors import substitution_case_in_progress, substitution_filed_on
from workflows.substitution.tracking.common import (
    _TRACKS,
    AGE_DEADLINE,
    AGE_REMINDER,
    COLOUR_DEADLINE,
    COLOUR_REMINDER,
    HELD_EVENT,
    HOLD_ENDED_EVENT,
    REMINDER_EVENT,
    UNDER_REVIEW,
    Purpose,
)
from workflows.substitution.tracking.rows import _lock, _row, _rows_set
from workflows.substitution.tracking.vehicle import vehicle_age_last_day, vehicle_is_white
from workflows.suspension.selectors import suspension_covering


def _link(deadline: Deadline) -> VehicleDeadline:
    return VehicleDeadline.objects.select_related("vehicle").get(deadline=deadline)


def _still_owed(link: VehicleDeadline, authorization: Authorization, today: dt.date) -> bool:
    """Under the authorization's lock: the row's vehicle still serves the authorization in
    force and (for the colour) is still not white."""
    if authorization.status not in IN_FORCE or authorization.vehicle_id != link.vehicle_id:
        return False
    return not (link.purpose == Purpose.COLOUR and vehicle_is_white(link.vehicle, on=today))


def _notice(authorization: Authorization, link: VehicleDeadline) -> SubstitutionCase:
    """The open substitution case of the authorization, or a notice opened for the holder."""
    existing = substitution_case_in_progress(authorization)
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
        authorization=authorization,
        vehicle=link.vehicle,
        purpose=link.purpose,
        days_before__isnull=True,
        deadline__state=Deadline.State.PENDING,
    ).exists()
    if not main_pending:
        return False
    notice = _notice(authorization, link)
    days_left = (link.target_on - today).days
    case_record(
        case=notice,
        actor=None,
        event=REMINDER_EVENT,
        article=deadline.article,
        data={
            "purpose": link.purpose,
            "last_day": link.target_on.isoformat(),
            "days_left": days_left,
            "plate": link.vehicle.plate,
        },
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


def _filed_in_time(authorization: Authorization, last_day: dt.date) -> SubstitutionCase | None:
    """The authorization's substitution under review that was filed by `last_day`."""
    in_progress = substitution_case_in_progress(authorization)
    if in_progress is None or in_progress.state not in UNDER_REVIEW:
        return None
    return in_progress if substitution_filed_on(in_progress) <= last_day else None


def _hold(substitution: SubstitutionCase, link: VehicleDeadline, deadline: Deadline) -> None:
    """Art. 12: the holder filed in time; the revocation waits for the Secretaria's decision."""
    filed_on = substitution_filed_on(substitution)
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
        )
        % params,
        data={
            "deadline": deadline.pk,
            "purpose": link.purpose,
            "last_day": link.target_on.isoformat(),
            "filed_on": filed_on.isoformat(),
        },
    )
    assert substitution.applicant is not None
    notification_queue(
        case=substitution,
        recipient=substitution.applicant,
        template="substitution_revocation_held",
        context={
            "vehicle": link.vehicle,
            "last_day": link.target_on,
            "filed_on": filed_on,
            "article": deadline.article,
            "purpose": link.purpose,
        },
    )


def vehicle_revocation_hold_release(*, case: SubstitutionCase, today: dt.date) -> list[Deadline]:
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
                authorization=case.authorization,
                vehicle=link.vehicle,
                purpose=link.purpose,
                kind=link.deadline.kind,
                label=_("Reverificação após a decisão do pedido %(number)s: veículo %(plate)s")
                % {"number": case.number, "plate": link.vehicle.display_plate},
                due_on=today,
                target_on=link.target_on,
                article=link.deadline.article,
            )
        )
        case_record(
            case=case,
            actor=None,
            event=HOLD_ENDED_EVENT,
            article=link.deadline.article,
            note=_("O pedido não foi deferido: a verificação do prazo de %(day)s volta a correr.")
            % {"day": format_date(link.target_on)},
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
        reason = (
            _(
                "O veículo %(plate)s, fabricado em %(year)d, deveria ter sido substituído até "
                "%(day)s (%(article)s) e continua vinculado à autorização %(authorization)s."
            )
            % params
        )
    else:
        reason = (
            _(
                "O veículo %(plate)s, de cor %(colour)s, deveria estar pintado na cor branca até "
                "%(day)s (Art. 10 §2 e Art. 70) e continua vinculado à autorização "
                "%(authorization)s: descumprimento do Art. 70 (Art. 59 V f)."
            )
            % params
        )
    in_progress = substitution_case_in_progress(authorization)
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
            _rows_set(
                authorization=authorization,
                vehicle=vehicle,
                purpose=Purpose.AGE,
                last_day=last_day,
                article=article,
                today=today,
            )
            return False
    suspension = suspension_covering(authorization, on=today)
    if suspension is not None and suspension.end_on is not None:
        # Art. 24: the vehicle is out of service while the suspension lasts; the check
        # runs again once the authorization is back in service.
        _row(
            authorization=authorization,
            vehicle=vehicle,
            purpose=link.purpose,
            kind=deadline.kind,
            label=_("Reverificação ao fim da suspensão %(number)s (Art. 24): veículo %(plate)s")
            % {"number": suspension.number, "plate": vehicle.display_plate},
            due_on=suspension.end_on,
            target_on=link.target_on,
            article=deadline.article,
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
