"""Revocation (cassação), Art. 59 V, §2, §3 and §5: its services and its deadlines. The
states and edges are drawn once, with the table, in `workflows.revocation.workflow` (and
in docs/workflows.md).

Opened by the system (vehicle age, Art. 12; points, Art. 59 V d-e; recidivism, V a) through
`revocation_open`, or by a clerk through `revocation_file` (V b, V c, V f). The decision is
the executive's on the record (§3), whether the driver appealed or the window closed.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from accounts.models import User
from accounts.roles import Role, has_role
from cases.errors import NotPermitted, RuleViolation, StateConflict
from cases.models import Case, Deadline
from cases.services.deadlines import deadline_handler, deadline_start, deadlines_cancel
from cases.services.documents import document_store, upload_check
from cases.services.transitions import case_lock, case_open, case_step, local_today
from documents.models import OfficialDocument
from documents.signing.keys import act_confirm, document_sign_by
from law import bars as law_bars
from law import deadlines as law_deadlines
from law.citations import (
    ART_27,
    ART_27_P2,
    ART_59_P2,
    ART_59_P3,
    ART_59_V,
    ART_59_V_B,
    ART_59_V_C,
    ART_59_V_F_AND_70,
)
from law.i18n import format_date
from notifications.post import notice_send
from notifications.services import notification_queue
from registers.models import IN_FORCE, Authorization, AuxiliaryBinding, Driver
from workflows.revocation.models import RevocationCase, RevocationState
from workflows.revocation.selectors import auxiliary_bound, revocation_window_last_day
from workflows.steps.guards import appeal_in_time_check, authorization_in_force_lock
from workflows.steps.notices import notice_letter_send

DEFENCE_WINDOW = "revocation.defence_window"
DECISION_APPEAL_WINDOW = "revocation.decision_appeal_window"
DEFENCE_ITEM = "defence"

OPEN_STATES = (
    RevocationState.OPENED,
    RevocationState.NOTICE_SENT,
    RevocationState.NOTIFIED,
    RevocationState.DEFENCE_FILED,
    RevocationState.WINDOW_CLOSED,
    RevocationState.DECIDED,
    RevocationState.DECISION_APPEALED,
)

# The grounds a clerk opens by hand; the others are found by the system (Art. 12, V a, d, e).
MANUAL_GROUNDS: tuple[tuple[str, str | Promise], ...] = (
    (ART_59_V_B, _l("Art. 59 V b — descumprir reiteradamente as determinações do Poder "
                       "Executivo Municipal")),
    (ART_59_V_C, _l("Art. 59 V c — conduzir táxi durante a suspensão ou o impedimento de "
                       "circulação do veículo")),
    (ART_59_V_F_AND_70, _l("Art. 59 V f — descumprir o disposto no Art. 70")),
)




# --- Opening ------------------------------------------------------------------------------


def revocation_open(
    *,
    authorization: Authorization,
    article: str,
    reason: str,
    actor: User | None = None,
    auxiliary: Driver | None = None,
) -> RevocationCase:
    """Open a revocation case, once per authorization, target and ground while one is open.

    Called inside the caller's transaction by the processes that find a ground (vehicle age,
    points, recidivism); `auxiliary` names the auxiliary whose authorization is at stake.
    """
    with transaction.atomic():
        existing = (
            RevocationCase.objects.select_for_update()
            .filter(
                authorization=authorization,
                auxiliary=auxiliary,
                ground_article=article,
                closed_at__isnull=True,
            )
            .first()
        )
        if existing is not None:
            return existing
        return case_open(
            model=RevocationCase, actor=actor, article=article, note=reason,
            applicant=auxiliary or authorization.holder, authorization=authorization,
            auxiliary=auxiliary, ground_article=article, reason=reason,
            opened_by_system=actor is None,
            data={"ground": article, "auxiliary": auxiliary.pk if auxiliary else None},
        )


def revocation_file(
    *,
    actor: User,
    authorization: Authorization,
    ground: str,
    reason: str,
    auxiliary: Driver | None = None,
) -> RevocationCase:
    """A clerk opens a revocation on a ground the system cannot see (Art. 59 V b, c, f)."""
    if not has_role(actor, Role.CLERK):
        raise NotPermitted(
            _("Somente servidores abrem processos de cassação."), article=ART_59_P2
        )
    if ground not in dict(MANUAL_GROUNDS):
        raise RuleViolation(
            _("Fundamento inválido: escolha Art. 59 V b V c ou V f."), article=ART_59_V
        )
    if not reason.strip():
        raise RuleViolation(
            _("Descreva os fatos que fundamentam a abertura do processo."), article=ART_59_P2
        )
    with transaction.atomic(durable=True):
        locked = authorization_in_force_lock(
            authorization.pk,
            refusal=_("A autorização %(number)s não está em vigor (%(status)s)."),
            article=ART_59_V,
        )
        if auxiliary is not None and not auxiliary_bound(locked, auxiliary):
            raise RuleViolation(
                _("%(name)s não é o auxiliar vinculado a esta autorização.")
                % {"name": auxiliary.name},
                article=ART_27,
            )
        if RevocationCase.objects.filter(
            authorization=locked, auxiliary=auxiliary, ground_article=ground,
            closed_at__isnull=True,
        ).exists():
            raise StateConflict(
                _("Já existe um processo de cassação aberto com este fundamento."),
                article=ground,
            )
        return revocation_open(
            authorization=locked, article=ground, reason=reason.strip(), actor=actor,
            auxiliary=auxiliary,
        )


# --- Notice and defence (Art. 59 §2) ----------------------------------------------------------


def revocation_send_notice(
    *, case: Case, actor: User, note: str = "", password: str = ""
) -> RevocationCase:
    """The registered letter with AR opens the defence (Arts. 46 and 59 §2); with her
    password the clerk signs it (documents.signing)."""
    with transaction.atomic(durable=True):
        return notice_letter_send(
            case=case,
            actor=actor,
            note=note,
            template="revocation_notice",
            context=lambda revocation: {
                "revocation": revocation,
                "days": law_deadlines.REVOCATION_APPEAL_DAYS,
            },
            password=password,
            starts=[law_deadlines.REVOCATION_APPEAL],  # Art. 59 §2
        )


def revocation_notice_received(*, case: Case, received_on: dt.date, actor: User | None) -> None:
    """The AR's date that counts was recorded: the 10 days of §2 start.

    Called in the recording transaction for every legal letter of the case; the decision's
    letter (or a second AR) finds the case past `notice_sent` and changes nothing.
    """
    locked = RevocationCase.objects.select_for_update().get(pk=case.pk)
    if locked.state == RevocationState.DECIDED and locked.appeal_due_on is None:
        _decision_received(locked, received_on=received_on, actor=actor)
        return
    if locked.state != RevocationState.NOTICE_SENT:
        return
    due = law_deadlines.due_date(law_deadlines.REVOCATION_APPEAL, received_on)
    notified = case_step(
        case=locked,
        action="notify",
        actor=actor,
        kwargs={"received_on": received_on, "defence_due_on": due},
        data={"received_on": received_on.isoformat(), "defence_due_on": due.isoformat()},
        authorized_by_caller=True,
    )
    deadline_start(
        rule=law_deadlines.REVOCATION_APPEAL, start=received_on, case=notified,
        kind=DEFENCE_WINDOW, label=_("Prazo de recurso contra a cassação"),
    )
    assert notified.applicant is not None
    notification_queue(
        case=notified,
        recipient=notified.applicant,
        template="revocation_window",
        context={"revocation": notified, "received_on": received_on, "defence_due_on": due},
    )


def revocation_file_defence(
    *,
    case: Case,
    actor: User,
    note: str = "",
    defence: str = "",
    attachment: UploadedFile | None = None,
) -> RevocationCase:
    """The driver (portal) or a clerk (counter) files the appeal of §2 within the 10 days."""
    if not defence.strip():
        raise RuleViolation(_("Apresente as razões do recurso."), article=ART_59_P2)
    checked = upload_check(attachment) if attachment is not None else None
    today = local_today()

    def in_time(locked: RevocationCase) -> None:
        appeal_in_time_check(filed_on=today, last_day=_defence_last_day(locked), article=ART_59_P2)

    with transaction.atomic(durable=True):
        locked = case_step(
            case=case,
            action="file_defence",
            actor=actor,
            note=note,
            guard=in_time,
            kwargs={"filed_on": today, "defence": defence.strip()},
            data={"filed_on": today.isoformat()},
        )
        deadlines_cancel(case=locked, kinds=[DEFENCE_WINDOW])
        if checked is not None:
            document_store(case=locked, item=DEFENCE_ITEM, checked=checked, actor=actor)
    return locked


def _defence_last_day(case: RevocationCase) -> dt.date | None:
    """Art. 59 §2: the window's last day — the case's, or its row's when a day declared
    closed moved it later (CPC art. 224 §1; `registers.calendar`)."""
    return revocation_window_last_day(case, kind=DEFENCE_WINDOW, due_on=case.defence_due_on)


@deadline_handler(DEFENCE_WINDOW)
def _defence_window_closed(case: Case | None, deadline: Deadline, today: dt.date) -> bool:
    """System: the 10 days passed without an appeal; the case goes to the mayor (§3)."""
    assert case is not None
    locked = case_lock(case)
    if locked.state != RevocationState.NOTIFIED or locked.defence_due_on is None:
        return False
    if max(locked.defence_due_on, deadline.due_on) >= today:
        return False
    case_step(
        case=locked,
        action="close_window",
        actor=None,
        note=_("Prazo de recurso encerrado em %(day)s sem recurso.")
        % {"day": format_date(locked.defence_due_on)},
    )
    return True


# --- Decision (Art. 59 §3) --------------------------------------------------------------------


def _target_in_force(case: RevocationCase) -> None:
    authorization = case.authorization
    assert authorization is not None
    if case.auxiliary_id is not None:
        if not auxiliary_bound(authorization, case.auxiliary):  # type: ignore[arg-type]
            raise StateConflict(
                _("O auxiliar não está mais vinculado à autorização %(number)s; arquive o "
                  "processo.") % {"number": authorization.number},
                article=ART_27_P2,
            )
        return
    fresh = Authorization.objects.get(pk=authorization.pk)
    if fresh.status not in IN_FORCE:
        raise StateConflict(
            _("A autorização %(number)s já não está em vigor (%(status)s); arquive o processo.")
            % {"number": fresh.number, "status": fresh.get_status_display()},
            article=ART_59_P3,
        )


def revocation_revoke(
    *,
    case: Case,
    actor: User,
    note: str = "",
    today: dt.date | None = None,
    password: str = "",
) -> RevocationCase:
    """The mayor orders the revocation on the record (§3).

    The holder's authorization ends today (§5 bar from that day, read by
    `registers.requirements`), its register deadlines are cancelled, its auxiliary is
    unbound, any other revocation of it lapses and its place in the fleet goes to the
    waiting list. When the auxiliary is the one revoked, only his binding ends, as
    `revoked`; he is barred from any authorization for 5 years (§5 with Art. 27 §4).
    """
    # Art. 59 §2: the appeal "contra a medida" has suspensive effect (Art. 63 §1): the
    # authorization is revoked when it is decided or its window closes, not here.
    return _decide(
        case,
        "revoke",
        actor=actor,
        note=note,
        today=today,
        guard=_target_in_force,
        password=password,
    )


def _decide(
    case: Case,
    action: str,
    *,
    actor: User,
    note: str,
    today: dt.date | None,
    guard: Callable[[RevocationCase], None] | None = None,
    password: str = "",
) -> RevocationCase:
    """The mayor's decision on the record, revoke or dismiss: the case's deadlines end and
    the driver is told, with the grounds (§3). The mayor confirms it with his password (or
    second factor) and so signs the decision's letter himself in the same step
    (documents.signing.keys); blank or wrong, nothing is written."""
    day = today or local_today()
    with transaction.atomic(durable=True):
        locked = case_step(
            case=case,
            action=action,
            actor=actor,
            note=note,
            guard=guard,
            kwargs={"decided_on": day, "grounds": note.strip()},
            data={"decided_on": day.isoformat()},
        )
        deadlines_cancel(case=locked)
        letter = _notify_decision(
            locked, actor=actor, revoked=action == "revoke", barred_until=None
        )
        if letter is not None:
            document_sign_by(document=letter, actor=actor, password=password, case=locked)
        else:
            # No letter to sign (nobody to send it to): the decision is still his to confirm.
            act_confirm(user=actor, credential=password)
    return locked


def _decision_received(case: RevocationCase, *, received_on: dt.date, actor: User | None) -> None:
    """The decision's AR was recorded: 10 business days to appeal against the measure."""
    due = law_deadlines.revocation_appeal_deadline(received_on)
    notified = case_step(
        case=case, action="decision_notified", actor=actor, authorized_by_caller=True,
        kwargs={"received_on": received_on, "appeal_due_on": due},
        data={"received_on": received_on.isoformat(), "appeal_due_on": due.isoformat()},
    )
    deadline_start(
        rule=law_deadlines.REVOCATION_APPEAL, start=received_on, case=notified,
        kind=DECISION_APPEAL_WINDOW,
        label=_("Prazo de recurso contra a decisão de cassação (efeito suspensivo)"),
    )


