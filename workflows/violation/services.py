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
from cases.services.deadlines import deadline_handler, deadline_start, deadlines_cancel
from cases.services.transitions import case_open, case_record, case_step, local_today
from documents.models import OfficialDocument
from documents.notices import fine_notification_issue
from documents.penalties import penalty_lines, penalty_of_notice
from documents.services import (
    document_issue,
    infraction_context,
    signer_context,
)
from law import deadlines as law_deadlines
from law.errors import LawError
from law.i18n import format_date
from law.infractions import infraction
from law.penalties import (
    Assessment,
    PastInfraction,
    Policy,
    RecidivismScope,
    WarningPolicy,
    assess,
)
from law.points import revocation_grounds, titular_points_for_auxiliary
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
PAYMENT = "violation.payment"
APPEAL_WINDOW = "violation.appeal_window"
DECISION_PAYMENT = "violation.decision_payment"
PENALTY_PERIOD_END = "violation.penalty_period_end"
CENTS = Decimal("0.01")


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
    return [
        PastInfraction(item=item, on=timezone.localtime(at).date())
        for item, at in rows.values_list("item", "occurred_at")
    ]


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
) -> list[ViolationNotice]:
    """A fiscal agent issues one notice per item infringed (Arts. 47 and 51)."""
    if not has_role(agent, Role.FISCAL_AGENT):
        raise NotPermitted(
            _("Somente agentes fiscais lavram autos de infração."), article="Art. 41"
        )
    if not items:
        raise RuleViolation(_("Informe ao menos um dispositivo infringido."), article="Art. 47 III")
    if len(set(items)) != len(items):
        raise RuleViolation(_("Cada dispositivo deve ser citado uma vez."), article="Art. 51")
    try:
        entries = [infraction(item) for item in items]
    except LawError as exc:
        raise from_law(exc) from exc
    if not place.strip():
        raise RuleViolation(_("Informe o local da infração."), article="Art. 47 V")
    if occurred_at > timezone.now():
        raise RuleViolation(_("A data e hora da infração estão no futuro."), article="Art. 47 V")
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
                start=issued_on,
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
        "fine_vrte": notice.fine_vrte,
        "penalty": penalty_lines(penalty_of_notice(notice)),
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
        )
        fine_notification_issue(notice=locked, actor=actor)  # Art. 46: in the same envelope
    return locked


def violation_notice_received(*, case: Case, received_on: dt.date, actor: User | None) -> None:
    """The AR's date that counts was recorded: the payment and appeal clocks start."""
    locked = case_step(
        case=case,
        action="notify",
        actor=actor,
        kwargs={"received_on": received_on},
        data={"received_on": received_on.isoformat()},
    )
    deadlines_cancel(case=locked, kinds=[NOTIFICATION_LIMIT])
    payment_due = deadline_start(
        rule=law_deadlines.PAYMENT, start=received_on, case=locked, kind=PAYMENT,
        label=_("Pagamento da multa"),
    ).due_on
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
        },
    )


def violation_pay(
    *, case: Case, actor: User, note: str = "", paid_on: dt.date | None = None
) -> ViolationNotice:
    """The fine was paid; paying accepts the penalty, which now stands (Art. 59)."""
    day = paid_on or local_today()
    if day > local_today():
        raise RuleViolation(_("A data do pagamento está no futuro."))
    with transaction.atomic(durable=True):
        locked = case_step(case=case, action="pay", actor=actor, note=note, kwargs={"paid_on": day})
        deadlines_cancel(case=locked, kinds=[PAYMENT, APPEAL_WINDOW, DECISION_PAYMENT])
        violation_penalties_apply(notice=locked, today=local_today(), actor=actor)
    return locked


