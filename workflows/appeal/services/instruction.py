"""The instruction of an appeal (Arts. 64 §2, 65): diligences ordered, refused or recorded,
and the vote opened."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.roles import Role, has_role
from cases.errors import RuleViolation, StateConflict
from cases.models import Case
from cases.services.transitions import case_lock, case_step, local_today
from law.citations import (
    ART_52,
    ART_64_III,
    ART_64_P2,
    ART_65,
)
from workflows.appeal.models import (
    AppealCase,
    Diligence,
)
from workflows.appeal.services.common import (
    _seat_of,
)


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


def _appeal_lock(case: Case) -> AppealCase:
    return case_lock(AppealCase.objects.get(pk=case.pk))


def _diligence_step(
    appeal: AppealCase,
    row: Diligence,
    *,
    action: str,
    actor: User,
    note: str,
    article: str,
    now: dt.datetime,
    status: str,
    by_field: str = "decided_by",
    **fields: str,
) -> AppealCase:
    """One step of a diligence — ordered (Arts. 64 III, 65), refused (Art. 64 §2) or its
    result recorded (Art. 65): the appeal's transition with the diligence's facts, then
    the diligence's new status, who acted and when, in the same transaction."""
    locked = case_step(
        case=appeal,
        action=action,
        actor=actor,
        note=note,
        article=article,
        data=_facts(row),
        now=now,
    )
    row.status = status
    for name, value in fields.items():
        setattr(row, name, value)
    # `decided_by`/`decided_at` for a decision on the request, `result_by`/`result_at`
    # for its result: who answers for each is kept apart on the row.
    setattr(row, by_field, actor)
    setattr(row, by_field.replace("_by", "_at"), now)
    row.save()
    return locked


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
        appeal = _appeal_lock(case)
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
        return _diligence_step(
            appeal,
            row,
            action="order_diligence",
            actor=actor,
            note=note or row.description,
            article=ART_65 if ex_officio else ART_64_III,
            now=now,
            status=Diligence.Status.ORDERED,
            decision_reason=note.strip(),
        )


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
        appeal = _appeal_lock(case)
        return _diligence_step(
            appeal,
            _diligence(appeal, number, status=Diligence.Status.REQUESTED),
            action="refuse_diligence",
            actor=actor,
            note=reason,
            article=ART_64_P2,
            now=now,
            status=Diligence.Status.REFUSED,
            decision_reason=reason,
        )


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
        appeal = _appeal_lock(case)
        locked = _diligence_step(
            appeal,
            _diligence(appeal, number, status=Diligence.Status.ORDERED),
            action="record_diligence",
            actor=actor,
            note=result.strip(),
            article=ART_65,
            now=now,
            status=Diligence.Status.DONE,
            result=result.strip(),
            by_field="result_by",
        )
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
