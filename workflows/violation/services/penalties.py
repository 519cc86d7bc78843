"""Penalties (Arts. 49, 50, 56, 59): points, suspension or impediment served, revocation
grounds, recidivism reassessed, an impediment lifted."""

from __future__ import annotations

import datetime as dt
from decimal import ROUND_HALF_UP, Decimal

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.roles import Role, has_role
from cases.errors import NotPermitted, RuleViolation, StateConflict
from cases.services.deadlines import (
    deadline_start,
)
from cases.services.transitions import case_lock, case_record, local_today
from law import deadlines as law_deadlines
from law.citations import (
    ART_49,
    ART_49_AND_56,
    ART_50_SOLE,
    ART_56,
    ART_59_IV_A,
    ART_59_P1,
    ART_59_V_A,
)
from law.penalties import (
    assess,
)
from law.points import points_excesses, titular_points_for_auxiliary
from notifications.penalties import penalties_applied_notify
from registers.models import Authorization, Driver, PointRecord
from workflows.authorizations import case_authorization_suspend
from workflows.holds import authorization_release_if_free
from workflows.violation.models import PenaltyPeriod, ViolationNotice, ViolationState
from workflows.violation.selectors import final_history
from workflows.violation.services.common import (
    CENTS,
    PENALTY_PERIOD_END,
    _assessment_json,
    penalty_policy,
    responsible_driver,
)


def violation_penalties_apply(
    *, notice: ViolationNotice, today: dt.date, actor: User | None
) -> None:
    """The penalty stands: points on the record, suspension or impediment served, and the
    revocation grounds checked. Idempotent: applied once per notice."""
    locked = case_lock(notice)
    if locked.penalties_applied_on is not None:
        return
    assessment = locked.assessment
    occurred_on = timezone.localtime(locked.occurred_at).date()
    authorization = locked.authorization
    assert authorization is not None and locked.applicant is not None
    holder = locked.applicant
    affected = _points_record(locked, holder=holder, occurred_on=occurred_on)
    case_record(
        case=locked,
        actor=actor,
        event="penalties_applied",
        article="; ".join(assessment.get("articles", [])),
        data=assessment,
    )
    # Arts. 27 §1 and 59: the auxiliary who committed it serves it on his own authorization.
    serving = locked.offender if locked.offender not in (None, holder) else None
    _periods_start(locked, authorization=authorization, serving=serving, today=today, actor=actor)
    _revocation_grounds_check(
        locked,
        authorization=authorization,
        holder=holder,
        serving=serving,
        affected=affected,
        today=today,
        occurred_on=occurred_on,
    )
    locked.penalties_applied_on = today
    locked.save(update_fields=["penalties_applied_on"])
    penalties_applied_notify(notice=locked)  # the dates of what starts today
    if settings.RECIDIVISM_REASSESS_ON_FINAL:
        _recidivism_reassess_after(locked, actor=actor)


def _points_record(
    locked: ViolationNotice, *, holder: Driver, occurred_on: dt.date
) -> list[Driver]:
    """Arts. 49, 50 and 56: the points go on the record of who committed the infraction
    (and half of them on the holder's, for an auxiliary); returns the drivers affected."""
    points = Decimal(locked.assessment.get("points", 0))
    affected: list[Driver] = []
    if locked.offender is not None and locked.offender != holder:
        # Art. 49: the auxiliary's record gets the points, the holder's half of them.
        PointRecord.objects.create(
            driver=locked.offender,
            violation=locked,
            on=occurred_on,
            points=points,
            article=ART_49_AND_56,
        )
        PointRecord.objects.create(
            driver=holder,
            violation=locked,
            on=occurred_on,
            points=titular_points_for_auxiliary(points),
            article=ART_49,
        )
        affected = [locked.offender, holder]
    else:
        article = ART_56 if locked.offender is not None else ART_50_SOLE
        PointRecord.objects.create(
            driver=holder, violation=locked, on=occurred_on, points=points, article=article
        )
        affected = [holder]
    return affected


