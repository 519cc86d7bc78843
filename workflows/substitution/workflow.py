"""Vehicle substitution (Arts. 10 II, 12, 20, 24 IV, 70): the workflow table.

(system notice, or the holder's filing)
awaiting_vehicle ──file (owner/clerk, by the filing)──▶ filed
  │  dismiss (clerk) ▶ dismissed;  lapse (system, deadline passed) ▶ lapsed
filed ──review_document (clerk: the CRLV accepted or refused)──▶ filed
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

from accounts.roles import CLERK
from cases.services.transitions import local_today
from cases.workflow import ActionField, Edge, Filing, FilingForm, PortalOffer, Workflow, register
from law import deadlines
from law.citations import (
    ART_10_II,
    ART_10_II_A,
    ART_12,
    ART_20,
)
from registers.services.vehicles import VehicleData
from workflows.steps.inspection import (
    INSPECTORS,
    inspection_edges,
    inspection_hook,
)
from workflows.steps.intake import reject_edge, withdraw_edge
from workflows.steps.review import review_edge
from workflows.substitution import tracking  # noqa: F401 — registers the deadline handlers
from workflows.substitution.api import SubstitutionInput
from workflows.substitution.forms import SubstitutionForm
from workflows.substitution.models import SubstitutionCase, SubstitutionState
from workflows.substitution.selectors import substitution_filing_context
from workflows.substitution.services import (
    CRLV_ITEM,
    CRLV_LABEL,
    INSPECTION,
    substitution_approve,
    substitution_deny,
    substitution_file,
    substitution_refusal_notify,
    substitution_withdrawal_apply,
)

CHECKLIST = {CRLV_ITEM: CRLV_LABEL}
NOTE = ActionField("note", _l("Motivo"))
S = SubstitutionState

WORKFLOW = register(
    Workflow(
        # The law's times for this kind, for the Carta de Serviços (issue 24 §2).
        legal_times=(deadlines.JUDICIAL_SEIZURE_COMMUNICATION,),
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
        checklist=CHECKLIST,
        filing=Filing(
            "substitution-new",
            _l("Substituir o veículo (Art. 12)"),
            FilingForm(
                path="portal/substituicao/nova/",
                api_path="substitutions/",
                form=SubstitutionForm,
                input=SubstitutionInput,
                file=lambda actor, driver, data: substitution_file(
                    actor=actor,
                    driver=driver,
                    vehicle=VehicleData.from_mapping(data),
                    crlv=data.get("crlv"),
                    note=data["note"],
                ),
                refusal=_l("Somente taxistas cadastrados podem pedir substituição pelo portal."),
                template="substitution/substitution_new.html",
                driver_field="driver",
                context=substitution_filing_context,
            ),
        ),
        offer=PortalOffer(
            rule=_l(
                "O novo veículo deve ser branco, ter até 8 anos e passar na vistoria (Arts. 10 "
                "e 20)."
            ),
            when=lambda standing: standing.active,
            position=40,
        ),
        on_inspection_recorded=inspection_hook(INSPECTION),
        edges=(
            Edge(
                "file",
                _l("Protocolar os dados do novo veículo"),
                ART_20,
                roles=CLERK,
                owner=True,
                internal=True,
            ),
            review_edge(article=ART_10_II_A, checklist=CHECKLIST),
            *inspection_edges(
                step=INSPECTION, roles=INSPECTORS, label=_l("Agendar vistoria do novo veículo")
            ),
            reject_edge(
                ART_10_II,
                label=_l("Indeferir o pedido"),
                effects=substitution_refusal_notify,
                changes=lambda: {"decided_on": local_today()},
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
            withdraw_edge(ART_20, effects=substitution_withdrawal_apply),
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
