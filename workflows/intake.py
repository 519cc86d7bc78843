"""The intake steps that request kinds share: ask for a correction, resubmit (with one
corrected document), reject, withdraw — so each kind's table lists them in one line each.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial

from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from accounts.models import User
from accounts.roles import CLERK
from cases.errors import RuleViolation
from cases.models import Case
from cases.services.documents import document_store, upload_check
from cases.services.transitions import case_step
from cases.workflow import ActionField, Edge

NOTE = ActionField("note", _l("Motivo"))


def resubmit_with_document(
    *,
    case: Case,
    actor: User,
    checklist: Mapping[str, str | Promise],
    note: str = "",
    item: str = "",
    document: UploadedFile | None = None,
) -> Case:
    """The requester sends the corrected request back, with one corrected document if any.

    The case page has no upload of its own; the correction asked by the clerk usually is
    a document, so `resubmit` carries it (checked before anything is written).
    """
    checked = None
    if document is not None:
        if item not in checklist:
            raise RuleViolation(_("Escolha a que item da documentação o arquivo corresponde."))
        checked = upload_check(document)
    with transaction.atomic(durable=True):
        locked = case_step(
            case=case,
            action="resubmit",
            actor=actor,
            note=note,
            data={"item": item} if checked else None,
        )
        if checked is not None:
            document_store(case=locked, item=item, checked=checked, actor=actor)
    return locked


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


def correction_edges(
    *, article: str, checklist: Mapping[str, str | Promise], ask_article: str | None = None
) -> tuple[Edge, Edge]:
    """The clerk asks for a correction (under `ask_article` when the request's documents
    have an article of their own); the requester (or a clerk) resubmits."""
    return (
        Edge(
            "ask_correction",
            _l("Pedir correção"),
            ask_article or article,
            roles=CLERK,
            note_required=True,
            inputs=(NOTE,),
            style="secondary",
        ),
        Edge(
            "resubmit",
            _l("Reenviar corrigido"),
            article,
            roles=CLERK,
            owner=True,
            inputs=resubmit_inputs(checklist),
            service=partial(resubmit_with_document, checklist=checklist),
        ),
    )


def reject_edge(article: str) -> Edge:
    return Edge(
        "reject",
        _l("Indeferir"),
        article,
        roles=CLERK,
        note_required=True,
        inputs=(NOTE,),
        style="danger",
    )


def withdraw_edge(article: str) -> Edge:
    return Edge("withdraw", _l("Desistir do pedido"), article, owner=True, style="danger")
