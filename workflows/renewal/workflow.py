"""Annual renewal of the IM (Arts. 9, 18-20): the workflow table.

    (system, 30 days before) ──▶ awaiting_request ◀─┐ remind (system, 30 and 7 days before)
                                  │   └─────────────┘
              (system, expiry) expire ▼
                               expired ──close_not_renewed (clerk)──▶ not_renewed
    awaiting_request / expired ──submit (owner/clerk, Art. 19)──▶ filed
    filed ──ask_correction──▶ correction_requested ──resubmit──▶ filed
    filed ──accept──▶ awaiting_inspection ──schedule_inspection (Art. 20)──▶ inspection_scheduled
    inspection_scheduled ──(recorded) pass_inspection──▶ inspection_passed ──approve──▶ renewed
                         ──(recorded) fail_inspection──▶ awaiting_inspection
    reject (clerk, with a reason) ▶ rejected;  close_superseded (system) ▶ superseded

The services live in `services.py`, the reminders and the expiry in `cycle.py`.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _l

from accounts.roles import CLERK
from cases.workflow import ActionField, Edge, Filing, FilingForm, PortalOffer, Workflow, register
from law import deadlines
from law.citations import ART_18, ART_19
from workflows.renewal import cycle  # noqa: F401 — registers the cycle's deadline handlers
from workflows.renewal.api import RenewalInput
from workflows.renewal.forms import RenewalForm
from workflows.renewal.models import FINAL_STATES, RenewalCase, RenewalState
from workflows.renewal.selectors import renewal_filing_context
from workflows.renewal.services import (
    CHECKLIST,
    INSPECTION,
    documents_complete,
    renewal_approve,
    renewal_close_not_renewed,
    renewal_correction_notify,
    renewal_file,
    renewal_refusal_notify,
    renewal_resubmit,
    renewal_submit,
)
from workflows.steps.inspection import inspection_edges, inspection_hook
from workflows.steps.intake import accept_edge, correction_edges, reject_edge
from workflows.steps.review import review_edge

NOTE = ActionField("note", _l("Motivo"))
CRLV = ActionField("crlv", _l("CRLV do veículo (Art. 19 II)"), "file", required=False)
CNH = ActionField("cnh", _l("CNH (Art. 19 III)"), "file", required=False)
CNH_EXPIRY = ActionField(
    "cnh_expires_on", _l("Validade da CNH apresentada"), "date", required=False
)

WORKFLOW = register(
    Workflow(
        # The law's times for this kind, for the Carta de Serviços (issue 24 §2).
        legal_times=(deadlines.REGISTRATION_TERM,),
        kind=RenewalCase.KIND,
        model=RenewalCase,
        states=RenewalState,
        initial=RenewalState.AWAITING_REQUEST,
        final_states=frozenset(FINAL_STATES),
        checklist=CHECKLIST,
        overdue_states=frozenset({RenewalState.EXPIRED}),
        overdue_lookup={"renewalcase__registration__status": "expired"},
        on_inspection_recorded=inspection_hook(INSPECTION),
        filing=Filing(
            "renewal-new",
            _l("Renovar a IM (Arts. 18 e 19)"),
            FilingForm(
                path="portal/renovacao/nova/",
                api_path="renewals/",
                form=RenewalForm,
                input=RenewalInput,
                file=lambda actor, driver, data: renewal_file(actor=actor, driver=driver, **data),
                refusal=_l("Somente taxistas cadastrados podem renovar a IM pelo portal."),
                template="renewal/renewal_new.html",
                driver_field="driver",
                filed=_l("Pedido de renovação protocolado no processo %(n)s."),
                context=renewal_filing_context,
                initial=lambda shown: {
                    "previous_number": (
                        shown["registration"].number if shown["registration"] else ""
                    )
                },
            ),
        ),
        offer=PortalOffer(
            rule=_l(
                "A IM é renovada a cada ano, com a IM anterior, a CNH válida e o veículo "
                "dentro da idade (Arts. 18, 19 e 12)."
            ),
            when=lambda standing: standing.im_due,
            position=30,
        ),
        edges=(
            Edge("remind", _l("Lembrete de vencimento da IM"), ART_18),
            Edge("expire", _l("IM vencida sem pedido de renovação"), ART_18),
            Edge(
                "submit",
                _l("Pedir a renovação"),
                ART_19,
                roles=CLERK,
                owner=True,
                inputs=(
                    ActionField(
                        "previous_number", _l("Número da IM anterior (Art. 19 I)"), required=False
                    ),
                    CRLV,
                    CNH,
                    CNH_EXPIRY,
                ),
                service=renewal_submit,
            ),
            review_edge(article=ART_19, checklist=CHECKLIST),
            *correction_edges(
                article=ART_19,
                checklist=CHECKLIST,
                ask_effects=renewal_correction_notify,
                resubmit_fields=(CRLV, CNH, CNH_EXPIRY),
                resubmit_service=renewal_resubmit,
            ),
            accept_edge(article=ART_19, guard=documents_complete),
            reject_edge(ART_19, effects=renewal_refusal_notify),
            *inspection_edges(step=INSPECTION),
            Edge(
                "approve",
                _l("Renovar e emitir a nova IM"),
                ART_18,
                roles=CLERK,
                service=renewal_approve,
            ),
            Edge(
                "close_not_renewed",
                _l("Encerrar sem renovação"),
                ART_18,
                roles=CLERK,
                note_required=True,
                inputs=(NOTE,),
                style="danger",
                service=renewal_close_not_renewed,
            ),
            Edge("close_superseded", _l("Encerrar: IM substituída por outra emissão"), ART_18),
        ),
    )
)
