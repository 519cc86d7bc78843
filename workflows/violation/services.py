"""Violation notice (auto de infração), Arts. 42-51 and 53-58: the notice and its clocks.

    issued ──send_notice──▶ notification_sent ──notify (AR recorded)──▶ notified
      │  (system, 60 days: Arts. 46 §1, 53 II) ▶ archived          │  pay ▶ paid
      annul (Art. 53 I) ▶ annulled      (system, Art. 55 I) overdue ◀┤
                                     (system, Art. 63) final ◀───────┘

Penalty assessment (points, escalation) and appeals come with the enforcement chapter.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.roles import Role, has_role
from cases.errors import NotPermitted, RuleViolation, StateConflict, from_law
from cases.models import Case, Deadline
from cases.services.deadlines import (
    deadline_fix,
    deadline_handler,
    deadline_start,
    deadlines_cancel,
)
from cases.services.transitions import case_lock, case_open, case_record, case_step, local_today
from documents.models import OfficialDocument
from documents.notices import fine_notification_issue
from documents.penalties import penalty_of_notice
from documents.services import (
    document_issue,
    infraction_context,
    signer_context,
)
from law import deadlines as law_deadlines
from law import notice as law_notice
from law import vehicles as law_vehicles
from law.errors import LawError
from law.i18n import format_date
from law.infractions import infraction, infraction_citable_against
from law.notice import check_notice_can_be_issued
from law.penalties import (
    Assessment,
    PastInfraction,
    Policy,
    RecidivismScope,
    WarningPolicy,
    assess,
)
from law.points import points_excesses, titular_points_for_auxiliary
from law.statute import PUBLICATION_DATE
from notifications.penalties import penalties_applied_notify
from notifications.post import notice_send
from notifications.services import notification_queue
from registers.models import Authorization, AuxiliaryBinding, Driver, PointRecord, VrteValue
from workflows.authorizations import case_authorization_suspend
from workflows.holds import authorization_release_if_free
from workflows.violation.models import Conductor, PenaltyPeriod, ViolationNotice, ViolationState
from workflows.violation.selectors import current_auxiliary

ART_46_P1 = "Art. 46 §1; Art. 53 II"
ART_41 = "Art. 41"
ART_47 = "Art. 47"
ART_53_I = "Art. 53 I"
ART_55 = "Art. 55 I"
ART_63 = "Art. 63"
NOTIFICATION_LIMIT = "violation.notification_limit"
NOTIFICATION_ARCHIVE = "violation.notification_archive"
PAYMENT = "violation.payment"
APPEAL_WINDOW = "violation.appeal_window"
DECISION_PAYMENT = "violation.decision_payment"
PENALTY_PERIOD_END = "violation.penalty_period_end"
CENTS = Decimal("0.01")


def no_fine_message() -> str:
    """What the payment guide, the payment and the bank's settlement answer for a notice
    without a fine (a written warning instead of it, Art. 59 I)."""
    return _(
        "Este auto aplica advertência escrita (Art. 59 I), sem multa: não há valor a pagar "
        "nem guia de pagamento."
    )


def penalty_policy() -> Policy:
    """The readings of Art. 59 chosen in settings (docs/interpretations.md)."""
    return Policy(
        recidivism_months=settings.RECIDIVISM_WINDOW_MONTHS,
        recidivism_scope=RecidivismScope(settings.RECIDIVISM_SCOPE),
        warning=WarningPolicy(settings.FIRST_OFFENCE_WARNING),
    )


def responsible_driver(notice: ViolationNotice) -> Driver:
    """The identified offender, or the holder when nobody was identified (Art. 50)."""
    driver = notice.offender or notice.applicant
    assert driver is not None
    return driver


def final_history(driver: Driver, *, before: dt.date) -> list[PastInfraction]:
    """The driver's infractions whose penalties stand, for recidivism (Art. 59)."""
    rows = ViolationNotice.objects.filter(
        penalties_applied_on__isnull=False, occurred_at__date__lt=before
    ).exclude(state__in=[ViolationState.OVERTURNED, ViolationState.ANNULLED])
    rows = rows.filter(offender=driver) | rows.filter(offender__isnull=True, applicant=driver)
    found = list(rows.values_list("pk", "item", "occurred_at"))
    # Art. 59 §4: after a XXI/XXII penalty the suspension served is the time to regularize.
    served = dict(
        PenaltyPeriod.objects.filter(
            violation_id__in=[pk for pk, _item, _at in found],
            kind=PenaltyPeriod.Kind.SUSPENSION,
        ).values_list("violation_id", "ends_on")
    )
    return [
        PastInfraction(
            item=item, on=timezone.localtime(at).date(), regularize_until=served.get(pk)
        )
        for pk, item, at in found
    ]


def _colour_grace_until(authorization: Authorization) -> dt.date | None:
    """Arts. 10 §2 and 70: the last day of the repaint period of the taxi, if it has one
    (the authorizations existing at the publication: 28/07/2026, on a business day)."""
    if not authorization.predates_law:
        return None
    return law_vehicles.colour_change_last_day(PUBLICATION_DATE)


