"""The appeal's services: filing (Arts. 63, 64), instruction (Arts. 64 §2, 65), the vote and
the decision (Arts. 52, 55 II, 66), and the commission's seats (Art. 52).

Each user action is one durable transaction: `case_step` locks the appeal and writes the
audit event, and the effects follow in the same block — the violation notice moves with
the appeal (`workflows.violation.services.violation_appeal_*`), the decision PDF and the registered
letter are rows written here and carried out after commit.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.db.models import Q
from django.utils import timezone, translation
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.roles import Role, has_role
from cases.errors import NotPermitted, RuleViolation, StateConflict
from cases.models import Case, Deadline
from cases.services.documents import CheckedFile, document_store, upload_check
from cases.services.transitions import case_lock, case_open, case_step, local_today
from documents.codes import verification_code_display
from documents.models import OfficialDocument
from documents.penalties import penalty_lines, penalty_of_notice, penalty_text
from documents.services import document_issue, infraction_context
from documents.signing.keys import document_sign_by
from law import appeal as tally
from law.i18n import format_date
from notifications.post import notice_send
from notifications.services import notification_queue
from registers.models import Driver
from registers.selectors import driver_of
from workflows.appeal.models import (
    AppealCase,
    AppealState,
    AppealWitness,
    CommissionSeat,
    Diligence,
    FilerKind,
    Outcome,
    Seat,
    Vote,
)
from workflows.appeal.selectors import commission_on, seat_held_by
from workflows.appeal.votes import vote_document_sign
from workflows.violation.selectors import notice_for_update
from workflows.violation.services import (
    DECISION_PAYMENT,
    violation_appeal_decided,
    violation_appeal_filed,
    violation_decision_received,
)

ART_52 = "Art. 52"
ART_55_II = "Art. 55 II"
ART_63 = "Art. 63"
ART_63_P2 = "Art. 63 §2"
ART_64_I = "Art. 64 I"
ART_64_II = "Art. 64 II"
ART_64_III = "Art. 64 III"
ART_64_P1 = "Art. 64 §1"
ART_64_P2 = "Art. 64 §2"
ART_65 = "Art. 65"

MAX_WITNESSES = 3
"""Art. 64 §1: "limitado o número a 3 (três)"."""

EVIDENCE_ITEM = "evidence"
MANDATE_ITEM = "mandate"

if TYPE_CHECKING:
    from workflows.violation.models import ViolationNotice


@dataclass(frozen=True)
class WitnessInput:
    """A witness as the appellant lists him (Art. 64 §1: "devidamente qualificado")."""

    name: str
    qualification: str


# --- Filing (Arts. 63, 64) ---------------------------------------------------------------


def _parties(notice: ViolationNotice) -> dict[int, str]:
    """Who the notice is about, and as what: the holder and the auxiliary it names."""
    assert notice.applicant_id is not None
    parties = {notice.applicant_id: FilerKind.DRIVER.value}
    if notice.offender_id is not None and notice.offender_id != notice.applicant_id:
        parties[notice.offender_id] = FilerKind.AUXILIARY.value
    return parties


def _filer(
    *,
    actor: User,
    notice: ViolationNotice,
    filer_kind: str,
    appellant: Driver | None,
) -> tuple[Driver, str]:
    """Art. 63 §2: the driver, the auxiliary or an attorney with a specific mandate.

    Through the portal a driver files for himself; at the counter a clerk files for the
    party in person or for his attorney.
    """
    parties = _parties(notice)
    if has_role(actor, Role.CLERK):
        try:
            kind = FilerKind(filer_kind)
        except ValueError:
            raise RuleViolation(
                _("Informe quem interpõe o recurso: taxista, condutor auxiliar ou procurador."),
                article=ART_63_P2,
            ) from None
        chosen = appellant or notice.offender or notice.applicant
        assert chosen is not None
        if chosen.pk not in parties:
            raise RuleViolation(
                _("O recorrente deve ser o titular ou o condutor autuado neste auto."),
                article=ART_63_P2,
            )
        if kind != FilerKind.ATTORNEY and parties[chosen.pk] != kind:
            raise RuleViolation(
                _("%(name)s não é, neste auto, %(kind)s.")
                % {"name": chosen.name, "kind": kind.label.lower()},
                article=ART_63_P2,
            )
        return chosen, kind.value
    driver = driver_of(actor)
    if driver is None or driver.pk not in parties:
        raise NotPermitted(
            _("Somente o taxista, o condutor auxiliar autuado ou seu procurador podem recorrer."),
            article=ART_63_P2,
        )
    if filer_kind == FilerKind.ATTORNEY:
        raise NotPermitted(
            _("O procurador protocola o recurso no balcão, com o instrumento de mandato."),
            article=ART_63_P2,
        )
    return driver, parties[driver.pk]


def _witnesses(rows: Sequence[WitnessInput | Mapping[str, str]]) -> list[WitnessInput]:
    witnesses = [
        row
        if isinstance(row, WitnessInput)
        else WitnessInput(str(row.get("name", "")), str(row.get("qualification", "")))
        for row in rows
    ]
    witnesses = [
        WitnessInput(w.name.strip(), w.qualification.strip())
        for w in witnesses
        if w.name.strip() or w.qualification.strip()
    ]
    if len(witnesses) > MAX_WITNESSES:
        raise RuleViolation(
            _("O rol de testemunhas é limitado a 3; foram indicadas %(count)d.")
            % {"count": len(witnesses)},
            article=ART_64_P1,
            code="too_many_witnesses",
        )
    for witness in witnesses:
        if not witness.name or not witness.qualification:
            raise RuleViolation(
                _("Informe o nome e a qualificação de cada testemunha."), article=ART_64_P1
            )
    return witnesses


def appeal_file(
    *,
    actor: User,
    notice: ViolationNotice,
    qualification: str,
    facts_and_law: str,
    evidence: str = "",
    diligences: Sequence[str] = (),
    witnesses: Sequence[WitnessInput | Mapping[str, str]] = (),
    documents: Sequence[UploadedFile] = (),
    filer_kind: str = "",
    appellant: Driver | None = None,
    attorney_name: str = "",
    attorney_document: str = "",
    mandate: UploadedFile | None = None,
) -> AppealCase:
    """File an appeal against the notice's penalty (Arts. 63, 64).

    Refused, with nothing written, when late (the message names the day the window closed),
    incomplete, or filed by someone Art. 63 §2 does not name. Filed in time, the notice's
    penalty is suspended until the judgment (Art. 63 §1) and the appeal waits in the
    commission's queue.
    """
    appellant, kind = _filer(actor=actor, notice=notice, filer_kind=filer_kind, appellant=appellant)
    attorney_name, attorney_document = attorney_name.strip(), attorney_document.strip()
    if kind == FilerKind.ATTORNEY:
        if not (attorney_name and attorney_document and mandate is not None):
            raise RuleViolation(
                _(
                    "O procurador deve se identificar (nome e OAB ou documento) e juntar o "
                    "instrumento de mandato específico para este recurso."
                ),
                article=ART_63_P2,
                code="mandate_required",
            )
    elif mandate is not None or attorney_name or attorney_document:
        raise RuleViolation(
            _("Procurador e procuração só se informam quando é o procurador quem recorre."),
            article=ART_63_P2,
        )
    qualification, facts_and_law = qualification.strip(), facts_and_law.strip()
    if not qualification:
        raise RuleViolation(_("Informe a qualificação do recorrente."), article=ART_64_I)
    if not facts_and_law:
        raise RuleViolation(
            _("Informe as razões de fato e de direito do recurso."), article=ART_64_II
        )
    asked = [text.strip() for text in diligences if text.strip()]
    listed = _witnesses(witnesses)
    # Every file is checked before anything is written: a bad file leaves no case behind.
    checked_mandate = upload_check(mandate) if mandate is not None else None
    checked = [upload_check(upload) for upload in documents]
    filed_on = local_today()

    with transaction.atomic(durable=True):
        # Refuses a late appeal with the day the window closed, and suspends the penalty.
        violation_appeal_filed(case=notice, actor=actor, filed_on=filed_on)
        case = case_open(
            model=AppealCase,
            actor=actor,
            article=ART_63,
            applicant=appellant,
            authorization=notice.authorization,
            notice=notice,
            filed_on=filed_on,
            filer_kind=kind,
            attorney_name=attorney_name,
            attorney_document=attorney_document,
            qualification=qualification,
            facts_and_law=facts_and_law,
            evidence=evidence.strip(),
            data={
                "notice": notice.number,
                "filer_kind": kind,
                "witnesses": len(listed),
                "diligences": len(asked),
            },
        )
        AppealWitness.objects.bulk_create(
            AppealWitness(appeal=case, position=n, name=w.name, qualification=w.qualification)
            for n, w in enumerate(listed, start=1)
        )
        Diligence.objects.bulk_create(
            Diligence(
                appeal=case,
                number=n,
                origin=Diligence.Origin.REQUESTED,
                description=text,
                status=Diligence.Status.REQUESTED,
            )
            for n, text in enumerate(asked, start=1)
        )
        _store(case, MANDATE_ITEM, [checked_mandate] if checked_mandate else [], actor)
        _store(case, EVIDENCE_ITEM, checked, actor)
        notification_queue(
            case=case,
            recipient=appellant,
            template="appeal_filed",
            context={"appeal": case, "notice": notice},
        )
    return case


def _store(case: Case, item: str, files: Sequence[CheckedFile], actor: User) -> None:
    for checked in files:
        document_store(case=case, item=item, checked=checked, actor=actor)


# --- Instruction (Arts. 64 §2, 65) ----------------------------------------------------


def _seat_of(actor: User, today: dt.date) -> CommissionSeat:
    """The seat the actor holds today; only a sitting member acts for the commission."""
    seat = seat_held_by(actor, today) if has_role(actor, Role.COMMISSION_MEMBER) else None
    if seat is None:
        raise NotPermitted(
            _("Somente os membros em exercício da Comissão de Recursos podem fazer isto."),
            article=ART_52,
            code="not_a_seat_holder",
        )
    return seat


def _diligence(case: AppealCase, number: int | str | None, *, status: str) -> Diligence:
    """The diligence `number` of the appeal, locked, refused unless it is in `status`."""
    try:
        wanted = int(number or 0)
    except (TypeError, ValueError):
        wanted = 0
    row = Diligence.objects.select_for_update().filter(appeal=case, number=wanted).first()
    if row is None:
        raise RuleViolation(
            _("Não há diligência nº %(number)s neste recurso.") % {"number": number or "—"}
        )
    if row.status != status:
        raise StateConflict(
            _("A diligência nº %(number)d está %(status)s.")
            % {"number": row.number, "status": row.get_status_display()}
        )
    return row


def _facts(row: Diligence) -> dict[str, Any]:
    return {"diligence": row.number, "origin": row.origin, "description": row.description}


def appeal_order_diligence(
    *,
    case: Case,
    actor: User,
    note: str = "",
    number: int | str | None = None,
    description: str = "",
) -> AppealCase:
    """Order a diligence the appellant asked for (`number`, Art. 64 III) or a new one of the
    commission's own (`description`, Art. 65, at any stage before the first vote)."""
    now = timezone.now()
    with transaction.atomic(durable=True):
        _seat_of(actor, timezone.localdate(now))
        appeal = case_lock(AppealCase.objects.get(pk=case.pk))
        if number:
            row = _diligence(appeal, number, status=Diligence.Status.REQUESTED)
        elif description.strip():
            last = appeal.diligences.order_by("-number").values_list("number", flat=True)
            row = Diligence(
                appeal=appeal,
                number=(last.first() or 0) + 1,
                origin=Diligence.Origin.EX_OFFICIO,
                description=description.strip(),
            )
        else:
            raise RuleViolation(
                _("Indique o número da diligência pedida ou descreva a diligência de ofício."),
                article=ART_65,
            )
        ex_officio = row.origin == Diligence.Origin.EX_OFFICIO
        locked = case_step(
            case=appeal,
            action="order_diligence",
            actor=actor,
            note=note or row.description,
            article=ART_65 if ex_officio else ART_64_III,
            data=_facts(row),
            now=now,
        )
        row.status = Diligence.Status.ORDERED
        row.decision_reason = note.strip()
        row.decided_by = actor
        row.decided_at = now
        row.save()
    return locked


