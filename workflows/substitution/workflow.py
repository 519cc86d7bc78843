"""Vehicle substitution (Arts. 10 II, 12, 20, 24 IV, 70): the workflow table.

(system notice, or the holder's filing)
awaiting_vehicle ──file (owner/clerk, by the filing)──▶ filed
  │  dismiss (clerk) ▶ dismissed;  lapse (system, deadline passed) ▶ lapsed
filed ──schedule_inspection (clerk/agent, CRLV accepted)──▶ inspection_scheduled
  │  reject (clerk) ▶ rejected
inspection_scheduled ──pass_inspection──▶ awaiting_decision ──approve (clerk)──▶ approved
                     ──fail_inspection──▶ inspection_failed ──schedule_inspection──▶ (again)
awaiting_decision / inspection_failed ──deny (clerk)──▶ denied
filed … awaiting_decision ──withdraw (owner)──▶ withdrawn

The services are in `services.py`; the vehicle deadline rows (age, Art. 12; colour,
Arts. 10 §2 and 70) and their handlers in `tracking.py`. The decision is the Secretaria's
(a clerk), not the mayor's: a substitution changes the vehicle of an authorization already
homologated (Art. 22) and issues its IM, which the Secretaria de Finanças issues (Arts. 4
VII, 17); Art. 20 gives the same Secretaria the inspection of the vehicle's inclusion.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _l

from accounts.roles import CLERK, Role
from cases.workflow import ActionField, Edge, Workflow, register
from workflows.substitution import tracking  # noqa: F401 — registers the deadline handlers
from workflows.substitution.models import SubstitutionCase, SubstitutionState
from workflows.substitution.services import (
    ART_10_II,
    ART_20,
    CRLV_ITEM,
    substitution_approve,
    substitution_deny,
    substitution_inspection_recorded,
    substitution_reject,
    substitution_schedule_inspection,
    substitution_withdraw,
)
from workflows.substitution.tracking import ART_12

INSPECTORS = frozenset({Role.CLERK, Role.FISCAL_AGENT})
NOTE = ActionField("note", _l("Motivo"))
S = SubstitutionState

WORKFLOW = register(
    Workflow(
        event_labels={
            "vehicle_substituted": _l("Veículo substituído"),
            "vehicle_deadline_reminder": _l("Aviso de prazo do veículo enviado"),
        },
        kind=SubstitutionCase.KIND,
        model=SubstitutionCase,
        states=SubstitutionState,
        initial=S.AWAITING_VEHICLE,
        final_states=frozenset(
            {S.APPROVED, S.REJECTED, S.DENIED, S.WITHDRAWN, S.DISMISSED, S.LAPSED}
        ),
        checklist={CRLV_ITEM: _l("CRLV do novo veículo (Art. 10 II a)")},
        filing=("substitution-new", _l("Substituir o veículo (Art. 12)")),
        on_inspection_recorded=substitution_inspection_recorded,
        edges=(
            Edge(
                "file",
                _l("Protocolar os dados do novo veículo"),
                ART_20,
                roles=CLERK,
                owner=True,
                internal=True,
            ),
            Edge(
                "schedule_inspection",
                _l("Agendar vistoria do novo veículo"),
                ART_20,
                roles=INSPECTORS,
                inputs=(
                    ActionField("when", _l("Data e hora da vistoria"), "datetime"),
                    ActionField("place", _l("Local da vistoria")),
                ),
                service=substitution_schedule_inspection,
            ),
            Edge(
                "pass_inspection", _l("Vistoria aprovada"), ART_20, roles=INSPECTORS,
                internal=True,
            ),
            Edge(
                "fail_inspection", _l("Vistoria reprovada"), ART_20, roles=INSPECTORS,
                internal=True,
            ),
            Edge(
                "reject",
                _l("Indeferir o pedido"),
                ART_10_II,
                roles=CLERK,
                note_required=True,
                inputs=(NOTE,),
                style="danger",
                service=substitution_reject,
            ),
            Edge(
                "approve",
                _l("Deferir a substituição e emitir a IM"),
                ART_20,
                roles=CLERK,
                service=substitution_approve,
            ),
            Edge(
                "deny",
                _l("Negar a substituição"),
                ART_20,
                roles=CLERK,
                note_required=True,
                inputs=(NOTE,),
                style="danger",
                service=substitution_deny,
            ),
            Edge(
                "withdraw",
                _l("Desistir do pedido"),
                ART_20,
                owner=True,
                style="danger",
                service=substitution_withdraw,
            ),
            Edge(
                "dismiss",
                _l("Encerrar o aviso (exigência já atendida)"),
                ART_12,
                roles=CLERK,
                note_required=True,
                inputs=(NOTE,),
                style="secondary",
            ),
            Edge("lapse", _l("Encerrar o aviso ao fim do prazo"), ART_12),
        ),
    )
)