def vrte_on(day: dt.date) -> Decimal | None:
    """Art. 54: the VRTE value in force on the date of the infraction."""
    return VrteValue.objects.filter(year=day.year).values_list("value", flat=True).first()


def violations_issue(
    *,
    agent: User,
    authorization: Authorization,
    items: Sequence[str],
    occurred_at: dt.datetime,
    place: str,
    offender: Driver | None = None,
    offender_signed: bool = False,
    description: str = "",
    confirm_duplicate: bool = False,
) -> list[ViolationNotice]:
    """A fiscal agent issues one notice per item infringed (Arts. 47 and 51).

    A notice already issued for the same vehicle, item and minute is most likely the same
    one sent twice (the phone's Back and Submit again): nothing is issued unless the agent
    confirms a second infraction (`confirm_duplicate`; issue 19, item 15)."""
    if not has_role(agent, Role.FISCAL_AGENT):
        raise NotPermitted(
            _("Somente agentes fiscais lavram autos de infração."), article="Art. 41"
        )
    if not items:
        raise RuleViolation(_("Informe ao menos um dispositivo infringido."), article="Art. 47 III")
    if len(set(items)) != len(items):
        raise RuleViolation(_("Cada dispositivo deve ser citado uma vez."), article="Art. 51")
    if not place.strip():
        raise RuleViolation(_("Informe o local da infração."), article="Art. 47 V")
    if occurred_at > timezone.now():
        raise RuleViolation(_("A data e hora da infração estão no futuro."), article="Art. 47 V")
    found_on = timezone.localtime(occurred_at).date()
    try:
        # Arts. 10 §2 and 70: no failure to repaint before the repaint period ends.
        entries = [
            infraction_citable_against(
                item, on=found_on, colour_grace_until=_colour_grace_until(authorization)
            )
            for item in items
        ]
        # Art. 46 §1: the 60 days to notify run from the finding.
        check_notice_can_be_issued(found_on=found_on, on=local_today())
    except LawError as exc:
        raise from_law(exc) from exc
    if (
        offender is not None
        and offender != authorization.holder
        and not (
            AuxiliaryBinding.objects.filter(
                authorization=authorization, auxiliary=offender, ended_on__isnull=True
            ).exists()
        )
    ):
        raise RuleViolation(
            _("O condutor identificado não é o titular nem o auxiliar desta autorização."),
            article="Art. 47 I",
        )
    if not confirm_duplicate:
        _no_twin(authorization, [entry.item for entry in entries], occurred_at)
    issued_on = local_today()
    occurred_on = timezone.localtime(occurred_at).date()
    vrte = vrte_on(occurred_on)
    responsible = offender or authorization.holder
    history = final_history(responsible, before=occurred_on)
    policy = penalty_policy()
    notices = []
    # Not durable: a complaint's conversion issues its notices inside its own transaction.
    with transaction.atomic():
        for entry in entries:
            assessment = assess(item=entry.item, on=occurred_on, history=history, policy=policy)
            case = case_open(
                model=ViolationNotice,
                actor=agent,
                article=ART_47,
                applicant=authorization.holder,
                authorization=authorization,
                item=entry.item,
                offender=offender,
                vehicle=authorization.vehicle,
                place=place,
                occurred_at=occurred_at,
                issued_on=issued_on,
                agent=agent,
                offender_signed=offender_signed,
                description=description,
                fine_vrte=assessment.fine_vrte,
                vrte_value=vrte,
                fine_reais=(assessment.fine_vrte * vrte).quantize(CENTS, rounding=ROUND_HALF_UP)
                if vrte is not None
                else None,
                assessment=_assessment_json(assessment),
                data={"item": entry.item, "articles": list(assessment.articles)},
            )
            deadline_start(
                rule=law_deadlines.NOTIFICATION_LIMIT,
                # Art. 46 §1: the 60 days run from the finding.
                start=occurred_on,
                case=case,
                kind=NOTIFICATION_LIMIT,
                label=_("Prazo para notificar o infrator (senão o auto é arquivado)"),
            )
            document_issue(
                kind=OfficialDocument.Kind.VIOLATION_NOTICE,
                case=case,
                actor=agent,
                context=violation_notice_context(case),
            )
            notices.append(case)
    return notices


