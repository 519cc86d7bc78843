"""The notice's side of an appeal (Arts. 55 II, 63): the window, the filing that suspends the
penalty, the decision and its payment clock."""

from __future__ import annotations

import datetime as dt
from decimal import ROUND_HALF_UP, Decimal

from django.utils.translation import gettext as _

from accounts.models import User
from cases.errors import RuleViolation, StateConflict
from cases.models import Case, Deadline
from cases.services.deadlines import (
    deadline_start,
    deadlines_cancel,
)
from cases.services.transitions import case_record, case_step, local_today
from documents.penalties import penalty_of_notice
from law import deadlines as law_deadlines
from law.citations import (
    ART_63,
    ART_63_P1,
)
from workflows.steps.guards import appeal_in_time_check
from workflows.violation.models import ViolationNotice, ViolationState
from workflows.violation.services.common import (
    APPEAL_WINDOW,
    CENTS,
    DECISION_PAYMENT,
    PAYMENT,
)
from workflows.violation.services.penalties import violation_penalties_apply


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
    appeal_in_time_check(filed_on=filed_on, last_day=appeal_window_closes(locked), article=ART_63)
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
            case=upheld,
            action="settle_paid_before_appeal",
            actor=actor,
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
        case=notice,
        actor=actor,
        event="refund_owed",
        article=ART_63_P1,
        note=_("Multa paga em %(day)s: restituir R$ %(amount)s.")
        % {
            "day": notice.paid_on.strftime("%d/%m/%Y"),
            "amount": f"{notice.refund_owed_reais:.2f}".replace(".", ","),
        },
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
        rule=law_deadlines.PAYMENT_AFTER_APPEAL,
        start=received_on,
        case=locked,
        kind=DECISION_PAYMENT,
        label=_("Pagamento da multa após o recurso"),
    )
