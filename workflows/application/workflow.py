"""Authorization application (cadastro e outorga), Arts. 3, 9-11, 20-23, 59 §5, 69.

filed ──accept──▶ awaiting_inspection ──schedule_inspection──▶ inspection_scheduled
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
from cases.workflow import ActionField, Edge, Filing, PortalOffer, Workflow, register
from documents.signing.keys import SIGNING_PASSWORD
from law import inspection as law_inspection
from law.citations import ART_10, ART_22, ART_22_P1, ART_22_P2
from workflows.application.checklist import ITEMS
from workflows.application.fleet import fleet_place_freed
from workflows.application.models import ApplicationCase, ApplicationState
from workflows.application.services import (
    CHECKLIST,
    INSPECTION,
    ITEM_ARTICLES,
    application_approve_review,
    application_correction_guard,
    application_correction_notify,
    application_deny,
    application_homologate,
    application_pending_documents_accept,
    application_refusal_notify,
    application_resubmit,
    application_withdraw,
    documents_complete,
)
from workflows.steps.inspection import inspection_edges, inspection_hook
from workflows.steps.intake import accept_edge, correction_edges, reject_edge, withdraw_edge
from workflows.steps.review import review_edge

MAYOR = frozenset({Role.MAYOR})
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
        checklist=CHECKLIST,
        on_inspection_recorded=inspection_hook(INSPECTION),
        filing=Filing("application-new", _l("Pedir autorização de táxi (Arts. 10 e 22)")),
        offer=PortalOffer(
            rule=_l(
                "Exige CNH de categoria B, C, D ou E, residência no município e veículo branco "
                "de até 8 anos, com 4 ou 5 portas e ar-condicionado (Art. 10). Quem cancelou "
                "ou teve a autorização cassada só pode pedir de novo após 5 anos (Arts. 23 e "
                "59 §5)."
            ),
            # Art. 22 §4: one authorization per driver; a holder does not apply again.
            when=lambda standing: not standing.holds_authorization,
            position=10,
            unregistered=True,
        ),
        # The place an ended authorization frees goes to the waiting list (Art. 22 §2).
        on_authorization_end=lambda end: fleet_place_freed(today=end.on),
        renamed_actions={"accept_documents": "accept"},
        edges=(
            review_edge(article=ART_10, checklist=CHECKLIST, item_articles=ITEM_ARTICLES),
            *correction_edges(
                article=ART_10,
                checklist=CHECKLIST,
                ask_guard=application_correction_guard,
                ask_effects=application_correction_notify,
                resubmit_fields=tuple(
                    ActionField(item.field, item.label, "file", required=False)
                    for item in ITEMS
                ),
                resubmit_service=application_resubmit,
            ),
            accept_edge(
                article=ART_10,
                label=_l("Aceitar a documentação"),
                guard=documents_complete,
                effects=application_pending_documents_accept,
            ),
            *inspection_edges(step=INSPECTION),
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
                inputs=(OPTIONAL_NOTE, SIGNING_PASSWORD),
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
            reject_edge(
                ART_22_P1, label=_l("Indeferir o pedido"), effects=application_refusal_notify
            ),
            withdraw_edge(ART_22, service=application_withdraw),
        ),
    )
)