def _no_twin(authorization: Authorization, items: Sequence[str], occurred_at: dt.datetime) -> None:
    """Art. 51 gives one notice per infraction: the same plate, item and minute again is
    refused with the notice it repeats, unless the agent confirms it is another."""
    minute = occurred_at.replace(second=0, microsecond=0)
    twins = list(
        ViolationNotice.objects.filter(
            vehicle_id=authorization.vehicle_id,
            item__in=items,
            occurred_at__gte=minute,
            occurred_at__lt=minute + dt.timedelta(minutes=1),
        )
        .exclude(state=ViolationState.ANNULLED)
        .order_by("id")
        .values_list("number", "item")
    )
    if twins:
        raise RuleViolation(
            _(
                "Já foi lavrado o auto %(numbers)s para este veículo, o mesmo dispositivo e o "
                "mesmo minuto (%(when)s). Se é outra infração, confirme para lavrar mais um."
            )
            % {
                "numbers": ", ".join(f"{number} (inciso {item})" for number, item in twins),
                "when": timezone.localtime(minute).strftime("%d/%m/%Y %H:%M"),
            },
            article="Art. 51",
            code="duplicate_notice",
        )


def violation_issue(*, item: str, **kwargs: Any) -> ViolationNotice:
    """One item: see violations_issue."""
    return violations_issue(items=[item], **kwargs)[0]


def _assessment_json(assessment: Assessment) -> dict[str, Any]:
    return {
        "item": assessment.item,
        "group": assessment.group,
        "points": assessment.points,
        "fine_vrte": str(assessment.fine_vrte),
        "recidivist": assessment.recidivist,
        "warning": assessment.warning,
        "suspension_days": assessment.suspension_days,
        "impediment_max_days": assessment.impediment_max_days,
        "revocation": assessment.revocation,
        "articles": list(assessment.articles),
    }


def violation_notice_context(notice: ViolationNotice) -> dict[str, Any]:
    """Every field of Art. 47 for the printed notice."""
    vehicle = notice.vehicle
    agent = notice.agent
    penalty = penalty_of_notice(notice)
    return {
        "holder": {"name": notice.applicant.name if notice.applicant else ""},
        "offender": {"name": notice.offender.name if notice.offender else ""},
        "authorization": {"number": notice.authorization.number if notice.authorization else ""},
        "infraction": infraction_context(notice.item),
        "vehicle": {
            "plate": vehicle.display_plate,
            "make": vehicle.make,
            "model": vehicle.model,
            "colour": vehicle.colour,
        },
        "place": notice.place,
        "occurred_at": notice.occurred_at,
        "agent": signer_context(agent),
        "description": notice.description,
        "points": notice.assessment.get("points"),
        # Art. 59 I: a warning given instead of the fine prints no "Multa: 0,00 VRTE" row.
        "fine_vrte": notice.fine_vrte if penalty.has_fine else None,
        "penalty": penalty.lines,
        "offender_signed": notice.offender_signed,
        "issued_on": notice.issued_on,
    }


def violation_send_notice(*, case: Case, actor: User, note: str = "") -> ViolationNotice:
    """Art. 46: the registered letter with AR (and an e-mail copy) goes out."""
    with transaction.atomic(durable=True):
        locked = case_step(case=case, action="send_notice", actor=actor, note=note)
        assert locked.applicant is not None
        notice_send(
            case=locked,
            recipient=locked.applicant,
            template="violation_notice",
            context={"notice": locked, "infraction": infraction(locked.item)},
            actor=actor,
            # Arts. 55 I and 63: the clocks its receipt starts, said on the letter.
            starts=[law_deadlines.PAYMENT, law_deadlines.APPEAL]
            if penalty_of_notice(locked, with_periods=False).has_fine
            else [law_deadlines.APPEAL],
        )
        fine_notification_issue(notice=locked, actor=actor)  # Art. 46: in the same envelope
    return locked


def _delivered_on(notice: ViolationNotice) -> dt.date | None:
    """The delivery (or visit, Art. 46 §2) date on the notice's latest AR."""
    from notifications.models import Notification

    row = (
        Notification.objects.filter(case=notice, legal=True)
        .exclude(delivered_on__isnull=True, visit_on__isnull=True)
        .order_by("-id")
        .values_list("delivered_on", "visit_on")
        .first()
    )
    return (row[0] or row[1]) if row else None


