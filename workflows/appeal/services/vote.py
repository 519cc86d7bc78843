"""The commission's vote (Art. 52): one per seat, with its reasons; the vote that settles the
result decides the appeal."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from cases.errors import RuleViolation, StateConflict
from cases.models import Case
from cases.services.transitions import case_step
from law import appeal as tally
from law.citations import (
    ART_52,
)
from workflows.appeal.models import (
    AppealCase,
    Outcome,
    Vote,
)
from workflows.appeal.services.common import (
    _seat_of,
)
from workflows.appeal.services.decision import _decide
from workflows.appeal.votes import vote_document_sign


def _decimal(value: Decimal | str | None) -> Decimal | None:
    if value is None or value == "":
        return None
    try:
        number = Decimal(str(value).replace(",", "."))
    except InvalidOperation:
        raise RuleViolation(_("Informe a multa mantida em VRTE, como 50 ou 50,00.")) from None
    # The vote's column holds 9 digits with 2 places (quantize of 1e999 fails outright).
    if not number.is_finite() or abs(number) >= Decimal(10) ** 7:
        raise RuleViolation(_("Informe a multa mantida em VRTE, como 50 ou 50,00."))
    return number.quantize(Decimal("0.01"))


def appeal_vote(
    *,
    case: Case,
    actor: User,
    note: str = "",
    vote: str = "",
    reason: str = "",
    fine_vrte: Decimal | str | None = None,
    password: str = "",
) -> AppealCase:
    """A member votes once, for his seat, with his reasons (Art. 52). When the votes cast
    settle the result, the appeal is decided in the same transaction; the member whose vote
    decides signs the decision with his password (documents.signing.keys), one step."""
    now = timezone.now()
    today = timezone.localdate(now)
    reason = (reason or note).strip()
    try:
        position = Outcome(vote)
    except ValueError:
        raise RuleViolation(
            _("Escolha o voto: provimento, provimento parcial ou não provimento."),
            article=ART_52,
        ) from None
    if not reason:
        raise RuleViolation(_("Todo voto precisa de fundamentação."), article=ART_52)
    fine = _decimal(fine_vrte) if position == Outcome.PARTIALLY_GRANTED else None

    with transaction.atomic(durable=True):
        seat = _seat_of(actor, today)
        locked = case_step(
            case=case,
            action="vote",
            actor=actor,
            note=reason,
            now=now,
            data={"seat": seat.seat, "vote": position.value, "fine_vrte": str(fine or "")},
        )
        if locked.votes.filter(seat=seat.seat).exists():
            raise StateConflict(
                _("A cadeira %(seat)s já votou neste recurso.") % {"seat": seat.seat},
                article=ART_52,
                code="seat_already_voted",
            )
        if locked.votes.filter(member=actor).exists():
            raise StateConflict(
                _("Você já votou neste recurso."), article=ART_52, code="member_already_voted"
            )
        full_fine = locked.notice.fine_vrte
        if position == Outcome.PARTIALLY_GRANTED and (
            fine is None or not tally.partial_fine_allowed(fine, full_fine)
        ):
            raise RuleViolation(
                _(
                    "No provimento parcial, informe a multa mantida: de zero a menos que a "
                    "multa aplicada (%(fine)s VRTE)."
                )
                % {"fine": full_fine},
                article=ART_52,
            )
        Vote.objects.create(
            appeal=locked,
            seat=seat.seat,
            member=actor,
            vote=position.value,
            fine_vrte=fine,
            reason=reason,
            cast_at=now,
        )
        vote_document_sign(appeal=locked, actor=actor, password=password)
        ballots = [
            tally.ballot(v.vote, full_fine, v.fine_vrte)
            for v in locked.votes.order_by("cast_at", "id")
        ]
        decision = tally.decide(ballots)
        if decision is not None:
            locked = _decide(
                appeal=locked, actor=actor, decision=decision, today=today, password=password
            )
    return locked
