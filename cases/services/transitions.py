"""The one path by which a case is opened or changes state.

`case_step` locks the case row, re-checks who may act and the guard, calls the django-fsm
transition, saves, and writes the audit event, all in the caller's transaction. Each kind's
services call it inside `transaction.atomic(durable=True)` (user actions) or inside the
sweeper's transaction (system transitions), then add their own effects in the same block.
"""

from __future__ import annotations

import copy
import datetime as dt
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django_fsm import TransitionNotAllowed, can_proceed

from accounts.display import person_label
from accounts.models import User
from accounts.roles import roles_of
from cases.errors import NotPermitted, RuleViolation, StateConflict
from cases.models import AuditEvent, Case, CaseSequence
from cases.services.commission import cases_reached_mark
from cases.services.overdue import overdue_by_rule, overdue_by_rule_all
from cases.workflow import Edge, Workflow, workflow_for
from core.sequences import sequence_next
from identity.levels import act_of_kind, assurance_check
from identity.second_factor import second_factor_check

C = TypeVar("C", bound=Case)


def local_today() -> dt.date:
    """Legal time is the local date in America/Sao_Paulo (DESIGN principle 5)."""
    return timezone.localdate()


def _next_sequence(year: int) -> int:
    return sequence_next(CaseSequence, year=year)


def case_open(
    *,
    model: type[C],
    actor: User | None,
    article: str,
    note: str = "",
    now: dt.datetime | None = None,
    data: Mapping[str, Any] | None = None,
    **fields: Any,
) -> C:
    """Open a case of `model`'s kind with the next number of the year (AAAA/NNNNNN)."""
    workflow = workflow_for(model.KIND)  # type: ignore[attr-defined]
    # The one place a citizen's act is checked against the level it needs (gov.br), for
    # pages and API alike; the level used goes on the timeline's first event.
    assurance = assurance_check(actor=actor, act=act_of_kind(workflow.kind))
    if assurance:
        data = {**(data or {}), **assurance}
    opened_at = now or timezone.now()
    with transaction.atomic():
        year = timezone.localtime(opened_at).year
        sequence = _next_sequence(year)
        case = model(
            number=f"{year}/{sequence:06d}",
            year=year,
            sequence=sequence,
            kind=workflow.kind,
            state=workflow.initial,
            overdue_by_rule=workflow.initial in workflow.overdue_states,
            before_commission=workflow.commission_sees,
            filed_by=actor,
            opened_at=opened_at,
            **fields,
        )
        case.save()
        # An appeal brings its notice before the commission (Art. 52; issue 10).
        cases_reached_mark(case)
        AuditEvent.objects.create(
            case=case,
            actor=actor,
            at=opened_at,
            from_state="",
            to_state=case.state,
            transition="open",
            article=article,
            note=note,
            data=dict(data or {}),
        )
    return case


def case_lock(case: C) -> C:
    """The case re-read under a row lock (SELECT … FOR UPDATE) as its kind's model.

    The instance the sweeper locked for the deadline handler running now is returned as it
    is (`case_held`): the handler's steps reuse the sweeper's one read of the case."""
    if case is _HELD.get():
        return case
    model = workflow_for(case.kind).model
    return model.objects.select_for_update().get(pk=case.pk)  # type: ignore[return-value]


def case_try_lock(case: C) -> C | None:
    """Like `case_lock`, but None at once when another transaction holds the case (the
    sweeper leaves that row for a later batch rather than wait while holding others)."""
    return cases_try_lock(case.kind, [case.pk]).get(case.pk)  # type: ignore[return-value]


def cases_try_lock(kind: str, ids: Sequence[int]) -> dict[int, Case]:
    """The cases of one kind no other transaction holds, locked in one statement, by id
    (the sweeper's row path and its set handlers)."""
    model = workflow_for(kind).model
    # The case's two rows (the kind's and the base one), not its authorization, which is
    # read along because most system steps go on to it (suspend, reactivate, revoke).
    rows = (
        model.objects.select_for_update(skip_locked=True, of=("self", "case_ptr"))
        .select_related("authorization")
        .filter(pk__in=ids)
        .order_by("pk")
    )
    return {case.pk: case for case in rows}


# Only the sweeper sets it, around one handler call, on the instance it has just locked:
# any other instance (a caller's older read) is re-read under the lock as before.
_HELD: ContextVar[Case | None] = ContextVar("case_held", default=None)


@contextmanager
def case_held(case: Case | None) -> Iterator[None]:
    token = _HELD.set(case)
    try:
        yield
    finally:
        _HELD.reset(token)


def _snapshot(case: Case) -> dict[str, Any]:
    # Deep copies, so that a transition editing a JSON value in place is seen as a change.
    return {f.attname: copy.deepcopy(getattr(case, f.attname)) for f in case._meta.concrete_fields}


