"""Passenger complaint (Art. 39 IV, VI): the workflow table.

    received ──start_triage (clerk)──▶ triage ──dismiss (clerk, reason)──▶ dismissed
                                         │  ▲
                        forward (clerk)  ▼  │ return_to_triage (agent, reason)
                                       forwarded ──convert (agent: notices)──▶ converted

`convert` is internal: it is what `complaint_convert` does after issuing the notices (the
agent's page, reached from the case panel, or POST /api/complaints/<id>/convert/).

No deadline: the law sets none for the Secretaria to answer a passenger. Services in
`workflows.complaint.services`.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _l

from accounts.roles import CLERK, Role
from cases.workflow import ActionField, Edge, Workflow, register
from law.citations import ART_39_IV_VI_AND_40, ART_40, ART_41_AND_42, ART_42, ART_46_AND_47
from workflows.complaint.models import ComplaintCase, ComplaintState
from workflows.complaint.services import complaint_dismiss, complaint_start_triage

AGENT = frozenset({Role.FISCAL_AGENT})

WORKFLOW = register(
    Workflow(
        event_labels={
            "notices_linked": _l("Autos de infração vinculados à reclamação"),
        },
        kind=ComplaintCase.KIND,
        model=ComplaintCase,
        states=ComplaintState,
        initial=ComplaintState.RECEIVED,
        final_states=frozenset({ComplaintState.DISMISSED, ComplaintState.CONVERTED}),
        case_panel="complaint/case_panel.html",
        # The passenger who complained is no party the driver may read about (LGPD).
        staff_only_facts=frozenset({"passenger_name", "passenger_contact"}),
        edges=(
            Edge(
                "start_triage",
                _l("Assumir a triagem"),
                ART_39_IV_VI_AND_40,
                roles=CLERK,
                service=complaint_start_triage,
            ),
            Edge(
                "dismiss",
                _l("Arquivar a reclamação"),
                ART_40,
                roles=CLERK,
                note_required=True,
                inputs=(ActionField("note", _l("Motivo do arquivamento"), "textarea"),),
                service=complaint_dismiss,
                style="danger",
            ),
            Edge(
                "forward",
                _l("Encaminhar à fiscalização"),
                ART_41_AND_42,
                roles=CLERK,
                inputs=(
                    ActionField("note", _l("Orientações ao agente"), "textarea", required=False),
                ),
            ),
            Edge(
                "return_to_triage",
                _l("Devolver à triagem"),
                ART_42,
                roles=AGENT,
                note_required=True,
                inputs=(ActionField("note", _l("Motivo"), "textarea"),),
                style="secondary",
            ),
            Edge(
                "convert",
                _l("Lavrar auto de infração"),
                ART_46_AND_47,
                roles=AGENT,
                # Taken by `complaint_convert` once the notices are issued: from the agent's
                # page (linked from the case panel) or POST /api/complaints/<id>/convert/.
                internal=True,
            ),
        ),
    )
)