def violation_notice_received(*, case: Case, received_on: dt.date, actor: User | None) -> None:
    """The AR's date that counts was recorded: the payment and appeal clocks start.

    Arts. 46 §1 and 53 II: the notice counts as notified on the delivery date on the AR. An
    AR recorded after the sweeper archived the notice, whose delivery date is within the 60
    days from the finding, re-opens it (timeline `reopen_notified`); one delivered after
    them leaves it archived, with a timeline entry saying why.
    """
    current = ViolationNotice.objects.select_for_update().get(pk=case.pk)
    if current.state == ViolationState.ARCHIVED:
        found_on = timezone.localtime(current.occurred_at).date()
        delivered = _delivered_on(current) or received_on
        limit = law_deadlines.notification_limit(found_on)
        if not law_notice.delivered_in_time(found_on=found_on, delivered_on=delivered):
            case_record(
                case=current, actor=actor, event="ar_after_limit", article=ART_46_P1,
                note=_("AR com entrega em %(day)s, depois do prazo de 60 dias que terminou em "
                       "%(limit)s: o auto continua arquivado.")
                % {"day": delivered.strftime("%d/%m/%Y"), "limit": limit.strftime("%d/%m/%Y")},
            )
            return
        locked = case_step(
            case=current, action="reopen_notified", actor=actor, authorized_by_caller=True,
            kwargs={"received_on": received_on},
            note=_("O AR mostra entrega em %(day)s, dentro do prazo de 60 dias que terminou em "
                   "%(limit)s: o arquivamento é desfeito e os prazos correm do recebimento.")
            % {"day": delivered.strftime("%d/%m/%Y"), "limit": limit.strftime("%d/%m/%Y")},
            data={"received_on": received_on.isoformat(), "delivered_on": delivered.isoformat()},
        )
    else:
        # The caller (the AR's or the personal delivery's service) checked who records it.
        locked = case_step(
            case=current,
            action="notify",
            actor=actor,
            kwargs={"received_on": received_on},
            data={"received_on": received_on.isoformat()},
            authorized_by_caller=True,
        )
    deadlines_cancel(case=locked, kinds=[NOTIFICATION_LIMIT, NOTIFICATION_ARCHIVE])
    penalty = penalty_of_notice(locked, with_periods=False)
    # Art. 59 I: a written warning given instead of the fine has no payment clock.
    payment_due = (
        deadline_start(
            rule=law_deadlines.PAYMENT, start=received_on, case=locked, kind=PAYMENT,
            label=_("Pagamento da multa"),
        ).due_on
        if penalty.has_fine
        else None
    )
    appeal_due = deadline_start(
        rule=law_deadlines.APPEAL, start=received_on, case=locked, kind=APPEAL_WINDOW,
        label=_("Prazo de recurso"),
    ).due_on
    assert locked.applicant is not None
    notification_queue(
        case=locked,
        recipient=locked.applicant,
        template="violation_received",
        context={
            "notice": locked,
            "received_on": received_on,
            "payment_due": payment_due,
            "appeal_due": appeal_due,
            "penalty": penalty,
            "payment_keeps_appeal": not settings.PAYMENT_ENDS_APPEAL,
        },
    )


def violation_annul(*, case: Case, actor: User, note: str = "") -> ViolationNotice:
    """Art. 53 I: the notice is annulled as inconsistent or irregular. Its clocks stop with
    it — the time to notify, to pay, to appeal (issue 19, item 15)."""
    with transaction.atomic(durable=True):
        locked = case_step(case=case, action="annul", actor=actor, note=note)
        deadlines_cancel(case=locked)
    return locked


def violation_pay(
    *, case: Case, actor: User, note: str = "", paid_on: dt.date | None = None
) -> ViolationNotice:
    """The fine was paid (Art. 55).

    Within the appeal window, by default, the payment is recorded and the window stays open
    (Art. 63): paying does not silently give up the appeal; the penalty stands when the
    window closes without one, and an appeal granted afterwards records the refund owed.
    With `settings.PAYMENT_ENDS_APPEAL` (the other reading), paying accepts the penalty,
    which stands at once. After the window (overdue and final, or upheld), paying closes
    the case.
    """
    day = paid_on or local_today()
    if day > local_today():
        raise RuleViolation(_("A data do pagamento está no futuro."))
    with transaction.atomic(durable=True):
        current = ViolationNotice.objects.select_for_update().get(pk=case.pk)
        if not penalty_of_notice(current, with_periods=False).has_fine:
            raise StateConflict(no_fine_message(), code="no_fine", article="Art. 59 I")
        keeps_appeal = (
            not settings.PAYMENT_ENDS_APPEAL
            and current.state in (ViolationState.NOTIFIED, ViolationState.OVERDUE)
            and current.received_on is not None
            and day <= appeal_window_closes(current)
        )
        if keeps_appeal:
            closes = appeal_window_closes(current)
            locked = case_step(
                case=current, action="pay_keeping_appeal", actor=actor,
                note=note or _("Pagamento registrado; o prazo de recurso segue aberto até "
                               "%(day)s (Art. 63).") % {"day": closes.strftime("%d/%m/%Y")},
                kwargs={"paid_on": day},
                data={"paid_on": day.isoformat(), "appeal_until": closes.isoformat()},
            )
            deadlines_cancel(case=locked, kinds=[PAYMENT])
            return locked
        locked = case_step(case=current, action="pay", actor=actor, note=note,
                           kwargs={"paid_on": day})
        deadlines_cancel(case=locked, kinds=[PAYMENT, APPEAL_WINDOW, DECISION_PAYMENT])
        violation_penalties_apply(notice=locked, today=local_today(), actor=actor)
    return locked


