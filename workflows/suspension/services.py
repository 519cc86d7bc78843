"""Suspension on request (Art. 24): its services and its deadline (the table, and the
diagram of its states and edges, are in `workflows.suspension.workflow`)."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Sequence

from django.conf import settings
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.roles import Role, has_role
from cases.errors import NotPermitted, RuleViolation, StateConflict, from_law
from cases.models import Case, Deadline
from cases.services.deadlines import (
    SetOutcome,
    deadline_fix,
    deadline_handler,
    deadline_set_handler,
    deadlines_cancel,
)
from cases.services.documents import document_store, upload_check
from cases.services.transitions import (
    case_lock,
    case_open,
    case_step,
    case_step_all,
    local_today,
)
from law import deadlines as law_deadlines
from law import suspension as law_suspension
from law.citations import ART_24, ART_24_P1
from law.errors import LawError
from law.i18n import format_date
from registers.models import Authorization, Driver
from workflows.authorizations import case_authorization_suspend
from workflows.holds import authorization_release_if_free, authorizations_release_if_free_all
from workflows.steps.durable import case_step_durable
from workflows.steps.guards import holder_authorization_lock
from workflows.steps.notices import applicant_notify
from workflows.suspension.models import SuspensionCase, SuspensionState

END_DEADLINE = "suspension.end"
PROOF_ITEM = "proof"


def _law(exc: LawError) -> RuleViolation:
    return from_law(exc)


# --- Services -------------------------------------------------------------------------


def suspension_file(
    *,
    actor: User,
    driver: Driver,
    ground: str,
    days: int,
    reason: str = "",
    proofs: Sequence[UploadedFile] = (),
) -> SuspensionCase:
    """The holder (through the portal) or a clerk (at the counter) files the request."""
    is_owner = driver.user_id == actor.pk
    if not (is_owner or has_role(actor, Role.CLERK)):
        raise NotPermitted(_("Somente o próprio taxista ou um servidor pode protocolar."))
    try:
        law_ground = law_suspension.Ground(ground)
    except ValueError:
        raise RuleViolation(
            _("Motivo inválido: escolha um dos incisos I a IV do Art. 24."), article=ART_24
        ) from None
    try:
        law_suspension.check_request(law_ground, local_today(), days)
    except LawError as exc:
        raise _law(exc) from exc
    if law_ground.requires_proof and not proofs:
        raise RuleViolation(
            _("Para o motivo %(ground)s é obrigatório anexar documento comprobatório.")
            % {"ground": ground},
            article=ART_24_P1,
        )
    # Every file is checked before anything is written: a bad file leaves no case behind.
    checked = [upload_check(proof) for proof in proofs]
    with transaction.atomic(durable=True):
        authorization = holder_authorization_lock(
            driver,
            refusal=_("O taxista não tem autorização ativa para suspender."),
            article=ART_24,
            statuses=(Authorization.Status.ACTIVE,),
        )
        open_states = [
            SuspensionState.FILED,
            SuspensionState.CORRECTION_REQUESTED,
            SuspensionState.AWAITING_DECISION,
        ]
        if SuspensionCase.objects.filter(
            authorization=authorization, state__in=open_states
        ).exists():
            raise StateConflict(
                _("Já existe um pedido de suspensão em andamento para esta autorização.")
            )
        # Art. 24: the same ground and facts do not start a new 120 days (item 8).
        try:
            law_suspension.check_same_facts(
                days=days,
                earlier=_same_facts(authorization, ground),
                limit=law_suspension.ExtensionLimit(settings.SUSPENSION_EXTENSION_LIMIT),
            )
        except LawError as exc:
            raise _law(exc) from exc
        case = case_open(
            model=SuspensionCase,
            actor=actor,
            article=ART_24,
            applicant=driver,
            authorization=authorization,
            ground=ground,
            requested_days=days,
            reason=reason,
            vehicle=authorization.vehicle,
            data={"ground": ground, "days": days},
        )
        for item in checked:
            document_store(case=case, item=PROOF_ITEM, checked=item, actor=actor)
    return case


def suspension_approve(
    *, case: Case, actor: User, note: str = "", today: dt.date | None = None
) -> SuspensionCase:
    """The mayor grants it: the authorization is suspended from today for the days asked."""
    start = today or local_today()

    return case_step_durable(
        case=case,
        action="approve",
        actor=actor,
        note=note,
        kwargs={"start_on": start, "end_on": _end(start, case)},
        effects=_suspended,
    )


def _suspended(case: SuspensionCase, *, actor: User, note: str) -> None:
    """The approval's effects: the authorization is suspended to the end, the applicant
    told."""
    assert case.authorization is not None and case.end_on is not None
    case_authorization_suspend(
        authorization=case.authorization, case=case, actor=actor, article=ART_24
    )
    _set_end_deadline(case)
    applicant_notify(case, template="suspension_decided", approved=True, note=note)


def suspension_deny(*, case: Case, actor: User, note: str = "") -> SuspensionCase:
    return case_step_durable(case=case, action="deny", actor=actor, note=note, effects=_refused)


def _refused(case: SuspensionCase, *, actor: User, note: str) -> None:
    applicant_notify(case, template="suspension_decided", approved=False, note=note)


def _same_facts(
    authorization: Authorization, ground: str, exclude: Case | None = None
) -> list[tuple[int, int | None]]:
    """Art. 24: (days, extension days) of the suspensions already served by this
    authorization for `ground` and its current vehicle — the same facts. A case from before
    the vehicle was recorded counts as about the current vehicle."""
    rows = SuspensionCase.objects.filter(
        authorization=authorization,
        ground=ground,
        start_on__isnull=False,
        state=SuspensionState.ENDED,
    ).filter(Q(vehicle__isnull=True) | Q(vehicle_id=authorization.vehicle_id))
    if exclude is not None:
        rows = rows.exclude(pk=exclude.pk)
    return list(rows.order_by("start_on", "id").values_list("requested_days", "extension_days"))


def _end(start: dt.date, case: Case) -> dt.date:
    return law_suspension.end_date(start, SuspensionCase.objects.get(pk=case.pk).requested_days)


def _set_end_deadline(case: SuspensionCase) -> None:
    assert case.end_on is not None
    # The end as the decision fixed it, the extension included (law.suspension.end_date).
    deadline_fix(
        rule=law_deadlines.SUSPENSION_ON_REQUEST,
        case=case,
        kind=END_DEADLINE,
        label=_("Fim da suspensão: a autorização volta a vigorar"),
        due_on=case.end_on,
    )


def suspension_request_extension(
    *, case: Case, actor: User, note: str = "", days: int | str = 0
) -> SuspensionCase:
    """One extension of at most the original period (Art. 24)."""
    try:
        wanted = int(days)
    except (TypeError, ValueError):
        raise RuleViolation(_("Informe o número de dias da prorrogação.")) from None

    def guard(locked: SuspensionCase) -> None:
        assert locked.authorization is not None
        # A request that continued an earlier one for the same facts was its extension.
        continued = bool(_same_facts(locked.authorization, locked.ground, exclude=locked))
        try:
            law_suspension.check_extension(
                locked.requested_days,
                wanted,
                0 if locked.extension_requested_days is None and not continued else 1,
                # Art. 24 "por igual período": the municipality's reading (a setting).
                limit=law_suspension.ExtensionLimit(settings.SUSPENSION_EXTENSION_LIMIT),
            )
        except LawError as exc:
            raise _law(exc) from exc

    with transaction.atomic(durable=True):
        return case_step(
            case=case,
            action="request_extension",
            actor=actor,
            note=note,
            guard=guard,
            kwargs={"days": wanted},
            data={"days": wanted},
        )


def suspension_grant_extension(*, case: Case, actor: User, note: str = "") -> SuspensionCase:
    """The mayor extends: the end deadline moves to the new last day."""
    with transaction.atomic(durable=True):
        locked = case_step(case=case, action="grant_extension", actor=actor, note=note)
        deadlines_cancel(case=locked, kinds=[END_DEADLINE])
        _set_end_deadline(locked)
    return locked


def _has_ended(case: SuspensionCase, today: dt.date) -> bool:
    """Whether the suspension's last day has passed; False for a stale row (ended already,
    or an extension moved the last day)."""
    live = case.state in (SuspensionState.IN_EFFECT, SuspensionState.EXTENSION_REQUESTED)
    return live and case.end_on is not None and case.end_on < today


def _end_note(case: SuspensionCase) -> str:
    return _("Prazo da suspensão encerrado em %(day)s.") % {"day": format_date(case.end_on)}


@deadline_handler(END_DEADLINE)
def suspension_end(case: Case, deadline: Deadline, today: dt.date) -> bool:
    """System: the last day has passed; the authorization is active again (Art. 24)."""
    locked = case_lock(case)  # the sweeper's own read of the case, already locked
    if not _has_ended(locked, today):
        return False
    ended = case_step(case=locked, action="end", actor=None, article=ART_24, note=_end_note(locked))
    assert ended.authorization is not None
    # A penalty being served (Art. 59 III, IV) keeps the taxi out of service.
    authorization_release_if_free(
        authorization=ended.authorization, case=ended, actor=None, article=ART_24, today=today
    )
    return True


@deadline_set_handler(END_DEADLINE)
def suspensions_end(rows: list[tuple[Case, Deadline]], today: dt.date) -> SetOutcome:
    """`suspension_end` for a sweeper's batch at once (a holiday's worth of suspensions
    ending, Art. 24): the same transitions, events and reactivations in a few statements.

    Two ends of one authorization go to the row path: the first leaves it held by the
    second, which releases it, and only the row path keeps that order."""
    per_authorization = Counter(case.authorization_id for case, _ in rows)
    one_by_one = [row.pk for case, row in rows if per_authorization[case.authorization_id] > 1]
    ending = [
        (case, row)
        for case, row in rows
        if isinstance(case, SuspensionCase)
        and per_authorization[case.authorization_id] == 1
        and _has_ended(case, today)
    ]
    ended = case_step_all(
        cases=[case for case, _ in ending],
        action="end",
        notes=[_end_note(case) for case, _ in ending],
        article=ART_24,
    )
    authorizations_release_if_free_all(cases=ended, article=ART_24)
    applied = [row.pk for _, row in ending]
    settled = {*applied, *one_by_one}
    return SetOutcome(
        applied=applied,
        moot=[row.pk for _, row in rows if row.pk not in settled],
        one_by_one=one_by_one,
    )