def appeal_refuse_diligence(
    *,
    case: Case,
    actor: User,
    note: str = "",
    number: int | str | None = None,
    reason: str = "",
) -> AppealCase:
    """Refuse a diligence asked for as impracticable, needless or dilatory — with the
    reason, always (Art. 64 §2)."""
    now = timezone.now()
    reason = (reason or note).strip()
    with transaction.atomic(durable=True):
        _seat_of(actor, timezone.localdate(now))
        if not reason:
            raise RuleViolation(
                _(
                    "O indeferimento da diligência precisa de fundamentação: impraticável, "
                    "desnecessária ou protelatória."
                ),
                article=ART_64_P2,
                code="reason_required",
            )
        appeal = case_lock(AppealCase.objects.get(pk=case.pk))
        row = _diligence(appeal, number, status=Diligence.Status.REQUESTED)
        locked = case_step(
            case=appeal,
            action="refuse_diligence",
            actor=actor,
            note=reason,
            article=ART_64_P2,
            data=_facts(row),
            now=now,
        )
        row.status = Diligence.Status.REFUSED
        row.decision_reason = reason
        row.decided_by = actor
        row.decided_at = now
        row.save()
    return locked


def appeal_record_diligence(
    *,
    case: Case,
    actor: User,
    note: str = "",
    number: int | str | None = None,
    result: str = "",
) -> AppealCase:
    """Put an ordered diligence's result on the record (a clerk of the Secretaria or a
    member); the review goes on once none is pending (Art. 65)."""
    now = timezone.now()
    with transaction.atomic(durable=True):
        if not has_role(actor, Role.CLERK):
            _seat_of(actor, timezone.localdate(now))
        if not result.strip():
            raise RuleViolation(_("Descreva o resultado da diligência."), article=ART_65)
        appeal = case_lock(AppealCase.objects.get(pk=case.pk))
        row = _diligence(appeal, number, status=Diligence.Status.ORDERED)
        locked = case_step(
            case=appeal,
            action="record_diligence",
            actor=actor,
            note=result.strip(),
            article=ART_65,
            data=_facts(row),
            now=now,
        )
        row.status = Diligence.Status.DONE
        row.result = result.strip()
        row.result_by = actor
        row.result_at = now
        row.save()
        if not locked.diligences.filter(status=Diligence.Status.ORDERED).exists():
            locked = case_step(
                case=locked,
                action="resume_review",
                actor=actor,
                article=ART_65,
                authorized_by_caller=True,
                now=now,
            )
    return locked