@deadline_handler(NOTIFICATION_LIMIT)
def _notification_limit_passed(case: Case, deadline: Deadline, today: dt.date) -> bool:
    """The 60 days passed without an AR on file. Letters still in the post may have been
    delivered in time: the archive waits `settings.NOTICE_ARCHIVE_GRACE_DAYS` for them."""
    locked = case_lock(case)
    if locked.state not in (ViolationState.ISSUED, ViolationState.NOTIFICATION_SENT):
        return False
    grace = settings.NOTICE_ARCHIVE_GRACE_DAYS
    if grace <= 0 or locked.state == ViolationState.ISSUED:
        return _archive_unnotified(locked, deadline, today)
    deadline_fix(
        rule=law_deadlines.NOTIFICATION_ARCHIVE_GRACE,
        case=locked,
        kind=NOTIFICATION_ARCHIVE,
        label=_("Arquivamento se o AR não mostrar entrega até %(day)s")
        % {"day": deadline.due_on.strftime("%d/%m/%Y")},
        due_on=deadline.due_on + dt.timedelta(days=grace),
    )
    case_record(
        case=locked, actor=None, event="awaiting_ar", article=ART_46_P1,
        note=_("Prazo para notificar encerrado em %(day)s sem AR registrado; aguardando os ARs "
               "ainda no correio por %(grace)d dias antes de arquivar.")
        % {"day": deadline.due_on.strftime("%d/%m/%Y"), "grace": grace},
    )
    return True


@deadline_handler(NOTIFICATION_ARCHIVE)
def _archive_after_grace(case: Case, deadline: Deadline, today: dt.date) -> bool:
    locked = case_lock(case)
    if locked.state not in (ViolationState.ISSUED, ViolationState.NOTIFICATION_SENT):
        return False
    return _archive_unnotified(locked, deadline, today)


def _archive_unnotified(locked: ViolationNotice, deadline: Deadline, today: dt.date) -> bool:
    limit = law_deadlines.notification_limit(timezone.localtime(locked.occurred_at).date())
    case_step(
        case=locked,
        action="archive",
        actor=None,
        note=_("Infrator não notificado até %(day)s.")
        % {"day": format_date(limit)},
    )
    return True


@deadline_handler(PAYMENT)
def _payment_overdue(case: Case, deadline: Deadline, today: dt.date) -> bool:
    locked = case_lock(case)
    if locked.state != ViolationState.NOTIFIED:
        return False
    case_step(case=locked, action="fall_overdue", actor=None)
    return True


@deadline_handler(APPEAL_WINDOW)
def _appeal_window_closed(case: Case, deadline: Deadline, today: dt.date) -> bool:
    locked = case_lock(case)
    if locked.state == ViolationState.PAID_APPEAL_OPEN:
        case_step(case=locked, action="close_appeal_window_paid", actor=None)
        violation_penalties_apply(notice=locked, today=today, actor=None)
        return True
    if locked.state not in (ViolationState.NOTIFIED, ViolationState.OVERDUE):
        return False
    case_step(case=locked, action="close_appeal_window", actor=None)
    violation_penalties_apply(notice=locked, today=today, actor=None)
    return True


# --- Penalties (Arts. 49, 50, 56, 59) ------------------------------------------------