def _appeal_last_day(case: RevocationCase) -> dt.date | None:
    """Art. 59 §2: the last day to appeal against the decided revocation."""
    return revocation_window_last_day(
        case, kind=DECISION_APPEAL_WINDOW, due_on=case.appeal_due_on
    )


def revocation_appeal_decision(
    *, case: Case, actor: User, note: str = "", reasons: str = ""
) -> RevocationCase:
    """Art. 59 §2: the driver (portal) or a clerk (counter) appeals against the decided
    revocation within the 10 business days from its notification; the revocation waits
    for the judgment (Art. 63 §1)."""
    if not reasons.strip():
        raise RuleViolation(_("Apresente as razões do recurso."), article=ART_59_P2)
    today = local_today()

    def in_time(locked: RevocationCase) -> None:
        appeal_in_time_check(filed_on=today, last_day=_appeal_last_day(locked), article=ART_59_P2)

    with transaction.atomic(durable=True):
        locked = case_step(
            case=case, action="appeal_decision", actor=actor, note=note, guard=in_time,
            kwargs={"filed_on": today, "reasons": reasons.strip()},
            data={"filed_on": today.isoformat()},
        )
        deadlines_cancel(case=locked, kinds=[DECISION_APPEAL_WINDOW])
    return locked


def _take_effect(case: RevocationCase, *, actor: User | None, day: dt.date) -> dt.date:
    """The revocation takes effect on `day`: the authorization (or the auxiliary's binding)
    ends and the bar of §5 runs from it."""
    authorization = case.authorization
    assert authorization is not None
    if case.auxiliary is not None:
        barred_until = _auxiliary_revoke(case, actor=actor, day=day)
    else:
        barred_until = _holder_revoke(case, authorization, actor=actor, day=day)
    deadlines_cancel(case=case)
    assert case.applicant is not None
    notification_queue(
        case=case,
        recipient=case.applicant,
        template="revocation_effective",
        context={"revocation": case, "revoked_on": day, "barred_until": barred_until},
    )
    return barred_until


