"""Per-item document review: a clerk accepts each file of the checklist, or refuses it with
a reason the requester reads (the refused item is then asked for again).

`review_transitions` gives a kind the `review_document` transition (the case stays where
it is); `review_edge` gives its table the edge, which the case page and the API
(`/api/cases/<id>/actions/review_document/`) offer; `documents_accepted` is the guard of a
later step that needs reviewed documents (a substitution's inspection needs its CRLV).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial

from django.db import transaction
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l
from django_fsm import transition

from accounts.models import User
from accounts.roles import CLERK
from cases.errors import RuleViolation, StateConflict
from cases.models import Case, Document
from cases.services.documents import document_latest, document_review
from cases.services.transitions import case_step
from cases.workflow import ActionField, Edge

ACCEPT = "accept"
REJECT = "reject"


def review_transitions(*, during: str) -> type:
    """The review transition of a kind whose documents are reviewed in state `during`."""

    class ReviewTransitions:
        @transition(field="state", source=during, target=during)
        def review_document(self) -> None:
            """A clerk accepts or refuses one document of the checklist."""

    return ReviewTransitions


def case_document_review(
    *,
    case: Case,
    actor: User,
    checklist: Mapping[str, str | Promise],
    article: str,
    item_articles: Mapping[str, str] | None = None,
    note: str = "",
    item: str = "",
    decision: str = "",
) -> Case:
    """A clerk accepts, or refuses with a reason, the latest file of one checklist item.

    The audit row names the item's own article when the checklist gives one.
    """
    if item not in checklist:
        raise RuleViolation(
            _("Escolha o item do checklist a conferir."), article=article, code="item_missing"
        )
    item_article = (item_articles or {}).get(item, article)
    if decision not in (ACCEPT, REJECT):
        raise RuleViolation(
            _("Escolha aceitar ou recusar o documento."),
            article=item_article,
            code="decision_missing",
        )
    accepted = decision == ACCEPT
    if not accepted and not note.strip():
        raise RuleViolation(
            _("Informe o motivo da recusa do documento."),
            article=item_article,
            code="review_reason_missing",
        )

    def guard(locked: Case) -> None:
        latest = document_latest(case=locked, item=item)
        if latest is None:
            raise RuleViolation(
                _("Nenhum arquivo foi enviado para “%(label)s”.") % {"label": checklist[item]},
                article=item_article,
                code="document_missing",
            )
        # The same decision on the same file again changes nothing: a second history line
        # would say it was checked twice (someone's double click or a stale page).
        if latest.review == (Document.Review.ACCEPTED if accepted else Document.Review.REJECTED):
            message = (
                _("“%(label)s” já foi aceito.") if accepted else _("“%(label)s” já foi recusado.")
            )
            raise StateConflict(
                message % {"label": checklist[item]},
                article=item_article,
                code="document_already_reviewed",
            )

    with transaction.atomic(durable=True):
        locked = case_step(
            case=case,
            action="review_document",
            actor=actor,
            note=note,
            article=item_article,
            guard=guard,
            data={"item": item, "accepted": accepted},
        )
        document_review(case=locked, item=item, accepted=accepted, note=note)
    return locked


def review_edge(
    *,
    article: str,
    checklist: Mapping[str, str | Promise],
    item_articles: Mapping[str, str] | None = None,
) -> Edge:
    """The clerk's review of one document item, for the kind's table."""
    return Edge(
        "review_document",
        _l("Conferir documento"),
        article,
        roles=CLERK,
        inputs=(
            ActionField("item", _l("Documento"), "choice", choices=tuple(checklist.items())),
            ActionField(
                "decision",
                _l("Conferência"),
                "choice",
                choices=((ACCEPT, _l("Aceitar")), (REJECT, _l("Recusar"))),
            ),
            ActionField("note", _l("Motivo da recusa"), required=False),
        ),
        service=partial(
            case_document_review,
            checklist=checklist,
            article=article,
            item_articles=item_articles,
        ),
        style="secondary",
    )


def documents_accepted(
    items: Mapping[str, str | Promise], *, article: str, message: str | Promise
) -> Callable[[Case], None]:
    """A guard: the latest file of each item was accepted by a clerk."""

    def guard(case: Case) -> None:
        missing = [
            item
            for item in items
            if not (
                (latest := document_latest(case=case, item=item)) is not None
                and latest.review == Document.Review.ACCEPTED
            )
        ]
        if missing:
            raise RuleViolation(str(message), article=article, code="documents_not_accepted")

    return guard