def violation_penalties_apply(
    *, notice: ViolationNotice, today: dt.date, actor: User | None
) -> None:
    """The penalty stands: points on the record, suspension or impediment served, and the
    revocation grounds checked. Idempotent: applied once per notice."""
    from workflows.revocation.services import revocation_open

    locked = case_lock(notice)
    if locked.penalties_applied_on is not None:
        return
    assessment = locked.assessment
    occurred_on = timezone.localtime(locked.occurred_at).date()
    authorization = locked.authorization
    assert authorization is not None and locked.applicant is not None
    holder = locked.applicant
    points = Decimal(assessment.get("points", 0))
    affected: list[Driver] = []
    if locked.offender is not None and locked.offender != holder:
        # Art. 49: the auxiliary's record gets the points, the holder's half of them.
        PointRecord.objects.create(
            driver=locked.offender,
            violation=locked,
            on=occurred_on,
            points=points,
            article="Art. 49; Art. 56",
        )
        PointRecord.objects.create(
            driver=holder,
            violation=locked,
            on=occurred_on,
            points=titular_points_for_auxiliary(points),
            article="Art. 49",
        )
        affected = [locked.offender, holder]
    else:
        article = "Art. 56" if locked.offender is not None else "Art. 50 parágrafo único"
        PointRecord.objects.create(
            driver=holder, violation=locked, on=occurred_on, points=points, article=article
        )
        affected = [holder]
    case_record(
        case=locked,
        actor=actor,
        event="penalties_applied",
        article="; ".join(assessment.get("articles", [])),
        data=assessment,
    )

    # Arts. 27 §1 and 59: the auxiliary who committed it serves it on his own authorization.
    serving = locked.offender if locked.offender not in (None, holder) else None
    start = today
    for kind, days, rule in (
        (PenaltyPeriod.Kind.SUSPENSION, assessment.get("suspension_days", 0),
         law_deadlines.PENALTY_SUSPENSION),
        (PenaltyPeriod.Kind.IMPEDIMENT, assessment.get("impediment_max_days", 0),
         law_deadlines.PENALTY_IMPEDIMENT),
    ):
        if not days:
            continue
        # Art. 59 IV a: the impediment is of the vehicle, whoever drove it — the taxi stops
        # with its holder too. Only the suspension (III) is the auxiliary's own (Art. 27 §1).
        on_auxiliary = serving if kind == PenaltyPeriod.Kind.SUSPENSION else None
        period = PenaltyPeriod.objects.create(
            violation=locked,
            authorization=authorization,
            auxiliary=on_auxiliary,
            kind=kind,
            starts_on=start,
            ends_on=law_deadlines.due_date(rule, start, length=days),
        )
        if on_auxiliary is not None:
            case_record(
                case=locked,
                actor=actor,
                event="auxiliary_suspended",
                article=f"{rule.article}; Art. 27 §1",
                note=_(
                    "%(what)s cumprida pelo auxiliar %(name)s na sua própria autorização, de "
                    "%(start)s a %(end)s; o Termo %(authorization)s do titular segue em vigor."
                )
                % {
                    "what": period.get_kind_display(),
                    "name": on_auxiliary.name,
                    "start": period.starts_on.strftime("%d/%m/%Y"),
                    "end": period.ends_on.strftime("%d/%m/%Y"),
                    "authorization": authorization.number,
                },
                data={"period": period.pk, "auxiliary": on_auxiliary.pk, "kind": kind},
            )
        elif authorization.status in (
            Authorization.Status.ACTIVE, Authorization.Status.SUSPENDED
        ):
            case_authorization_suspend(
                authorization=authorization, case=locked, actor=actor, article=rule.article
            )
        deadline_start(
            rule=rule, start=start, length=days, case=locked, kind=PENALTY_PERIOD_END,
            label=str(period),
        )

    if assessment.get("revocation"):
        revocation_open(
            authorization=authorization,
            auxiliary=serving,
            article="Art. 59 V a",
            reason=_("Reincidência no inciso %(item)s do Art. 58 (auto %(n)s).")
            % {"item": locked.item, "n": locked.number},
        )
    for driver in affected:
        record = list(PointRecord.objects.filter(driver=driver).values_list("on", "points"))
        # Art. 59 V d-e: the windows ending at each infraction date that hold this one.
        excesses = points_excesses(record, today, involving=occurred_on)
        if excesses:
            revocation_open(
                auxiliary=driver if driver != holder else None,
                authorization=authorization,
                article="; ".join(excess.article for excess in excesses),
                reason="; ".join(
                    _(
                        "%(name)s somou %(points)s pontos entre %(first)s e %(last)s, mais "
                        "que os %(limit)d de %(article)s (auto %(n)s)."
                    )
                    % {
                        "name": driver.name,
                        "points": f"{excess.points.normalize():f}".replace(".", ","),
                        "first": excess.first_day.strftime("%d/%m/%Y"),
                        "last": excess.last_day.strftime("%d/%m/%Y"),
                        "limit": excess.limit,
                        "article": excess.article,
                        "n": locked.number,
                    }
                    for excess in excesses
                ),
            )
    locked.penalties_applied_on = today
    locked.save(update_fields=["penalties_applied_on"])
    penalties_applied_notify(notice=locked)  # the dates of what starts today
    if settings.RECIDIVISM_REASSESS_ON_FINAL:
        _recidivism_reassess_after(locked, actor=actor)


REASSESSABLE = (
    ViolationState.ISSUED,
    ViolationState.NOTIFICATION_SENT,
    ViolationState.NOTIFIED,
    ViolationState.OVERDUE,
    ViolationState.APPEALED,
    ViolationState.PAID_APPEAL_OPEN,
)


def _recidivism_reassess_after(final: ViolationNotice, *, actor: User | None) -> None:
    """`RECIDIVISM_REASSESS_ON_FINAL` (Art. 59 §1): an earlier infraction just became final;
    the same driver's later notices whose penalty does not stand yet are assessed again
    against the history as it is now, each change written on its timeline."""
    driver = responsible_driver(final)
    later = ViolationNotice.objects.select_for_update().filter(
        occurred_at__gt=final.occurred_at, penalties_applied_on__isnull=True,
        state__in=REASSESSABLE,
    )
    later = later.filter(offender=driver) | later.filter(offender__isnull=True, applicant=driver)
    policy = penalty_policy()
    for notice in later.order_by("occurred_at", "id"):
        occurred_on = timezone.localtime(notice.occurred_at).date()
        assessment = assess(
            item=notice.item, on=occurred_on,
            history=final_history(driver, before=occurred_on), policy=policy,
        )
        fresh = _assessment_json(assessment)
        if fresh == notice.assessment:
            continue
        before = {"fine_vrte": str(notice.fine_vrte),
                  "recidivist": notice.assessment.get("recidivist", False)}
        notice.assessment = fresh
        notice.fine_vrte = assessment.fine_vrte
        if notice.vrte_value is not None:
            notice.fine_reais = (assessment.fine_vrte * notice.vrte_value).quantize(
                CENTS, rounding=ROUND_HALF_UP
            )
        notice.save(update_fields=["assessment", "fine_vrte", "fine_reais"])
        case_record(
            case=notice, actor=actor, event="recidivism_reassessed", article="Art. 59 §1",
            note=_("O auto %(number)s tornou-se definitivo: penalidades apuradas de novo "
                   "(multa de %(fine)s VRTE).")
            % {"number": final.number, "fine": assessment.fine_vrte},
            data={"final": final.number, "before": before,
                  "after": {"fine_vrte": str(assessment.fine_vrte),
                            "recidivist": assessment.recidivist}},
        )


