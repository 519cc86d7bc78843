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

from accounts.roles import CLERK, Role
from cases.workflow import ActionField, Edge, Workflow, register
from workflows.renewal import cycle  # noqa: F401 — registers the cycle's deadline handlers
from workflows.renewal.models import FINAL_STATES, RenewalCase, RenewalState
from workflows.renewal.services import (
    ART_18,
    ART_19,
    ART_20,
    CNH_ITEM,
    CRLV_ITEM,
    renewal_accept,
    renewal_approve,
    renewal_ask_correction,
    renewal_close_not_renewed,
    renewal_inspection_recorded,
    renewal_reject,
    renewal_resubmit,
    renewal_schedule_inspection,
    renewal_submit,
)

INSPECTORS = frozenset({Role.CLERK, Role.FISCAL_AGENT})
NOTE = ActionField("note", _l("Motivo"))
CRLV = ActionField("crlv", _l("CRLV do veículo (Art. 19 II)"), "file", required=False)
CNH = ActionField("cnh", _l("CNH (Art. 19 III)"), "file", required=False)
CNH_EXPIRY = ActionField(
    "cnh_expires_on", _l("Validade da CNH apresentada"), "date", required=False
)

WORKFLOW = register(
    Workflow(
        kind=RenewalCase.KIND,
        model=RenewalCase,
        states=RenewalState,
        initial=RenewalState.AWAITING_REQUEST,
        final_states=frozenset(FINAL_STATES),
        checklist={
            CRLV_ITEM: _l("CRLV — Certificado de Registro e Licenciamento do Veículo (Art. 19 II)"),
            CNH_ITEM: _l("CNH — Carteira Nacional de Habilitação (Art. 19 III)"),
        },
        overdue_states=frozenset({RenewalState.EXPIRED}),
        overdue_lookup={"renewalcase__registration__status": "expired"},
        on_inspection_recorded=renewal_inspection_recorded,
        filing=("renewal-new", _l("Renovar a IM (Arts. 18 e 19)")),
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
            Edge(
                "ask_correction",
                _l("Pedir correção"),
                ART_19,
                roles=CLERK,
                note_required=True,
                inputs=(NOTE,),
                style="secondary",
                service=renewal_ask_correction,
            ),
            Edge(
                "resubmit",
                _l("Reenviar corrigido"),
                ART_19,
                roles=CLERK,
                owner=True,
                inputs=(CRLV, CNH, CNH_EXPIRY),
                service=renewal_resubmit,
            ),
            Edge(
                "accept",
                _l("Aceitar os documentos"),
                ART_19,
                roles=CLERK,
                service=renewal_accept,
            ),
            Edge(
                "reject",
                _l("Indeferir"),
                ART_19,
                roles=CLERK,
                note_required=True,
                inputs=(NOTE,),
                style="danger",
                service=renewal_reject,
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
                service=renewal_schedule_inspection,
            ),
            Edge(
                "pass_inspection",
                _l("Vistoria aprovada"),
                ART_20,
                roles=INSPECTORS,
                internal=True,
            ),
            Edge(
                "fail_inspection",
                _l("Vistoria reprovada"),
                ART_20,
                roles=INSPECTORS,
                internal=True,
            ),
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
