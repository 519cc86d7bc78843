"""Transfer of the authorization (Art. 25): the workflow table. Services:
`workflows.transfer.services`.

filed ──accept (clerk)──▶ awaiting_inspection ──schedule_inspection──▶ inspection_scheduled
  │  ╲                      ▲      │ reject                     │ (recording the result)
  │   ask_correction        │      ▼                            ├─ fail_inspection ──┘
  │     ▼                   │   rejected                        └─ pass_inspection
  │  correction_requested ──resubmit──▶ filed                          ▼
  reject ▶ rejected                              awaiting_consent ──approve (mayor)──▶ transferred
  withdraw (beneficiary, before the decision) ▶ withdrawn         └─deny (mayor)──▶ denied
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _l

from accounts.roles import Role
from cases.workflow import ActionField, Edge, Filing, PortalOffer, Workflow, register
from law.citations import ART_25, ART_25_AND_22_P1, ART_25_SOLE
from workflows.steps.inspection import INSPECTORS, inspection_edges, inspection_hook
from workflows.steps.intake import accept_edge, correction_edges, reject_edge, withdraw_edge
from workflows.steps.review import review_edge
from workflows.transfer.models import FINAL_STATES, TransferCase, TransferState
from workflows.transfer.selectors import transfer_is_unproven
from workflows.transfer.services import (
    CHECKLIST,
    INSPECTION,
    transfer_accept_guard,
    transfer_approve,
    transfer_deny,
)

MAYOR = frozenset({Role.MAYOR})
NOTE = ActionField("note", _l("Motivo"))

WORKFLOW = register(
    Workflow(
        event_labels={
            "authorization_transferred": _l("Autorização transferida"),
        },
        kind=TransferCase.KIND,
        model=TransferCase,
        states=TransferState,
        initial=TransferState.FILED,
        final_states=frozenset(FINAL_STATES),
        checklist=CHECKLIST,
        filing=Filing("transfer-new", _l("Transferência de autorização (Art. 25)")),
        offer=PortalOffer(
            rule=_l(
                "Somente por falecimento, aos sucessores, ou por invalidez do titular, ao "
                "cônjuge ou descendente que cumpra os requisitos (Art. 25)."
            ),
            when=lambda standing: standing.active,
            position=60,
        ),
        # An open request would act on the authorization once cancelled (Art. 23); one a
        # third party filed and no clerk has proven yet does not stop the holder.
        blocks_cancellation=lambda case, authorization: (
            not transfer_is_unproven(case, authorization)
        ),
        on_inspection_recorded=inspection_hook(INSPECTION),
        edges=(
            review_edge(article=ART_25, checklist=CHECKLIST),
            accept_edge(
                article=ART_25_AND_22_P1,
                label=_l("Conferir e encaminhar à vistoria"),
                guard=transfer_accept_guard,
            ),
            *correction_edges(article=ART_25, checklist=CHECKLIST),
            reject_edge(ART_25),
            withdraw_edge(ART_25),
            *inspection_edges(step=INSPECTION, roles=INSPECTORS),
            Edge(
                "approve",
                _l("Dar anuência e transferir"),
                ART_25_SOLE,
                roles=MAYOR,
                service=transfer_approve,
            ),
            Edge(
                "deny",
                _l("Negar anuência"),
                ART_25_SOLE,
                roles=MAYOR,
                note_required=True,
                inputs=(NOTE,),
                style="danger",
                service=transfer_deny,
            ),
        ),
    )
)