@deadline_handler(PENALTY_PERIOD_END)
def _penalty_period_end(case: Case | None, deadline: Deadline, today: dt.date) -> bool:
    """The suspension or impediment has been served; the taxi returns when nothing else
    holds it (Art. 59 III, IV)."""
    assert case is not None
    ended = 0
    for period in PenaltyPeriod.objects.select_for_update().filter(
        violation_id=case.pk, ended_on__isnull=True, ends_on__lt=today
    ):
        period.ended_on = period.ends_on
        period.save(update_fields=["ended_on"])
        ended += 1
    if not ended:
        return False
    notice = ViolationNotice.objects.get(pk=case.pk)
    assert notice.authorization is not None
    authorization_release_if_free(
        authorization=notice.authorization, case=notice, actor=None, article="Art. 59", today=today
    )
    return True


def penalty_impediment_lift(*, period: PenaltyPeriod, actor: User, note: str) -> PenaltyPeriod:
    """Art. 59 IV a: the vehicle may return before the end once the problem is fixed."""
    if not has_role(actor, Role.CLERK, Role.FISCAL_AGENT):
        raise NotPermitted(
            _("Somente servidores ou agentes fiscais liberam o veículo."), article="Art. 59 IV a"
        )
    if not note.strip():
        raise RuleViolation(_("Descreva como o problema foi sanado."), article="Art. 59 IV a")
    today = local_today()
    with transaction.atomic(durable=True):
        row = PenaltyPeriod.objects.select_for_update().get(pk=period.pk)
        if row.kind != PenaltyPeriod.Kind.IMPEDIMENT or row.ended_on is not None:
            raise StateConflict(_("Este impedimento não está em curso."))
        row.ended_on = today
        row.save(update_fields=["ended_on"])
        notice = ViolationNotice.objects.get(pk=row.violation_id)
        case_record(
            case=notice, actor=actor, event="impediment_lifted", note=note, article="Art. 59 IV a"
        )
        authorization_release_if_free(
            authorization=row.authorization,
            case=notice,
            actor=actor,
            article="Art. 59 IV a",
            today=today,
        )
    return row


# --- Appeals (Arts. 55 II, 63) --------------------------------------------------------


def appeal_window_closes(notice: ViolationNotice) -> dt.date:
    """Art. 63: the last day to appeal — as computed with today's calendar, or the day the
    window's row was moved to, if later (a calendar act never shortens a running window)."""
    assert notice.received_on is not None
    computed = law_deadlines.appeal_deadline(notice.received_on)
    row = (
        Deadline.objects.filter(case=notice, kind=APPEAL_WINDOW)
        .order_by("-due_on")
        .values_list("due_on", flat=True)
        .first()
    )
    return max(computed, row) if row is not None else computed


def violation_appeal_filed(*, case: Case, actor: User | None, filed_on: dt.date) -> None:
    """In the appeal's filing transaction: refused after the window; suspends the penalty
    until judged (Art. 63 §1) — the payment and window clocks stop."""
    locked = ViolationNotice.objects.select_for_update().get(pk=case.pk)
    if locked.received_on is None:
        raise StateConflict(_("O auto ainda não foi notificado; não há prazo de recurso."))
    closes = appeal_window_closes(locked)
    if filed_on > closes:
        raise RuleViolation(
            _("Recurso fora do prazo: o prazo terminou em %(day)s.")
            % {"day": format_date(closes)},
            article=ART_63,
            code="appeal_late",
        )
    case_step(case=locked, action="appeal", actor=actor, authorized_by_caller=True)
    deadlines_cancel(case=locked, kinds=[PAYMENT, APPEAL_WINDOW])