@deadline_handler(NOTIFICATION_LIMIT)
def _archive_unnotified(case: Case, deadline: Deadline, today: dt.date) -> bool:
    locked = ViolationNotice.objects.select_for_update().get(pk=case.pk)
    if locked.state not in (ViolationState.ISSUED, ViolationState.NOTIFICATION_SENT):
        return False
    case_step(
        case=locked,
        action="archive",
        actor=None,
        note=_("Infrator não notificado até %(day)s.")
        % {"day": format_date(deadline.due_on)},
    )
    return True


@deadline_handler(PAYMENT)
def _payment_overdue(case: Case, deadline: Deadline, today: dt.date) -> bool:
    locked = ViolationNotice.objects.select_for_update().get(pk=case.pk)
    if locked.state != ViolationState.NOTIFIED:
        return False
    case_step(case=locked, action="fall_overdue", actor=None)
    return True


@deadline_handler(APPEAL_WINDOW)
def _appeal_window_closed(case: Case, deadline: Deadline, today: dt.date) -> bool:
    locked = ViolationNotice.objects.select_for_update().get(pk=case.pk)
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

    locked = ViolationNotice.objects.select_for_update().get(pk=notice.pk)
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

    start = today
    for kind, days, rule in (
        (PenaltyPeriod.Kind.SUSPENSION, assessment.get("suspension_days", 0),
         law_deadlines.PENALTY_SUSPENSION),
        (PenaltyPeriod.Kind.IMPEDIMENT, assessment.get("impediment_max_days", 0),
         law_deadlines.PENALTY_IMPEDIMENT),
    ):
        if not days:
            continue
        period = PenaltyPeriod.objects.create(
            violation=locked,
            authorization=authorization,
            kind=kind,
            starts_on=start,
            ends_on=law_deadlines.due_date(rule, start, length=days),
        )
        if authorization.status in (Authorization.Status.ACTIVE, Authorization.Status.SUSPENDED):
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
            article="Art. 59 V a",
            reason=_("Reincidência no inciso %(item)s do Art. 58 (auto %(n)s).")
            % {"item": locked.item, "n": locked.number},
        )
    for driver in affected:
        record = list(PointRecord.objects.filter(driver=driver).values_list("on", "points"))
        grounds = revocation_grounds(record, today)
        if grounds:
            revocation_open(
                auxiliary=driver if driver != holder else None,
                authorization=authorization,
                article="; ".join(grounds),
                reason=_("%(name)s ultrapassou o limite de pontos (auto %(n)s).")
                % {"name": driver.name, "n": locked.number},
            )
    locked.penalties_applied_on = today
    locked.save(update_fields=["penalties_applied_on"])
    penalties_applied_notify(notice=locked)  # the dates of what starts today


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


def violation_appeal_filed(*, case: Case, actor: User | None, filed_on: dt.date) -> None:
    """In the appeal's filing transaction: refused after the window; suspends the penalty
    until judged (Art. 63 §1) — the payment and window clocks stop."""
    locked = ViolationNotice.objects.select_for_update().get(pk=case.pk)
    if locked.received_on is None:
        raise StateConflict(_("O auto ainda não foi notificado; não há prazo de recurso."))
    closes = law_deadlines.appeal_deadline(locked.received_on)
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
        return case_step(
            case=locked, action="overturn", actor=actor, note=note, authorized_by_caller=True
        )
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
    return upheld


def violation_decision_received(*, case: Case, received_on: dt.date) -> None:
    """The appeal decision was notified: 10 days to pay from its receipt (Art. 55 II)."""
    locked = ViolationNotice.objects.select_for_update().get(pk=case.pk)
    if locked.state != ViolationState.UPHELD:
        return
    deadline_start(
        rule=law_deadlines.PAYMENT_AFTER_APPEAL, start=received_on, case=locked,
        kind=DECISION_PAYMENT, label=_("Pagamento da multa após o recurso"),
    )


@deadline_handler(DECISION_PAYMENT)
def _decision_payment_overdue(case: Case | None, deadline: Deadline, today: dt.date) -> bool:
    assert case is not None
    locked = ViolationNotice.objects.select_for_update().get(pk=case.pk)
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
    )