@deadline_handler(DECISION_APPEAL_WINDOW)
def _decision_window_closed(case: Case | None, deadline: Deadline, today: dt.date) -> bool:
    """System: the 10 days passed without an appeal against the measure; it takes effect."""
    assert case is not None
    locked = case_lock(case)
    last_day = _appeal_last_day(locked)
    if locked.state != RevocationState.DECIDED or last_day is None or last_day >= today:
        return False
    revoked = case_step(
        case=locked, action="close_decision_window", actor=None,
        kwargs={"revoked_on": today},
        note=_("Prazo de recurso contra a cassação encerrado em %(day)s sem recurso: a "
               "cassação produz efeitos.") % {"day": format_date(last_day)},
    )
    _take_effect(revoked, actor=None, day=today)
    return True


def _grounds_required(note: str) -> None:
    """Art. 59 §2: the decision on the appeal against the measure states its grounds."""
    if not note.strip():
        raise RuleViolation(_("Fundamente a decisão do recurso."), article=ART_59_P2)


def revocation_appeal_deny(
    *, case: Case, actor: User, note: str = "", today: dt.date | None = None
) -> RevocationCase:
    """The executive denies the appeal against the measure: the revocation takes effect."""
    _grounds_required(note)
    day = today or local_today()
    with transaction.atomic(durable=True):
        locked = case_step(case=case, action="deny_decision_appeal", actor=actor, note=note,
                           kwargs={"revoked_on": day})
        _take_effect(locked, actor=actor, day=day)
    return locked