def _periods_start(
    locked: ViolationNotice,
    *,
    authorization: Authorization,
    serving: Driver | None,
    today: dt.date,
    actor: User | None,
) -> None:
    """Art. 59 III and IV: the suspension and the impediment start today, each with the row
    that ends it; the taxi stops unless an auxiliary serves it on his own authorization."""
    assessment = locked.assessment
    start = today
    for kind, days, rule in (
        (
            PenaltyPeriod.Kind.SUSPENSION,
            assessment.get("suspension_days", 0),
            law_deadlines.PENALTY_SUSPENSION,
        ),
        (
            PenaltyPeriod.Kind.IMPEDIMENT,
            assessment.get("impediment_max_days", 0),
            law_deadlines.PENALTY_IMPEDIMENT,
        ),
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
        elif authorization.status in (Authorization.Status.ACTIVE, Authorization.Status.SUSPENDED):
            case_authorization_suspend(
                authorization=authorization, case=locked, actor=actor, article=rule.article
            )
        deadline_start(
            rule=rule,
            start=start,
            length=days,
            case=locked,
            kind=PENALTY_PERIOD_END,
            label=str(period),
        )


def _revocation_grounds_check(
    locked: ViolationNotice,
    *,
    authorization: Authorization,
    holder: Driver,
    serving: Driver | None,
    affected: list[Driver],
    today: dt.date,
    occurred_on: dt.date,
) -> None:
    """Art. 59 V: recidivism in an item that revokes, or too many points in a window, opens
    the revocation process of whoever holds them."""
    from workflows.revocation.services import revocation_open

    assessment = locked.assessment
    if assessment.get("revocation"):
        revocation_open(
            authorization=authorization,
            auxiliary=serving,
            article=ART_59_V_A,
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
        occurred_at__gt=final.occurred_at,
        penalties_applied_on__isnull=True,
        state__in=REASSESSABLE,
    )
    later = later.filter(offender=driver) | later.filter(offender__isnull=True, applicant=driver)
    policy = penalty_policy()
    for notice in later.order_by("occurred_at", "id"):
        occurred_on = timezone.localtime(notice.occurred_at).date()
        assessment = assess(
            item=notice.item,
            on=occurred_on,
            history=final_history(driver, before=occurred_on),
            policy=policy,
        )
        fresh = _assessment_json(assessment)
        if fresh == notice.assessment:
            continue
        before = {
            "fine_vrte": str(notice.fine_vrte),
            "recidivist": notice.assessment.get("recidivist", False),
        }
        notice.assessment = fresh
        notice.fine_vrte = assessment.fine_vrte
        if notice.vrte_value is not None:
            notice.fine_reais = (assessment.fine_vrte * notice.vrte_value).quantize(
                CENTS, rounding=ROUND_HALF_UP
            )
        notice.save(update_fields=["assessment", "fine_vrte", "fine_reais"])
        case_record(
            case=notice,
            actor=actor,
            event="recidivism_reassessed",
            article=ART_59_P1,
            note=_(
                "O auto %(number)s tornou-se definitivo: penalidades apuradas de novo "
                "(multa de %(fine)s VRTE)."
            )
            % {"number": final.number, "fine": assessment.fine_vrte},
            data={
                "final": final.number,
                "before": before,
                "after": {
                    "fine_vrte": str(assessment.fine_vrte),
                    "recidivist": assessment.recidivist,
                },
            },
        )


def penalty_impediment_lift(*, period: PenaltyPeriod, actor: User, note: str) -> PenaltyPeriod:
    """Art. 59 IV a: the vehicle may return before the end once the problem is fixed."""
    if not has_role(actor, Role.CLERK, Role.FISCAL_AGENT):
        raise NotPermitted(
            _("Somente servidores ou agentes fiscais liberam o veículo."), article=ART_59_IV_A
        )
    if not note.strip():
        raise RuleViolation(_("Descreva como o problema foi sanado."), article=ART_59_IV_A)
    today = local_today()
    with transaction.atomic(durable=True):
        row = PenaltyPeriod.objects.select_for_update().get(pk=period.pk)
        if row.kind != PenaltyPeriod.Kind.IMPEDIMENT or row.ended_on is not None:
            raise StateConflict(_("Este impedimento não está em curso."))
        row.ended_on = today
        row.save(update_fields=["ended_on"])
        notice = ViolationNotice.objects.get(pk=row.violation_id)
        case_record(
            case=notice, actor=actor, event="impediment_lifted", note=note, article=ART_59_IV_A
        )
        authorization_release_if_free(
            authorization=row.authorization,
            case=notice,
            actor=actor,
            article=ART_59_IV_A,
            today=today,
        )
    return row