def appeal_open_voting(*, case: Case, actor: User, note: str = "") -> AppealCase:
    """Close the instruction and open the vote; every diligence asked for must have been
    decided first (Art. 64 §2)."""

    def guard(locked: AppealCase) -> None:
        undecided = list(
            locked.diligences.filter(status=Diligence.Status.REQUESTED).values_list(
                "number", flat=True
            )
        )
        if undecided:
            raise RuleViolation(
                _("Decida antes as diligências pedidas pelo recorrente: nº %(numbers)s.")
                % {"numbers": ", ".join(str(n) for n in undecided)},
                article=ART_64_P2,
            )

    with transaction.atomic(durable=True):
        _seat_of(actor, local_today())
        return case_step(
            case=case, action="open_voting", actor=actor, note=note, guard=guard, article=ART_52
        )


# --- The vote and the decision (Arts. 52, 55 II, 66) ----------------------------------


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
        return _decide_in_language(
            appeal=appeal, actor=actor, decision=decision, today=today, password=password
        )


def _decide_in_language(
    *,
    appeal: AppealCase,
    actor: User,
    decision: tally.Decision,
    today: dt.date,
    password: str = "",
) -> AppealCase:
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
    if password:
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
        return _(
            "por maioria de dois votos concordantes, sem o voto da cadeira %(seats)s"
        ) % {"seats": ", ".join(seat_named(seat) for seat in missing)}
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