def revocation_appeal_grant(
    *, case: Case, actor: User, note: str = "", today: dt.date | None = None
) -> RevocationCase:
    """The executive grants the appeal against the measure: no revocation."""
    _grounds_required(note)
    with transaction.atomic(durable=True):
        locked = case_step(case=case, action="grant_decision_appeal", actor=actor, note=note)
        deadlines_cancel(case=locked)
        _notify_decision(locked, actor=actor, revoked=False, barred_until=None)
    return locked


def _holder_revoke(
    case: RevocationCase, authorization: Authorization, *, actor: User | None, day: dt.date
) -> dt.date:
    from workflows.authorizations import case_authorization_end

    case_authorization_end(
        authorization=authorization, status=Authorization.Status.REVOKED, on=day, case=case,
        actor=actor, article=f"{case.ground_article}; {ART_59_P3}",
        lapse_note=_("A autorização foi cassada no processo %(number)s.")
        % {"number": case.number},
    )
    return law_bars.revocation_bar_ends(day)


def _auxiliary_revoke(case: RevocationCase, *, actor: User | None, day: dt.date) -> dt.date:
    from workflows.auxiliary.services import case_auxiliary_binding_end

    binding = AuxiliaryBinding.objects.select_for_update().get(
        authorization=case.authorization, auxiliary=case.auxiliary, ended_on__isnull=True
    )
    case_auxiliary_binding_end(
        binding=binding, reason=AuxiliaryBinding.EndReason.REVOKED, on=day, case=case,
        actor=actor, article=f"{case.ground_article}; {ART_27_P2}",
    )
    assert case.authorization is not None
    revocations_lapse(
        authorization=case.authorization, auxiliary=case.auxiliary, keep=case,
        note=_("A autorização do auxiliar foi cassada no processo %(number)s.")
        % {"number": case.number},
    )
    # Art. 59 §5 with Art. 27 §4: a cassação bars the auxiliary from any authorization for
    # 5 years, as it bars a holder (the 12 months of Art. 27 §2 are the revogação's).
    return law_bars.revocation_bar_ends(day)


