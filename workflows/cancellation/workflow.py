"""Cancellation on request (Art. 23): the workflow table. Services:
`workflows.cancellation.services`.

filed ──confirm (clerk)──▶ cancelled   (authorization cancelled; 5-year bar from that day)
  │  ╲
  │   ask_correction ▶ correction_requested ──resubmit──▶ filed
  reject ▶ rejected;  withdraw (holder, before the confirmation) ▶ withdrawn
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from django.utils.translation import gettext_lazy as _l

from accounts.models import User
from accounts.roles import CLERK
from cases.models import Case
from cases.workflow import ActionField, Edge, Filing, FilingForm, PortalOffer, Workflow, register
from law.citations import ART_23
from registers.models import Driver
from workflows.cancellation.api import CancellationInput
from workflows.cancellation.forms import CancellationForm
from workflows.cancellation.models import CancellationCase, CancellationState
from workflows.cancellation.services import (
    CHECKLIST,
    cancellation_confirm,
    cancellation_file,
    may_apply_again_on,
)
from workflows.inputs import files_from_serializer
from workflows.steps.intake import correction_edges, reject_edge, withdraw_edge
from workflows.steps.review import review_edge

NOTE = ActionField("note", _l("Motivo"))


def _file(actor: User, holder: Driver, data: dict[str, Any]) -> Case:
    return cancellation_file(
        actor=actor,
        holder=holder,
        acknowledged_bar=data["acknowledged_bar"],
        reason=data["reason"],
        proofs=files_from_serializer(data, CHECKLIST),
    )


def _shown(user: User, holder: Driver) -> dict[str, Any]:
    return {"may_apply_on": may_apply_again_on(timezone.localdate())}


WORKFLOW = register(
    Workflow(
        kind=CancellationCase.KIND,
        model=CancellationCase,
        states=CancellationState,
        initial=CancellationState.FILED,
        final_states=frozenset(
            {
                CancellationState.CANCELLED,
                CancellationState.REJECTED,
                CancellationState.WITHDRAWN,
            }
        ),
        checklist=CHECKLIST,
        filing=Filing(
            "cancellation-new",
            _l("Cancelamento da autorização (Art. 23)"),
            FilingForm(
                path="portal/cancelamento/novo/",
                api_path="cancellations/",
                form=CancellationForm,
                input=CancellationInput,
                file=_file,
                refusal=_l(
                    "Somente taxistas titulares cadastrados podem pedir o cancelamento pelo "
                    "portal."
                ),
                template="cancellation/new.html",
                context=_shown,
            ),
        ),
        offer=PortalOffer(
            rule=_l(
                "Quem cancela só pode pedir nova autorização após 5 anos (Art. 23 parágrafo "
                "único)."
            ),
            when=lambda standing: standing.holds_authorization,
            position=80,
        ),
        # A second cancellation of the same authorization waits for the first (Art. 23).
        blocks_cancellation=True,
        edges=(
            Edge(
                "confirm",
                _l("Efetivar o cancelamento"),
                ART_23,
                roles=CLERK,
                style="danger",
                service=cancellation_confirm,
            ),
            review_edge(article=ART_23, checklist=CHECKLIST),
            *correction_edges(article=ART_23, checklist=CHECKLIST),
            reject_edge(ART_23),
            withdraw_edge(ART_23),
        ),
    )
)
