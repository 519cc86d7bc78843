"""The notice's life after issue (Arts. 46, 53 I, 55, 63): the letter, the AR that starts the
clocks, annulment and payment."""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from cases.errors import RuleViolation, StateConflict
from cases.models import Case
from cases.services.deadlines import (
    deadline_start,
    deadlines_cancel,
)
from cases.services.transitions import case_record, case_step, local_today
from documents.notices import fine_notification_issue
from documents.penalties import penalty_of_notice
from law import deadlines as law_deadlines
from law import notice as law_notice
from law.citations import (
    ART_46_P1_AND_53_II,
    ART_59_I,
)
from law.deadlines import DeadlineRule
from law.infractions import infraction
from notifications.services import notification_queue
from workflows.steps.notices import notice_letter_send
from workflows.violation.models import ViolationNotice, ViolationState
from workflows.violation.selectors import notice_delivered_on
from workflows.violation.services.appeals import appeal_window_closes
from workflows.violation.services.common import (
    APPEAL_WINDOW,
    DECISION_PAYMENT,
    NOTIFICATION_ARCHIVE,
    NOTIFICATION_LIMIT,
    PAYMENT,
    no_fine_message,
)
from workflows.violation.services.penalties import violation_penalties_apply


def violation_send_notice(
    *, case: Case, actor: User, note: str = "", password: str = ""
) -> ViolationNotice:
    """Art. 46: the registered letter with AR (and an e-mail copy) goes out; with her
    password the clerk signs the letter and the fine notification (documents.signing)."""
    with transaction.atomic(durable=True):
        locked = notice_letter_send(
            case=case,
            actor=actor,
            note=note,
            template="violation_notice",
            context=lambda notice: {"notice": notice, "infraction": infraction(notice.item)},
            password=password,
            # Arts. 55 I and 63: the clocks its receipt starts, said on the letter.
            starts=_receipt_starts(case),
        )
        # Art. 46: in the same envelope.
        fine_notification_issue(notice=locked, actor=actor, password=password)
    return locked


def _receipt_starts(case: Case) -> list[DeadlineRule]:
    notice = ViolationNotice.objects.get(pk=case.pk)
    if penalty_of_notice(notice, with_periods=False).has_fine:
        return [law_deadlines.PAYMENT, law_deadlines.APPEAL]
    return [law_deadlines.APPEAL]


def violation_notice_received(*, case: Case, received_on: dt.date, actor: User | None) -> None:
    """The AR's date that counts was recorded: the payment and appeal clocks start.

    Arts. 46 §1 and 53 II: the notice counts as notified on the delivery date on the AR. An
    AR recorded after the sweeper archived the notice, whose delivery date is within the 60
    days from the finding, re-opens it (timeline `reopen_notified`); one delivered after
    them leaves it archived, with a timeline entry saying why.
    """
    current = ViolationNotice.objects.select_for_update().get(pk=case.pk)
    if current.state == ViolationState.ARCHIVED:
        reopened = _archived_notice_reopen(current, received_on=received_on, actor=actor)
        if reopened is None:
            return
        locked = reopened
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
            rule=law_deadlines.PAYMENT,
            start=received_on,
            case=locked,
            kind=PAYMENT,
            label=_("Pagamento da multa"),
        ).due_on
        if penalty.has_fine
        else None
    )
    appeal_due = deadline_start(
        rule=law_deadlines.APPEAL,
        start=received_on,
        case=locked,
        kind=APPEAL_WINDOW,
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


def _archived_notice_reopen(
    current: ViolationNotice, *, received_on: dt.date, actor: User | None
) -> ViolationNotice | None:
    """Arts. 46 §1 and 53 II: an AR recorded after the archive re-opens the notice when its
    delivery date is within the 60 days from the finding; otherwise the notice stays
    archived, with a timeline entry saying why, and None is returned."""
    found_on = timezone.localtime(current.occurred_at).date()
    delivered = notice_delivered_on(current) or received_on
    limit = law_deadlines.notification_limit(found_on)
    if not law_notice.delivered_in_time(found_on=found_on, delivered_on=delivered):
        case_record(
            case=current,
            actor=actor,
            event="ar_after_limit",
            article=ART_46_P1_AND_53_II,
            note=_(
                "AR com entrega em %(day)s, depois do prazo de 60 dias que terminou em "
                "%(limit)s: o auto continua arquivado."
            )
            % {"day": delivered.strftime("%d/%m/%Y"), "limit": limit.strftime("%d/%m/%Y")},
        )
        return None
    return case_step(
        case=current,
        action="reopen_notified",
        actor=actor,
        authorized_by_caller=True,
        kwargs={"received_on": received_on},
        note=_(
            "O AR mostra entrega em %(day)s, dentro do prazo de 60 dias que terminou em "
            "%(limit)s: o arquivamento é desfeito e os prazos correm do recebimento."
        )
        % {"day": delivered.strftime("%d/%m/%Y"), "limit": limit.strftime("%d/%m/%Y")},
        data={"received_on": received_on.isoformat(), "delivered_on": delivered.isoformat()},
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
            raise StateConflict(no_fine_message(), code="no_fine", article=ART_59_I)
        keeps_appeal = (
            not settings.PAYMENT_ENDS_APPEAL
            and current.state in (ViolationState.NOTIFIED, ViolationState.OVERDUE)
            and current.received_on is not None
            and day <= appeal_window_closes(current)
        )
        if keeps_appeal:
            closes = appeal_window_closes(current)
            locked = case_step(
                case=current,
                action="pay_keeping_appeal",
                actor=actor,
                note=note
                or _("Pagamento registrado; o prazo de recurso segue aberto até %(day)s (Art. 63).")
                % {"day": closes.strftime("%d/%m/%Y")},
                kwargs={"paid_on": day},
                data={"paid_on": day.isoformat(), "appeal_until": closes.isoformat()},
            )
            deadlines_cancel(case=locked, kinds=[PAYMENT])
            return locked
        locked = case_step(
            case=current, action="pay", actor=actor, note=note, kwargs={"paid_on": day}
        )
        deadlines_cancel(case=locked, kinds=[PAYMENT, APPEAL_WINDOW, DECISION_PAYMENT])
        violation_penalties_apply(notice=locked, today=local_today(), actor=actor)
    return locked