def revocation_dismiss(
    *,
    case: Case,
    actor: User,
    note: str = "",
    today: dt.date | None = None,
    password: str = "",
) -> RevocationCase:
    """The mayor finds no ground on the record: the case is closed, the driver told."""
    return _decide(case, "dismiss", actor=actor, note=note, today=today, password=password)


def revocations_lapse(
    *,
    authorization: Authorization,
    note: str,
    auxiliary: Driver | None = None,
    keep: Case | None = None,
) -> list[RevocationCase]:
    """Close as moot the open revocations of an authorization that ended by another act
    (a revocation on another ground, a cancellation, Art. 23), or of one auxiliary.

    In the caller's transaction; without `auxiliary`, the auxiliary's cases lapse too,
    since his binding ends with the holder's authorization (Art. 27 §1).
    """
    rows = RevocationCase.objects.select_for_update().filter(
        authorization=authorization, state__in=OPEN_STATES
    )
    if auxiliary is not None:
        rows = rows.filter(auxiliary=auxiliary)
    if keep is not None:
        rows = rows.exclude(pk=keep.pk)
    lapsed = []
    for row in rows.order_by("id"):
        stepped = case_step(case=row, action="lapse", actor=None, note=note)
        deadlines_cancel(case=stepped)
        lapsed.append(stepped)
    return lapsed


def _notify_decision(
    case: RevocationCase, *, actor: User, revoked: bool, barred_until: dt.date | None
) -> OfficialDocument | None:
    """The decision's registered letter (and e-mail); returns the letter."""
    assert case.applicant is not None
    notification = notice_send(
        case=case,
        recipient=case.applicant,
        template="revocation_decided",
        context={
            "revocation": case,
            "revoked": revoked,
            "grounds": case.decision_grounds,
            "barred_until": barred_until,
        },
        actor=actor,
    )
    return notification.letter
