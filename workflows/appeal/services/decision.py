"""The appeal's decision (Arts. 52, 55 II, 66): the notice overturned or upheld, the PDF,
the registered letter, and the payment clock from its receipt."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.utils import timezone, translation
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from accounts.models import User
from cases.models import Case, Deadline
from cases.services.transitions import case_step
from documents.codes import verification_code_display
from documents.models import OfficialDocument
from documents.penalties import penalty_lines, penalty_of_notice, penalty_text
from documents.services import document_issue, infraction_context
from documents.signing.keys import document_sign_by
from law import appeal as tally
from notifications.post import notice_send
from notifications.services import notification_queue
from workflows.appeal.models import (
    AppealCase,
    AppealState,
    Outcome,
    Seat,
)
from workflows.appeal.selectors import commission_on
from workflows.violation.selectors import notice_for_update
from workflows.violation.services import (
    DECISION_PAYMENT,
    violation_appeal_decided,
    violation_decision_received,
)

if TYPE_CHECKING:
    from workflows.violation.models import ViolationNotice


_ACTIONS = {
    tally.Position.GRANTED: "grant",
    tally.Position.PARTIALLY_GRANTED: "grant_in_part",
    tally.Position.DENIED: "deny",
}


def _decide(
    *,
    appeal: AppealCase,
    actor: User,
    decision: tally.Decision,
    today: dt.date,
    password: str = "",
) -> AppealCase:
    """The decision and everything it carries, in the deciding vote's transaction: the
    notice overturned or upheld (penalties applied), the PDF, the registered letter."""
    # Written in the municipality's language, whatever the deciding member reads.
    with translation.override(settings.LANGUAGE_CODE):
        notice = notice_for_update(appeal.notice_id)
        granted = decision.position is tally.Position.GRANTED
        summary = decision_summary(appeal=appeal, notice=notice, decision=decision)
        kwargs: dict[str, Any] = {"decided_on": today, "summary": summary}
        if not granted:
            kwargs["fine_kept"] = decision.fine_vrte
        decided = case_step(
            case=appeal,
            action=_ACTIONS[decision.position],
            actor=actor,
            note=summary,
            kwargs=kwargs,
            data={
                "mode": decision.mode.value,
                "votes_for": decision.votes_for,
                "fine_vrte": str(decision.fine_vrte),
            },
            authorized_by_caller=True,
        )
        violation_appeal_decided(
            case=notice,
            actor=actor,
            granted=granted,
            fine_vrte=None if granted else decision.fine_vrte,
            note=_("Recurso %(number)s: %(outcome)s.")
            % {"number": decided.number, "outcome": decided.get_outcome_display()},
        )
        document = document_issue(
            kind=OfficialDocument.Kind.APPEAL_DECISION,
            case=decided,
            actor=actor,
            context=decision_context(decided, notice),
        )
        document_sign_by(document=document, actor=actor, password=password, case=decided)
        assert decided.applicant is not None
        notice_send(
            case=decided,
            recipient=decided.applicant,
            template="appeal_decided",
            context={
                "appeal": decided,
                "decision_label": str(AppealState(decided.state).label),
                "notice": notice,
                "votes": _votes(decided),
                "decision_document": {
                    "number": document.number,
                    "verification_code": verification_code_display(document.verification_code),
                },
                # With the dates of the suspension or impediment, now that they are served.
                "penalty_lines": []
                if granted
                else penalty_lines(penalty_of_notice(notice, fine_vrte=decision.fine_vrte)),
                # Art. 55 II: a fine kept is due; a warning kept (Art. 59 I) has nothing to pay.
                "fine_due": not granted
                and penalty_of_notice(notice, fine_vrte=decision.fine_vrte).has_fine,
            },
            actor=actor,
        )
        return decided


def vrte(value: Decimal) -> str:
    """An amount in VRTE as the active language writes it (100,00 in Portuguese)."""
    return number_format(value, decimal_pos=2)


def decision_summary(
    *, appeal: AppealCase, notice: ViolationNotice, decision: tally.Decision
) -> str:
    """The decision in words: how it was reached and what it orders (Arts. 52, 55 II). The
    Art. 66 reminder is printed by the decision's template and the letter."""
    how = {
        tally.Mode.UNANIMOUS: _("por unanimidade"),
        tally.Mode.MAJORITY: _majority(appeal, decision),
        tally.Mode.MIDDLE_VOTE: _("pelo voto médio, sem dois votos iguais"),
    }[decision.mode]
    values = {
        "how": how,
        "notice": notice.number,
        "fine": vrte(notice.fine_vrte),
        "kept": vrte(decision.fine_vrte),
    }
    penalty = penalty_of_notice(notice, fine_vrte=decision.fine_vrte)
    if decision.position is tally.Position.GRANTED:
        return (
            _(
                "A Comissão de Recursos, %(how)s, deu provimento ao recurso: a penalidade do "
                "Auto de Infração %(notice)s fica cancelada, sem multa e sem pontos."
            )
            % values
        )
    if decision.position is tally.Position.PARTIALLY_GRANTED:
        text = _(
            "A Comissão de Recursos, %(how)s, deu provimento parcial ao recurso: a penalidade "
            "do Auto de Infração %(notice)s fica mantida, com a multa reduzida de %(fine)s "
            "para %(kept)s VRTE."
        )
    else:
        text = _(
            "A Comissão de Recursos, %(how)s, negou provimento ao recurso: a penalidade do "
            "Auto de Infração %(notice)s fica mantida."
        )
    return " ".join(
        [
            text % values,
            # Everything the decision keeps, not only the fine (points, suspension...).
            _("Penalidades:"),
            penalty_text(penalty),
            *(
                [
                    _(
                        "A multa deve ser paga em 10 dias contados do recebimento da "
                        "notificação desta decisão (Art. 55 II)."
                    )
                ]
                if penalty.has_fine  # a warning kept (Art. 59 I) has nothing to pay
                else []
            ),
        ]
    )


