"""Authorization application (cadastro e outorga), Arts. 3, 9-11, 20-23, 59 §5, 69.

filed ──accept_documents──▶ awaiting_inspection ──schedule_inspection──▶ inspection_scheduled
 │ ▲  (review_document: filed ▶ filed)                 ▲                  │ inspection recorded
 ask_correction │ resubmit        inspection_failed ──┘ schedule_inspection │
 ▼ │                                    ▲ fail_inspection ────────────────┤
correction_requested                                      pass_inspection ▼
                            secretaria_review ──approve_review (Art. 22 §1)──▶ approved
approved ──(system) grant_place (Art. 22 §2)──▶ awaiting_homologation ──homologate──▶ granted
approved ──(system) enter_waiting_list──▶ waiting_list ──(system, place freed) grant_place──┘
reject (Secretaria) ▶ rejected;  deny (mayor) ▶ denied;  withdraw (applicant) ▶ withdrawn

`approved` lasts only inside the approval's transaction: under the fleet lock the case
either gets a place or enters the waiting list (fleet.py).
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _l

from accounts.roles import CLERK, Role
from cases.workflow import ActionField, Edge, Workflow, register
from law import inspection as law_inspection
from workflows.application.checklist import ITEMS
from workflows.application.models import ApplicationCase, ApplicationState
from workflows.application.services import (
    ACCEPT,
    REJECT,
    application_accept_documents,
    application_approve_review,
    application_ask_correction,
    application_deny,
    application_homologate,
    application_inspection_recorded,
    application_reject,
    application_resubmit,
    application_review_document,
    application_schedule_inspection,
    application_withdraw,
)

ART_10 = "Art. 10"
ART_20 = "Art. 20"
ART_22 = "Art. 22"
ART_22_P1 = "Art. 22 §1"
ART_22_P2 = "Art. 22 §2"

MAYOR = frozenset({Role.MAYOR})
INSPECTORS = frozenset({Role.CLERK, Role.FISCAL_AGENT})
NOTE = ActionField("note", _l("Motivo"), "textarea")
OPTIONAL_NOTE = ActionField("note", _l("Observação"), "textarea", required=False)

S = ApplicationState

WORKFLOW = register(
    Workflow(
        kind=ApplicationCase.KIND,
        model=ApplicationCase,
        case_panel="application/case_panel.html",
        inspection_waives=law_inspection.NOT_YET_FOR_NEW_ENTRY,
        states=ApplicationState,
        initial=S.FILED,
        final_states=frozenset({S.GRANTED, S.REJECTED, S.DENIED, S.WITHDRAWN}),
        checklist={item.code: item.label for item in ITEMS},
        on_inspection_recorded=application_inspection_recorded,
        filing=("application-new", _l("Pedir autorização de táxi (Arts. 10 e 22)")),
        edges=(
            Edge(
                "review_document",
                _l("Conferir documento"),
                ART_10,
                roles=CLERK,
                inputs=(
                    ActionField(
                        "item", _l("Documento"), "choice",
                        choices=tuple((item.code, item.label) for item in ITEMS),
                    ),
                    ActionField(
                        "decision", _l("Conferência"), "choice",
                        choices=((ACCEPT, _l("Aceitar")), (REJECT, _l("Recusar"))),
                    ),
                    ActionField("note", _l("Motivo da recusa"), required=False),
                ),
                service=application_review_document,
                style="secondary",
            ),
            Edge(
                "ask_correction",
                _l("Pedir correção dos documentos"),
                ART_10,
                roles=CLERK,
                note_required=True,
                inputs=(NOTE,),
                service=application_ask_correction,
                style="secondary",
            ),
            Edge(
                "resubmit",
                _l("Reenviar com os documentos corrigidos"),
                ART_10,
                roles=CLERK,
                owner=True,
                inputs=tuple(
                    ActionField(item.field, item.label, "file", required=False)
                    for item in ITEMS
                ),
                service=application_resubmit,
            ),
            Edge(
                "accept_documents",
                _l("Aceitar a documentação"),
                ART_10,
                roles=CLERK,
                service=application_accept_documents,
            ),
            Edge(
                "schedule_inspection",
                _l("Agendar vistoria"),
                ART_20,
                roles=CLERK,
                inputs=(
                    ActionField("when", _l("Data e hora"), "datetime"),
                    ActionField("place", _l("Local")),
                ),
                service=application_schedule_inspection,
            ),
            # Fired by recording the inspection on the case page (on_inspection_recorded).
            Edge("pass_inspection", _l("Aprovado na vistoria"), ART_20, roles=INSPECTORS,
                 internal=True),
            Edge("fail_inspection", _l("Reprovado na vistoria"), ART_20, roles=INSPECTORS,
                 internal=True),
            Edge(
                "approve_review",
                _l("Aprovar (Secretaria de Finanças)"),
                ART_22_P1,
                roles=CLERK,
                inputs=(OPTIONAL_NOTE,),
                service=application_approve_review,
            ),
            # System: the fleet cap decides, under the fleet lock (fleet.py).
            Edge("enter_waiting_list", _l("Frota completa: fila de espera"), ART_22_P2),
            Edge("grant_place", _l("Vaga na frota reservada"), ART_22_P2),
            Edge(
                "homologate",
                _l("Homologar e outorgar a autorização"),
                ART_22,
                roles=MAYOR,
                inputs=(OPTIONAL_NOTE,),
                service=application_homologate,
            ),
            Edge(
                "deny",
                _l("Negar a homologação"),
                ART_22,
                roles=MAYOR,
                note_required=True,
                inputs=(NOTE,),
                service=application_deny,
                style="danger",
            ),
            Edge(
                "reject",
                _l("Indeferir o pedido"),
                ART_22_P1,
                roles=CLERK,
                note_required=True,
                inputs=(NOTE,),
                service=application_reject,
                style="danger",
            ),
            Edge(
                "withdraw",
                _l("Desistir do pedido"),
                ART_22,
                owner=True,
                service=application_withdraw,
                style="danger",
            ),
        ),
    )
)
