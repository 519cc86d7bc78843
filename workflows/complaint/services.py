"""Writes of the complaint kind (Art. 39 IV, VI) and its conversion into notices (Art. 47).

Each service names its actor; state changes go through `case_step` inside a durable
transaction. The notices themselves are issued by
`workflows.violation.services.violation_notices_issue_for_conductor`, which owns the rules
of Arts. 41, 47 and 51 and opens its own durable transaction: see `complaint_convert` for
what that means for the link between the two.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.display import person_label
from accounts.models import User
from cases.errors import RuleViolation, StateConflict
from cases.models import Case
from cases.services.transitions import case_open, case_step
from law.citations import ART_39_IV_VI, ART_42, ART_47_II
from registers.validators import normalize_plate
from workflows.complaint.models import ComplaintCase, ComplaintState
from workflows.violation.selectors import taxi_for_plate
from workflows.violation.services import require_fiscal_agent, violation_notices_issue_for_conductor

if TYPE_CHECKING:
    from workflows.violation.models import ViolationNotice


# What the public form and the API accept; the database columns are no wider.
MAX_LENGTHS = {"place": 250, "account": 4000, "passenger_name": 120, "passenger_contact": 120}


# --- Filing ---------------------------------------------------------------------------


def complaint_file(
    *,
    plate: str,
    occurred_at: dt.datetime,
    place: str,
    account: str,
    passenger_name: str = "",
    passenger_contact: str = "",
    actor: User | None = None,
    channel: str = "web",
) -> ComplaintCase:
    """A passenger reports an irregularity or an unlawful act of a taxi (Art. 39 IV, VI).

    No login: `actor` is None for the public. A plate that is well formed but matches no
    authorization is kept (it may be clandestine transport, Arts. 60-62); a malformed one
    is refused before anything is written.
    """
    try:
        normalized = normalize_plate(plate)
    except ValidationError as exc:
        raise RuleViolation(" ".join(exc.messages), code="invalid_plate") from None
    texts = {
        "place": place.strip(),
        "account": account.strip(),
        "passenger_name": passenger_name.strip(),
        "passenger_contact": passenger_contact.strip(),
    }
    if not texts["place"]:
        raise RuleViolation(_("Informe o local do fato."), code="place_required")
    if not texts["account"]:
        raise RuleViolation(_("Conte o que aconteceu."), code="account_required")
    for name, limit in MAX_LENGTHS.items():
        if len(texts[name]) > limit:
            raise RuleViolation(
                _("Texto longo demais: no máximo %(limit)d caracteres.") % {"limit": limit},
                code="too_long",
            )
    now = timezone.now()
    if occurred_at > now:
        raise RuleViolation(
            _("A data e hora informadas estão no futuro."), code="occurred_in_future"
        )
    taxi = taxi_for_plate(normalized)
    with transaction.atomic(durable=True):
        return case_open(
            model=ComplaintCase,
            actor=actor,
            article=ART_39_IV_VI,
            now=now,
            note=_("Recebida pela internet.") if channel == "web" else _("Recebida pela API."),
            # Nothing here that identifies the passenger: the timeline is read more widely
            # than the complaint's own fields.
            data={"plate": normalized, "taxi_found": taxi is not None, "channel": channel},
            plate=normalized,
            taxi=taxi,
            occurred_at=occurred_at,
            **texts,
        )


# --- Triage ---------------------------------------------------------------------------


def complaint_start_triage(*, case: Case, actor: User, note: str = "") -> ComplaintCase:
    """A clerk takes the complaint: it leaves the inbox and is assigned to them (Art. 40)."""

    def not_someone_elses(locked: ComplaintCase) -> None:
        if locked.assignee_id not in (None, actor.pk):
            raise StateConflict(
                _("Esta reclamação já foi assumida por %(name)s.")
                % {"name": person_label(locked.assignee)}
            )

    with transaction.atomic(durable=True):
        return case_step(
            case=case,
            action="start_triage",
            actor=actor,
            note=note,
            guard=not_someone_elses,
            kwargs={"clerk": actor},
        )


def complaint_dismiss(*, case: Case, actor: User, note: str = "") -> ComplaintCase:
    """Nothing to pursue; the reason is kept on the complaint and in its timeline."""
    reason = note.strip()

    def has_reason(locked: ComplaintCase) -> None:
        # A guard, so that a user who may not dismiss at all hears that first (403).
        if not reason:
            raise RuleViolation(
                _("Informe o motivo do arquivamento da reclamação."), code="reason_required"
            )

    with transaction.atomic(durable=True):
        return case_step(
            case=case,
            action="dismiss",
            actor=actor,
            note=reason,
            guard=has_reason,
            kwargs={"reason": reason},
        )


# --- Conversion into notices (Arts. 41, 47) -------------------------------------------


def complaint_convert(
    *,
    case: Case,
    actor: User,
    items: Sequence[str],
    conductor: str,
    note: str = "",
    occurred_at: dt.datetime | None = None,
    place: str = "",
    offender_signed: bool = False,
    description: str = "",
    password: str = "",
) -> tuple[ComplaintCase, list[ViolationNotice]]:
    """An agent issues notices from a forwarded complaint; the complaint links to them.

    One transaction: the complaint is locked, the notices are issued, the complaint moves
    and links them — a refusal anywhere writes nothing. Time and place default to the
    passenger's.
    """
    require_fiscal_agent(actor)
    with transaction.atomic(durable=True):
        complaint = ComplaintCase.objects.select_for_update().get(pk=case.pk)
        if complaint.state != ComplaintState.FORWARDED:
            raise StateConflict(
                _(
                    "Somente uma reclamação encaminhada à fiscalização pode virar auto de "
                    "infração (situação atual: %(state)s)."
                )
                % {"state": ComplaintState(complaint.state).label},
                article=ART_42,
            )
        if complaint.taxi is None:
            raise RuleViolation(
                _(
                    "A placa %(plate)s não corresponde a nenhum táxi autorizado: não há termo "
                    "a autuar. Devolva a reclamação à triagem ou, se for transporte "
                    "clandestino, siga os Arts. 60 a 62."
                )
                % {"plate": complaint.plate},
                article=ART_47_II,
            )
        notices = violation_notices_issue_for_conductor(
            agent=actor,
            authorization=complaint.taxi,
            items=items,
            conductor=conductor,
            occurred_at=occurred_at or complaint.occurred_at,
            place=place.strip() or complaint.place,
            offender_signed=offender_signed,
            description=description.strip()
            or _("Lavrado a partir da reclamação de passageiro nº %(number)s.")
            % {"number": complaint.number},
            password=password,
        )
        locked = case_step(
            case=complaint,
            action="convert",
            actor=actor,
            note=note,
            data={"notices": [notice.number for notice in notices]},
        )
        locked.notices.add(*notices)
    return locked, notices