# --- The commission's seats (Art. 52) ------------------------------------------------


def commission_seat_assign(
    *, seat: str, holder: User, since: dt.date, actor: User, appointment: str = ""
) -> CommissionSeat:
    """An administrator records who holds a seat from `since`; the previous holder's term
    ends the day before."""
    if not has_role(actor, Role.ADMINISTRATOR):
        raise NotPermitted(_("Somente o administrador registra os membros da comissão."))
    try:
        seat = Seat(seat).value
    except ValueError:
        raise RuleViolation(_("Cadeira inválida: I, II ou III."), article=ART_52) from None
    with transaction.atomic(durable=True):
        for term in (
            CommissionSeat.objects.select_for_update()
            .filter(Q(seat=seat) | Q(holder=holder))
            .filter(Q(until__isnull=True) | Q(until__gte=since))
        ):
            if term.since >= since:
                raise StateConflict(
                    _("Já há um mandato começando em %(day)s; corrija-o no cadastro.")
                    % {"day": format_date(term.since)},
                    article=ART_52,
                )
            term.until = since - dt.timedelta(days=1)
            term.save(update_fields=["until"])
        row = CommissionSeat(seat=seat, holder=holder, since=since, appointment=appointment)
        try:
            row.full_clean()
        except ValidationError as exc:
            raise RuleViolation(" ".join(exc.messages), article=ART_52) from exc
        row.save()
    return row


def commission_seat_vacate(*, seat: str, until: dt.date, actor: User) -> CommissionSeat:
    """The seat's current holder leaves; `until` is his last day."""
    if not has_role(actor, Role.ADMINISTRATOR):
        raise NotPermitted(_("Somente o administrador registra os membros da comissão."))
    with transaction.atomic(durable=True):
        term = (
            CommissionSeat.objects.select_for_update()
            .filter(seat=seat)
            .filter(Q(until__isnull=True) | Q(until__gte=until))
            .filter(since__lte=until)
            .first()
        )
        if term is None:
            raise StateConflict(_("A cadeira não tem titular nessa data."), article=ART_52)
        term.until = until
        term.save(update_fields=["until"])
    return term
