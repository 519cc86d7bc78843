"""Intake (Arts. 10, 19, 23, 25, 27): the clerk accepts the request, asks for a correction
the requester resubmits, or rejects it; the requester may withdraw it.

`intake_transitions` gives a kind the transitions; `accept_edge`, `correction_edges`,
`reject_edge` and `withdraw_edge` give its table the edges, each with the one service of
its step. A kind passes what is its own: the guard of a step (the documents complete),
its effects in the same transaction (the notice sent), the inputs of its resubmission.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from functools import partial
from typing import Any

from django.core.files.uploadedfile import UploadedFile
from django.db import models, transaction
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l
from django_fsm import transition

from accounts.models import User
from accounts.roles import CLERK
from cases.errors import RuleViolation
from cases.models import Case
from cases.services.documents import CheckedFile, document_store, upload_check
from cases.services.transitions import case_step
from cases.workflow import ActionField, Edge
from workflows.steps.durable import Effects, Guard, case_step_durable

NOTE = ActionField("note", _l("Motivo"))
ACCEPT_LABEL = _l("Aceitar os documentos")
REJECT_LABEL = _l("Indeferir")

# Fields a step writes on the case, computed when the step is taken ({"decided_on": …}).
Changes = Callable[[], Mapping[str, object]]


def _apply(case: object, changes: Mapping[str, object]) -> None:
    for name, value in changes.items():
        if value is not None:
            setattr(case, name, value)


def intake_transitions(
    states: type[models.TextChoices],
    *,
    accepted: str | None = None,
    reject_from: Sequence[str] | None = None,
    withdraw_from: Sequence[str] | None = None,
) -> type:
    """The intake transitions of a kind, from its states' conventional names.

    The request waits in `FILED` for the clerk; `accept` takes it to `accepted` (None:
    the kind has no acceptance of its own, a substitution is checked by its inspection);
    a correction waits in `CORRECTION_REQUESTED`, and a kind without that state has no
    correction loop. `reject` ends in `REJECTED`, by default from the clerk's check
    (`FILED`); `withdraw` in `WITHDRAWN`, by default from any intake state up to the
    decision, and a kind without that state cannot be withdrawn (a renewal: the IM's
    cycle goes on). `resubmit` and `reject` write the fields the kind records with them.
    """
    filed = states.FILED  # type: ignore[attr-defined]
    rejected = states.REJECTED  # type: ignore[attr-defined]
    correction = getattr(states, "CORRECTION_REQUESTED", None)
    withdrawn = getattr(states, "WITHDRAWN", None)
    if reject_from is None:
        reject_from = (filed,)
    if withdraw_from is None:
        withdraw_from = [state for state in (filed, correction, accepted) if state is not None]

    class IntakeTransitions:
        if accepted is not None:

            @transition(field="state", source=filed, target=accepted)
            def accept(self) -> None:
                """The clerk found the request and its documents in order."""

        if correction is not None:

            @transition(field="state", source=filed, target=correction)
            def ask_correction(self) -> None:
                """Something is missing, refused or wrong; the requester corrects it."""

            @transition(field="state", source=correction, target=filed)
            def resubmit(self, **changes: object) -> None:
                """The requester sent the correction (and the data it changes, if any)."""
                _apply(self, changes)

        @transition(field="state", source=list(reject_from), target=rejected)
        def reject(self, **changes: object) -> None:
            """The request cannot be granted (a reason is always given)."""
            _apply(self, changes)

        if withdrawn is not None:

            @transition(field="state", source=list(withdraw_from), target=withdrawn)
            def withdraw(self) -> None:
                """The requester gives up before the decision."""

    return IntakeTransitions


# --- Services ---------------------------------------------------------------------------


def intake_step(
    *,
    case: Case,
    actor: User,
    action: str,
    note: str = "",
    guard: Guard | None = None,
    effects: Effects | None = None,
    changes: Changes | None = None,
) -> Case:
    """One intake step in its own durable transaction, with the kind's guard and effects
    (`case_step_durable`); `changes` are computed when the step is taken."""
    return case_step_durable(
        case=case,
        actor=actor,
        action=action,
        note=note,
        guard=guard,
        kwargs=dict(changes()) if changes is not None else None,
        effects=effects,
    )


def _check(item: str, upload: UploadedFile) -> CheckedFile:
    return upload_check(upload)


def intake_resubmit(
    *,
    case: Case,
    actor: User,
    note: str = "",
    checklist: Mapping[str, str | Promise],
    uploads: Mapping[str, UploadedFile],
    check: Callable[[str, UploadedFile], CheckedFile] = _check,
    guard: Callable[[Any, Collection[str]], None] | None = None,
    changes: Mapping[str, object] | None = None,
) -> Case:
    """The requester sends the correction with a new file for some checklist items.

    Every file is judged (`check`, by its content) before anything is written; `guard`
    sees the locked case and the items being resent (all that was refused must come).
    """
    unknown = sorted(set(uploads) - set(checklist))
    if unknown:
        raise RuleViolation(
            _("Item de documento desconhecido: %(item)s.") % {"item": ", ".join(unknown)},
            code="unknown_item",
        )
    checked = {item: check(item, upload) for item, upload in uploads.items()}
    with transaction.atomic(durable=True):
        locked = case_step(
            case=case,
            action="resubmit",
            actor=actor,
            note=note,
            guard=(lambda c: guard(c, checked.keys())) if guard is not None else None,
            kwargs=changes,
            data={"items": sorted(checked)},
        )
        for item, file in checked.items():
            document_store(case=locked, item=item, checked=file, actor=actor)
    return locked


def resubmit_with_document(
    *,
    case: Case,
    actor: User,
    checklist: Mapping[str, str | Promise],
    note: str = "",
    item: str = "",
    document: UploadedFile | None = None,
) -> Case:
    """`resubmit` from the case page or the API: one corrected document, if any.

    The correction asked by the clerk usually is a document, so the page's one form
    carries it.
    """
    if document is not None and item not in checklist:
        raise RuleViolation(
            _("Escolha a que item da documentação o arquivo corresponde."), code="item_missing"
        )
    return intake_resubmit(
        case=case,
        actor=actor,
        note=note,
        checklist=checklist,
        uploads={item: document} if document is not None else {},
    )


def resubmit_inputs(checklist: Mapping[str, str | Promise]) -> tuple[ActionField, ...]:
    """The inputs of a `resubmit` edge that takes one corrected document."""
    return (
        ActionField(
            "item",
            _l("Item do documento corrigido"),
            "choice",
            required=False,
            choices=tuple(checklist.items()),
        ),
        ActionField(
            "document", _l("Documento corrigido (PDF, JPEG ou PNG)"), "file", required=False
        ),
    )


# --- Edges ------------------------------------------------------------------------------


def accept_edge(
    *,
    article: str,
    label: str | Promise = ACCEPT_LABEL,
    guard: Guard | None = None,
    effects: Effects | None = None,
) -> Edge:
    """The clerk accepts the request; `guard` says what must hold (the documents there)."""
    return Edge(
        "accept",
        label,
        article,
        roles=CLERK,
        service=partial(intake_step, action="accept", guard=guard, effects=effects),
    )


def correction_edges(
    *,
    article: str,
    checklist: Mapping[str, str | Promise],
    ask_article: str | None = None,
    ask_guard: Guard | None = None,
    ask_effects: Effects | None = None,
    resubmit_fields: tuple[ActionField, ...] | None = None,
    resubmit_service: Callable[..., Case] | None = None,
) -> tuple[Edge, Edge]:
    """The clerk asks for a correction (under `ask_article` when the request's documents
    have an article of their own); the requester (or a clerk) resubmits — by default one
    corrected document, or the kind's own inputs and service (several files, new data)."""
    return (
        Edge(
            "ask_correction",
            _l("Pedir correção"),
            ask_article or article,
            roles=CLERK,
            note_required=True,
            inputs=(NOTE,),
            style="secondary",
            service=partial(
                intake_step, action="ask_correction", guard=ask_guard, effects=ask_effects
            ),
        ),
        Edge(
            "resubmit",
            _l("Reenviar corrigido"),
            article,
            roles=CLERK,
            owner=True,
            inputs=resubmit_fields if resubmit_fields is not None else resubmit_inputs(checklist),
            service=resubmit_service or partial(resubmit_with_document, checklist=checklist),
        ),
    )


def reject_edge(
    article: str,
    *,
    label: str | Promise = REJECT_LABEL,
    effects: Effects | None = None,
    changes: Changes | None = None,
) -> Edge:
    """The clerk refuses the request, always with a reason."""
    return Edge(
        "reject",
        label,
        article,
        roles=CLERK,
        note_required=True,
        inputs=(NOTE,),
        style="danger",
        service=partial(intake_step, action="reject", effects=effects, changes=changes),
    )


def withdraw_edge(
    article: str,
    *,
    effects: Effects | None = None,
    service: Callable[..., Case] | None = None,
) -> Edge:
    """The requester gives up; `service` for a kind whose withdrawal takes other locks
    first (an application that holds a place in the fleet)."""
    return Edge(
        "withdraw",
        _l("Desistir do pedido"),
        article,
        owner=True,
        style="danger",
        service=service or partial(intake_step, action="withdraw", effects=effects),
    )