def _changed_fields(case: Case, before: Mapping[str, Any]) -> list[str]:
    return [name for name, value in before.items() if getattr(case, name) != value]


def may_take(edge: Edge, case: Case, actor: User | None) -> bool:
    if edge.is_system:
        return actor is None
    if actor is None:
        return False
    if edge.roles & roles_of(actor):
        return True
    return bool(edge.owner and case.applicant_id and case.applicant.user_id == actor.pk)


def available_edges(case: Case, user: User | None) -> list[Edge]:
    """The actions this user may take on this case now (for pages and the API)."""
    specific = case.specific()
    workflow = workflow_for(case.kind)
    return [
        edge
        for edge in workflow.edges
        if not edge.is_system
        and not edge.internal
        and may_take(edge, specific, user)
        and can_proceed(getattr(specific, edge.name))
    ]


def case_step(
    *,
    case: C,
    action: str,
    actor: User | None,
    note: str = "",
    article: str | None = None,
    guard: Callable[[C], None] | None = None,
    kwargs: Mapping[str, Any] | None = None,
    data: Mapping[str, Any] | None = None,
    now: dt.datetime | None = None,
    authorized_by_caller: bool = False,
) -> C:
    """Apply one transition under the case lock and record it. Returns the locked case.

    `authorized_by_caller` is for internal edges fired by another kind's service that has
    already decided who may act (an appeal filed by an attorney moves the notice).
    """
    # No savepoint of its own: a refusal raises before any write, and a failure after one
    # must undo the caller's whole step anyway (the caller's transaction, or the
    # sweeper's savepoint for the row).
    with transaction.atomic(savepoint=False):
        locked = case_lock(case)
        workflow = workflow_for(locked.kind)
        try:
            edge = workflow.edge(action)
        except KeyError:
            raise RuleViolation(_("Ação desconhecida: %(action)s.") % {"action": action}) from None
        if not (authorized_by_caller and edge.internal) and not may_take(edge, locked, actor):
            raise NotPermitted(
                _("Seu perfil não permite a ação “%(label)s” neste processo.")
                % {"label": edge.label},
                article=edge.article,
            )
        # A decision of the mayor or the commission asks for a recent second factor.
        second_factor_check(actor=actor, edge_roles=edge.roles, label=str(edge.label))
        method = getattr(locked, action)
        if not method._django_fsm.has_transition(locked.state):
            raise _state_conflict(edge, workflow, locked)
        if guard is not None:
            # Before the transition's own conditions, so that a rule of the law is
            # reported as such (400) rather than as a bare conflict.
            guard(locked)
        if not can_proceed(method):
            raise _state_conflict(edge, workflow, locked)
        if edge.note_required and not note.strip():
            raise RuleViolation(_("Informe o motivo para “%(label)s”.") % {"label": edge.label})
        from_state = locked.state
        before = _snapshot(locked)
        try:
            method(**dict(kwargs or {}))
        except TransitionNotAllowed as exc:
            raise StateConflict(str(exc), article=edge.article) from exc
        at = now or timezone.now()
        if locked.state in workflow.final_states:
            locked.closed_at = at
        locked.overdue_by_rule = overdue_by_rule(locked, workflow)
        # Only what the transition changed: a full save would also write columns other
        # services keep in this transaction (the next due date) from a stale read.
        locked.save(update_fields=[*_changed_fields(locked, before), "updated_at"])
        _transition_event(
            locked, actor, at, from_state, action, article or edge.article, note, data
        ).save()
    return locked


def _transition_event(
    case: Case,
    actor: User | None,
    at: dt.datetime,
    from_state: str,
    action: str,
    article: str,
    note: str,
    data: Mapping[str, Any] | None,
) -> AuditEvent:
    """The timeline entry of a transition just applied to `case` (not saved)."""
    return AuditEvent(
        case=case, actor=actor, at=at, from_state=from_state, to_state=case.state,
        transition=action, article=article, note=note, data=dict(data or {}),
    )