def violation_appeal_decided(
    *,
    case: Case,
    actor: User | None,
    granted: bool,
    fine_vrte: Decimal | None = None,
    note: str = "",
) -> ViolationNotice:
    """In the decision's transaction: overturned, or upheld (in part: a new fine) — then
    the penalty stands from the judgment (Art. 63 §1)."""
    locked = ViolationNotice.objects.select_for_update().get(pk=case.pk)
    if granted:
        overturned = case_step(
            case=locked, action="overturn", actor=actor, note=note, authorized_by_caller=True
        )
        _refund_record(overturned, actor)
        return overturned
    fine = locked.fine_vrte if fine_vrte is None else fine_vrte
    if fine < 0 or fine > locked.fine_vrte:
        raise RuleViolation(_("A multa mantida deve estar entre zero e a multa aplicada."))
    reais = (
        (fine * locked.vrte_value).quantize(CENTS, rounding=ROUND_HALF_UP)
        if locked.vrte_value
        else None
    )
    upheld = case_step(
        case=locked,
        action="uphold",
        actor=actor,
        note=note,
        kwargs={"fine_vrte": fine, "fine_reais": reais},
        authorized_by_caller=True,
    )
    violation_penalties_apply(notice=upheld, today=local_today(), actor=actor)
    if upheld.paid_on is None and not penalty_of_notice(upheld, with_periods=False).has_fine:
        # Art. 59 I: a warning kept has no fine to pay after the decision (Art. 55 II).
        return case_step(
            case=upheld, action="close_upheld_warning", actor=actor, authorized_by_caller=True
        )
    if upheld.paid_on is not None:
        # Paid before appealing (Art. 63): nothing is left to pay after the decision.
        _refund_record(upheld, actor)
        upheld = case_step(
            case=upheld, action="settle_paid_before_appeal", actor=actor,
            authorized_by_caller=True,
            note=_("Multa já paga em %(day)s.") % {"day": upheld.paid_on.strftime("%d/%m/%Y")},
        )
        deadlines_cancel(case=upheld, kinds=[DECISION_PAYMENT])
    return upheld


def _refund_record(notice: ViolationNotice, actor: User | None) -> None:
    """Art. 63: a fine paid and then cancelled or reduced on appeal is owed back."""
    if notice.refund_owed_reais is None or notice.paid_on is None:
        return
    case_record(
        case=notice, actor=actor, event="refund_owed", article="Art. 63 §1",
        note=_("Multa paga em %(day)s: restituir R$ %(amount)s.")
        % {"day": notice.paid_on.strftime("%d/%m/%Y"),
           "amount": f"{notice.refund_owed_reais:.2f}".replace(".", ",")},
        data={"amount": f"{notice.refund_owed_reais:.2f}", "paid_on": notice.paid_on.isoformat()},
    )


def violation_decision_received(*, case: Case, received_on: dt.date) -> None:
    """The appeal decision was notified: 10 days to pay from its receipt (Art. 55 II)."""
    locked = ViolationNotice.objects.select_for_update().get(pk=case.pk)
    if locked.state != ViolationState.UPHELD:
        return
    if not penalty_of_notice(locked, with_periods=False).has_fine:
        return  # a warning kept, or a fine reduced to nothing: no payment clock
    deadline_start(
        rule=law_deadlines.PAYMENT_AFTER_APPEAL, start=received_on, case=locked,
        kind=DECISION_PAYMENT, label=_("Pagamento da multa após o recurso"),
    )


@deadline_handler(DECISION_PAYMENT)
def _decision_payment_overdue(case: Case | None, deadline: Deadline, today: dt.date) -> bool:
    assert case is not None
    locked = case_lock(case)
    if locked.state != ViolationState.UPHELD:
        return False
    case_step(case=locked, action="default_after_decision", actor=None)
    return True


# --- The agent's notices (Arts. 41, 47, 50, 51) ---------------------------------------


def require_fiscal_agent(actor: User | None) -> None:
    """Art. 41 (and Art. 46): notices are issued by the fiscal agents, nobody else."""
    if actor is None or not has_role(actor, Role.FISCAL_AGENT):
        raise NotPermitted(_("Somente agentes fiscais lavram autos de infração."), article=ART_41)


def offender_for(authorization: Authorization, conductor: str) -> Driver | None:
    """The driver the agent identified; None when not identified (Art. 50 sole paragraph)."""
    try:
        who = Conductor(conductor)
    except ValueError:
        raise RuleViolation(
            _("Informe quem conduzia: o titular, o auxiliar ou não identificado."),
            article="Art. 50",
            code="conductor_required",
        ) from None
    if who == Conductor.HOLDER:
        return authorization.holder
    if who == Conductor.AUXILIARY:
        auxiliary = current_auxiliary(authorization)
        if auxiliary is None:
            raise RuleViolation(
                _("Este táxi não tem taxista auxiliar vinculado."), article="Art. 27"
            )
        return auxiliary
    return None


def notices_issue(
    *,
    agent: User,
    authorization: Authorization,
    items: Sequence[str],
    conductor: str,
    occurred_at: dt.datetime,
    place: str,
    offender_signed: bool = False,
    description: str = "",
    confirm_duplicate: bool = False,
) -> list[ViolationNotice]:
    """The agent's page and API: one notice per item (Art. 51), by `violations_issue`."""
    require_fiscal_agent(agent)
    return violations_issue(
        agent=agent,
        authorization=authorization,
        items=list(items),
        occurred_at=occurred_at,
        place=place.strip(),
        offender=offender_for(authorization, conductor),
        offender_signed=offender_signed,
        description=description.strip(),
        confirm_duplicate=confirm_duplicate,
    )
