"""Transfer of the authorization (Art. 25): the workflow table. Services:
`workflows.transfer.services`.

filed ──accept (clerk)──▶ awaiting_inspection ──schedule_inspection──▶ inspection_scheduled
  │  ╲                      ▲      │ reject                     │ (recording the result)
  │   ask_correction        │      ▼                            ├─ inspection_failed ──┘
  │     ▼                   │   rejected                        └─ inspection_passed
  │  correction_requested ──resubmit──▶ filed                          ▼
  reject ▶ rejected                              awaiting_consent ──approve (mayor)──▶ transferred
  withdraw (beneficiary, before the decision) ▶ withdrawn         └─deny (mayor)──▶ denied
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _l

from accounts.roles import CLERK, Role
from cases.workflow import ActionField, Edge, Workflow, register
from workflows.intake import correction_edges, reject_edge, withdraw_edge
from workflows.transfer.models import TransferCase, TransferState
from workflows.transfer.services import (
    ART_20,
    ART_22_P1,
    ART_25,
    ART_25_SOLE,
    CHECKLIST,
    transfer_accept,
    transfer_approve,
    transfer_deny,
    transfer_inspection_recorded,
    transfer_schedule_inspection,
)

INSPECTORS = frozenset({Role.CLERK, Role.FISCAL_AGENT})
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
        final_states=frozenset(
            {
                TransferState.TRANSFERRED,
                TransferState.REJECTED,
                TransferState.DENIED,
                TransferState.WITHDRAWN,
            }
        ),
        checklist=CHECKLIST,
        filing=("transfer-new", _l("Transferência de autorização (Art. 25)")),
        on_inspection_recorded=transfer_inspection_recorded,
        edges=(
            Edge(
                "accept",
                _l("Conferir e encaminhar à vistoria"),
                ART_22_P1,
                roles=CLERK,
                service=transfer_accept,
            ),
            *correction_edges(article=ART_25, checklist=CHECKLIST),
            reject_edge(ART_25),
            withdraw_edge(ART_25),
            Edge(
                "schedule_inspection",
                _l("Agendar vistoria"),
                ART_20,
                roles=INSPECTORS,
                inputs=(
                    ActionField("when", _l("Data e hora"), "datetime"),
                    ActionField("place", _l("Local")),
                ),
                service=transfer_schedule_inspection,
            ),
            Edge(
                "inspection_passed",
                _l("Vistoria aprovada"),
                ART_20,
                roles=INSPECTORS,
                internal=True,
            ),
            Edge(
                "inspection_failed",
                _l("Vistoria reprovada"),
                ART_20,
                roles=INSPECTORS,
                internal=True,
            ),
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