def _majority(appeal: AppealCase, decision: tally.Decision) -> str:
    """Art. 52: a majority says whose seat it was not — the seat that had not voted when
    two concurring votes decided, or the seat outvoted (issue 19, item 15)."""
    votes = {v.seat: v for v in appeal.votes.select_related("member")}
    today = timezone.localdate()
    holders = commission_on(today)

    def seat_named(seat: Seat) -> str:
        term = holders.get(seat.value)
        member = votes[seat.value].member if seat.value in votes else (term and term.holder)
        name = (member.get_full_name() or member.username) if member else ""
        return f"{seat.label} ({name})" if name else str(seat.label)

    missing = [seat for seat in Seat if seat.value not in votes]
    if missing:
        return _("por maioria de dois votos concordantes, sem o voto da cadeira %(seats)s") % {
            "seats": ", ".join(seat_named(seat) for seat in missing)
        }
    full_fine = appeal.notice.fine_vrte
    ballots = {
        seat: tally.ballot(votes[seat.value].vote, full_fine, votes[seat.value].fine_vrte)
        for seat in Seat
    }
    outvoted = [
        seat
        for seat, ballot in ballots.items()
        if (ballot.position, ballot.fine_vrte) != (decision.position, decision.fine_vrte)
    ]
    return _("por maioria, vencida a cadeira %(seats)s") % {
        "seats": ", ".join(seat_named(seat) for seat in outvoted)
    }


def _votes(appeal: AppealCase) -> list[dict[str, Any]]:
    rows = []
    for v in appeal.votes.select_related("member").order_by("seat"):
        reasons = v.reason
        if v.fine_vrte is not None:
            reasons = _("%(reason)s Multa mantida proposta: %(fine)s VRTE.") % {
                "reason": v.reason,
                "fine": vrte(v.fine_vrte),
            }
        rows.append(
            {
                "member": v.member.get_full_name() or v.member.username,
                "seat": v.seat,
                "seat_label": str(Seat(v.seat).label),
                "vote": v.vote,
                "vote_label": str(v.get_vote_display()),
                "reasons": reasons,
            }
        )
    return rows


def decision_context(appeal: AppealCase, notice: ViolationNotice) -> dict[str, Any]:
    """The keys documents/pdf/appeal_decision.html reads (see its header)."""
    assert appeal.applicant is not None
    return {
        "case_number": appeal.number,
        "appellant": {"name": appeal.applicant.name},
        "authorization": {"number": notice.authorization.number if notice.authorization else ""},
        "notice": {"number": notice.number},
        "infraction": infraction_context(notice.item),
        "filed_on": appeal.filed_on,
        "outcome": appeal.outcome,
        "summary": appeal.summary,
        "votes": [{k: v[k] for k in ("member", "seat", "vote", "reasons")} for v in _votes(appeal)],
        "decided_on": appeal.decided_on,
        # Art. 55 II counts from the receipt of the decision's notice, not known yet.
        "payment_due": None,
        # What the decision keeps, with the dates of the periods now being served.
        "penalties": []
        if appeal.outcome == Outcome.GRANTED
        else penalty_lines(penalty_of_notice(notice, fine_vrte=appeal.fine_kept_vrte)),
    }


def appeal_decision_received(
    *, case: Case, received_on: dt.date, actor: User | None = None
) -> None:
    """The workflow's hook, in the AR's transaction: the decision's notice counts from
    `received_on`; an appeal not granted starts the 10 days to pay (Art. 55 II)."""
    appeal = AppealCase.objects.select_related("notice", "applicant").get(pk=case.pk)
    if appeal.outcome in ("", Outcome.GRANTED):
        return
    violation_decision_received(case=appeal.notice, received_on=received_on)
    due = (
        Deadline.objects.filter(
            case=appeal.notice, kind=DECISION_PAYMENT, state=Deadline.State.PENDING
        )
        .order_by("-id")
        .values_list("due_on", flat=True)
        .first()
    )
    if due is None:  # the fine was paid meanwhile: nothing to tell
        return
    assert appeal.applicant is not None
    notification_queue(
        case=appeal,
        recipient=appeal.applicant,
        template="appeal_payment_due",
        context={
            "appeal": appeal,
            "notice": appeal.notice,
            "received_on": received_on,
            "payment_due": due,
        },
    )
