"""Violation notice (auto de infração), Arts. 42-51 and 53-58: the notice and its clocks.

    issued ──send_notice──▶ notification_sent ──notify (AR recorded)──▶ notified
      │  (system, 60 days: Arts. 46 §1, 53 II) ▶ archived          │  pay ▶ paid
      annul (Art. 53 I) ▶ annulled      (system, Art. 55 I) overdue ◀┤
                                     (system, Art. 63) final ◀───────┘

Penalty assessment (points, escalation) and appeals come with the enforcement chapter.
"""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from accounts.models import User
from accounts.roles import Role, has_role
from cases.errors import NotPermitted, RuleViolation, from_law
from cases.models import Case, Deadline
from cases.services.deadlines import deadline_handler, deadline_set, deadlines_cancel
from cases.services.transitions import case_open, case_step, local_today
from cases.workflow import ActionField, Edge, Workflow, register
from law import deadlines as law_deadlines
from law.errors import LawError
from law.infractions import infraction
from notifications.post import notice_send
from notifications.services import notification_queue
from registers.models import Authorization, Driver
from workflows.models import ViolationNotice, ViolationState

ART_46_P1 = "Art. 46 §1; Art. 53 II"
ART_47 = "Art. 47"
ART_53_I = "Art. 53 I"
ART_55 = "Art. 55 I"
ART_63 = "Art. 63"
NOTIFICATION_LIMIT = "violation.notification_limit"
PAYMENT = "violation.payment"
APPEAL_WINDOW = "violation.appeal_window"

CLERK = frozenset({Role.CLERK})


def violation_issue(
    *,
    agent: User,
    authorization: Authorization,
    item: str,
    occurred_at: dt.datetime,
    place: str,
    offender: Driver | None = None,
    offender_signed: bool = False,
    description: str = "",
) -> ViolationNotice:
    """A fiscal agent issues the notice with every field of Art. 47."""
    if not has_role(agent, Role.FISCAL_AGENT):
        raise NotPermitted(_("Somente agentes fiscais lavram autos de infração."), article="Art. 41")
    try:
        entry = infraction(item)
    except LawError as exc:
        raise from_law(exc) from exc
    if not place.strip():
        raise RuleViolation(_("Informe o local da infração."), article="Art. 47 V")
    if occurred_at > timezone.now():
        raise RuleViolation(_("A data e hora da infração estão no futuro."), article="Art. 47 V")
    issued_on = local_today()
    with transaction.atomic(durable=True):
        case = case_open(
            model=ViolationNotice, actor=agent, article=ART_47,
            applicant=authorization.holder, authorization=authorization, item=entry.item,
            offender=offender, vehicle=authorization.vehicle, place=place,
            occurred_at=occurred_at, issued_on=issued_on, agent=agent,
            offender_signed=offender_signed, description=description,
            fine_vrte=entry.fine_vrte, data={"item": entry.item},
        )
        deadline_set(
            case=case, kind=NOTIFICATION_LIMIT,
            label=_("Prazo para notificar o infrator (senão o auto é arquivado)"),
            due_on=law_deadlines.notification_limit(issued_on),
            counting=Deadline.Counting.CALENDAR_DAYS, article=ART_46_P1,
        )
    return case


def violation_send_notice(*, case: Case, actor: User, note: str = "") -> ViolationNotice:
    """Art. 46: the registered letter with AR (and an e-mail copy) goes out."""
    with transaction.atomic(durable=True):
        locked = case_step(case=case, action="send_notice", actor=actor, note=note)
        assert locked.applicant is not None
        notice_send(
            case=locked, recipient=locked.applicant, template="violation_notice",
            context={"notice": locked, "infraction": infraction(locked.item)}, actor=actor,
        )
    return locked


def violation_notice_received(*, case: Case, received_on: dt.date, actor: User | None) -> None:
    """The AR's date that counts was recorded: the payment and appeal clocks start."""
    locked = case_step(
        case=case, action="notify", actor=actor, kwargs={"received_on": received_on},
        data={"received_on": received_on.isoformat()},
    )
    deadlines_cancel(case=locked, kinds=[NOTIFICATION_LIMIT])
    payment_due = law_deadlines.payment_deadline(received_on)
    appeal_due = law_deadlines.appeal_deadline(received_on)
    deadline_set(
        case=locked, kind=PAYMENT, label=_("Pagamento da multa"), due_on=payment_due,
        counting=Deadline.Counting.CALENDAR_DAYS, article=ART_55,
    )
    deadline_set(
        case=locked, kind=APPEAL_WINDOW, label=_("Prazo de recurso"), due_on=appeal_due,
        counting=Deadline.Counting.BUSINESS_DAYS, article=ART_63,
    )
    assert locked.applicant is not None
    notification_queue(
        case=locked, recipient=locked.applicant, template="violation_received",
        context={"notice": locked, "received_on": received_on, "payment_due": payment_due,
                 "appeal_due": appeal_due},
    )


def violation_pay(*, case: Case, actor: User, note: str = "", paid_on: dt.date | None = None
                  ) -> ViolationNotice:
    day = paid_on or local_today()
    with transaction.atomic(durable=True):
        locked = case_step(case=case, action="pay", actor=actor, note=note,
                           kwargs={"paid_on": day})
        deadlines_cancel(case=locked, kinds=[PAYMENT])
    return locked


@deadline_handler(NOTIFICATION_LIMIT)
def _archive_unnotified(case: Case, deadline: Deadline, today: dt.date) -> bool:
    locked = ViolationNotice.objects.select_for_update().get(pk=case.pk)
    if locked.state not in (ViolationState.ISSUED, ViolationState.NOTIFICATION_SENT):
        return False
    case_step(case=locked, action="archive", actor=None,
              note=_("Infrator não notificado até %(day)s.")
              % {"day": deadline.due_on.strftime("%d/%m/%Y")})
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
    return True


WORKFLOW = register(
    Workflow(
        kind=ViolationNotice.KIND,
        model=ViolationNotice,
        states=ViolationState,
        initial=ViolationState.ISSUED,
        final_states=frozenset({
            ViolationState.PAID, ViolationState.FINAL, ViolationState.ARCHIVED,
            ViolationState.ANNULLED,
        }),
        on_notice_received=violation_notice_received,
        edges=(
            Edge("send_notice", _l("Enviar notificação (carta com AR)"), "Art. 46",
                 roles=CLERK, service=violation_send_notice),
            Edge("notify", _l("Registrar recebimento"), "Art. 46 §2; Art. 47 §2",
                 roles=CLERK, internal=True),
            Edge("archive", _l("Arquivar por falta de notificação"), ART_46_P1),
            Edge("annul", _l("Arquivar por inconsistência"), ART_53_I, roles=CLERK,
                 note_required=True, inputs=(ActionField("note", _l("Motivo")),),
                 style="danger"),
            Edge("pay", _l("Registrar pagamento"), ART_55, roles=CLERK,
                 service=violation_pay),
            Edge("fall_overdue", _l("Multa vencida"), ART_55),
            Edge("close_appeal_window", _l("Encerrar prazo de recurso"), ART_63),
        ),
    )
)