def case_step_all(
    *,
    cases: Sequence[C],
    action: str,
    notes: Sequence[str],
    article: str | None = None,
    now: dt.datetime | None = None,
) -> list[C]:
    """A system edge applied to many cases of one kind at once, with what `case_step` would
    write for each (the same fields, the same audit event), in a few statements.

    For the sweeper's mass expiries (issue 13): the cases are locked by the caller, and a
    case the edge does not take raises before anything is written, so the caller's
    savepoint can fall back to `case_step` row by row."""
    if not cases:
        return []
    if len(notes) != len(cases):
        raise ValueError("one note per case")
    workflow = workflow_for(cases[0].kind)
    edge = workflow.edge(action)
    if not edge.is_system or edge.note_required and not all(n.strip() for n in notes):
        raise RuleViolation(_("Ação desconhecida: %(action)s.") % {"action": action})
    at = now or timezone.now()
    changed: set[str] = set()
    events = []
    moved: list[C] = []
    for case, note in zip(cases, notes, strict=True):
        if case.kind != workflow.kind:
            raise ValueError("cases of one kind")
        method = getattr(case, action)
        if not method._django_fsm.has_transition(case.state) or not can_proceed(method):
            raise _state_conflict(edge, workflow, case)
        from_state = case.state
        before = _snapshot(case)
        method()
        if case.state in workflow.final_states:
            case.closed_at = at
        changed.update(_changed_fields(case, before))
        moved.append(case)
        events.append(
            _transition_event(case, None, at, from_state, action, article or edge.article,
                              note, None)
        )
    for case, flag in zip(moved, overdue_by_rule_all(moved, workflow), strict=True):
        if flag != case.overdue_by_rule:
            case.overdue_by_rule = flag
            changed.add("overdue_by_rule")
    saved_at = timezone.now()
    for case in moved:
        case.updated_at = saved_at
    # The base table's columns through the base model: through the kind's model Django
    # would first read the kind's ids back to update its parent.
    model = type(moved[0])
    local = {f.attname for f in model._meta.local_concrete_fields}
    Case.objects.bulk_update(moved, [*sorted(changed - local), "updated_at"])  # type: ignore[arg-type]
    if changed & local:
        model.objects.bulk_update(moved, sorted(changed & local))
    AuditEvent.objects.bulk_create(events)
    return moved


def _state_conflict(edge: Edge, workflow: Workflow, case: Case) -> StateConflict:
    return StateConflict(
        _("A ação “%(label)s” não é permitida na situação atual (%(state)s).")
        % {"label": edge.label, "state": workflow.state_label(case.state)},
        article=edge.article,
    )


def case_record(
    *,
    case: Case,
    actor: User | None,
    event: str,
    article: str = "",
    note: str = "",
    data: Mapping[str, Any] | None = None,
) -> AuditEvent:
    """A timeline entry that is not a state change (claim, document review, posting)."""
    return AuditEvent.objects.create(
        case=case,
        actor=actor,
        at=timezone.now(),
        from_state=case.state,
        to_state=case.state,
        transition=event,
        article=article,
        note=note,
        data=dict(data or {}),
    )


def case_record_all(
    *, cases: Sequence[Case], event: str, article: str, data: Sequence[Mapping[str, Any]]
) -> None:
    """`case_record` by the system for many cases at once, in one statement."""
    at = timezone.now()
    AuditEvent.objects.bulk_create(
        AuditEvent(
            case=case, actor=None, at=at, from_state=case.state, to_state=case.state,
            transition=event, article=article, note="", data=dict(values),
        )
        for case, values in zip(cases, data, strict=True)
    )


def case_act(*, case: Case, action: str, actor: User, note: str = "", **inputs: Any) -> Case:
    """Entry point for pages and the API: run the edge's own service, or a plain step."""
    edge = workflow_for(case.kind).edge(action) if _has_edge(case, action) else None
    if edge is None:
        raise RuleViolation(_("Ação desconhecida: %(action)s.") % {"action": action})
    if edge.internal:
        raise NotPermitted(
            _("A ação “%(label)s” decorre de outro registro e não pode ser feita diretamente.")
            % {"label": edge.label},
            article=edge.article,
        )
    if edge.is_system:
        raise NotPermitted(
            _("A ação “%(label)s” é aplicada somente pelo sistema, ao fim do prazo.")
            % {"label": edge.label},
            article=edge.article,
        )
    if edge.service is not None:
        return edge.service(case=case, actor=actor, note=note, **inputs)
    with transaction.atomic(durable=True):
        return case_step(case=case, action=action, actor=actor, note=note)


def _has_edge(case: Case, action: str) -> bool:
    return any(edge.name == action for edge in workflow_for(case.kind).edges)


def case_claim(*, case: Case, actor: User) -> Case:
    """Take a case from the queue; when two clerks click at once, the second gets 409."""
    from accounts.roles import STAFF_ROLES

    if not roles_of(actor) & STAFF_ROLES:
        raise NotPermitted(_("Somente servidores podem assumir processos."))
    with transaction.atomic(durable=True):
        locked = Case.objects.select_for_update().get(pk=case.pk)
        if locked.assignee_id == actor.pk:
            return locked
        if locked.assignee_id is not None:
            raise StateConflict(
                _("Este processo já foi assumido por %(name)s.")
                % {"name": person_label(locked.assignee)}
            )
        if locked.closed_at is not None:
            raise StateConflict(_("Este processo já está encerrado."))
        locked.assignee = actor
        locked.save(update_fields=["assignee", "updated_at"])
        case_record(case=locked, actor=actor, event="claim")
    return locked
