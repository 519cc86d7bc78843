"""Auxiliary driver (Arts. 27, 28): the workflow table. Services: `workflows.auxiliary.services`.

One kind for the three requests a holder makes about his auxiliary — register one (first,
or in place of the current one: a swap, Art. 27 §2), renew the yearly term (§1), or end
the binding without a replacement:

filed ──accept (clerk)──▶ awaiting_decision ──approve (clerk/mayor)──▶ approved
  │  ╲                        │
  │   ask_correction          deny (clerk/mayor) ▶ denied
  │     ▼
  │  correction_requested ──resubmit──▶ filed
  reject ▶ rejected;  withdraw (holder, before a decision) ▶ withdrawn

On approval the binding (registers.AuxiliaryBinding) is created, renewed or ended; its
yearly end is a deadline row on the approving case (`auxiliary.expiry`).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _l
from rest_framework.generics import get_object_or_404

from accounts.models import User
from accounts.roles import Role
from cases.models import Case
from cases.workflow import ActionField, Edge, Filing, FilingForm, PortalOffer, Workflow, register
from law import deadlines
from law.citations import (
    ART_27,
    ART_27_P2,
    ART_27_P3_P4_AND_10_I,
    ART_69_AND_27_P1,
)
from registers.models import Driver
from registers.selectors import drivers_visible_to
from workflows.auxiliary.api import AuxiliaryInput
from workflows.auxiliary.forms import AUXILIARY_PREFIX, AuxiliaryForm
from workflows.auxiliary.models import AuxiliaryCase, AuxiliaryPurpose, AuxiliaryState
from workflows.auxiliary.services import (
    CHECKLIST,
    auxiliary_accept_guard,
    auxiliary_approve,
    auxiliary_bindings_end,
    auxiliary_deny,
    auxiliary_file,
)
from workflows.inputs import driver_data, files_from_serializer
from workflows.steps.intake import accept_edge, correction_edges, reject_edge, withdraw_edge
from workflows.steps.review import review_edge

# Art. 27 §2: "após análise e decisão do Poder Executivo Municipal" (see the services).
DECIDERS = frozenset({Role.CLERK, Role.MAYOR})
NOTE = ActionField("note", _l("Motivo"))


def _file(actor: User, holder: Driver, data: dict[str, Any]) -> Case:
    # A clerk at the counter may name a driver already registered (the endpoint's
    # `auxiliary`); otherwise a new auxiliary is registered from the auxiliary_* fields.
    auxiliary = None
    if data.get("auxiliary"):
        auxiliary = get_object_or_404(drivers_visible_to(actor), pk=data["auxiliary"])
    registering = data["purpose"] == AuxiliaryPurpose.REGISTER
    return auxiliary_file(
        actor=actor,
        holder=holder,
        purpose=data["purpose"],
        auxiliary=auxiliary,
        auxiliary_data=driver_data(data, AUXILIARY_PREFIX) if registering else None,
        departure_reason=data["departure_reason"],
        reason=data["reason"],
        proofs=files_from_serializer(data, CHECKLIST),
    )


WORKFLOW = register(
    Workflow(
        # The law's times for this kind, for the Carta de Serviços (issue 24 §2).
        legal_times=(deadlines.AUXILIARY_TERM,),
        event_labels={
            "auxiliary_bound": _l("Auxiliar vinculado"),
            "auxiliary_unbound": _l("Vínculo de auxiliar encerrado"),
            "auxiliary_renewed": _l("Vínculo de auxiliar renovado"),
            "retired_holder_without_auxiliary": _l("Titular aposentado sem auxiliar (Art. 28)"),
        },
        kind=AuxiliaryCase.KIND,
        model=AuxiliaryCase,
        states=AuxiliaryState,
        initial=AuxiliaryState.FILED,
        final_states=frozenset(
            {
                AuxiliaryState.APPROVED,
                AuxiliaryState.REJECTED,
                AuxiliaryState.DENIED,
                AuxiliaryState.WITHDRAWN,
            }
        ),
        checklist=CHECKLIST,
        filing=Filing(
            "auxiliary-new",
            _l("Taxista auxiliar (Art. 27)"),
            FilingForm(
                path="portal/auxiliar/novo/",
                api_path="auxiliaries/",
                form=AuxiliaryForm,
                input=AuxiliaryInput,
                file=_file,
                refusal=_l(
                    "Somente taxistas titulares cadastrados podem fazer este pedido pelo portal."
                ),
                template="auxiliary/new.html",
            ),
        ),
        offer=PortalOffer(
            rule=_l(
                "Um auxiliar por autorização, que só dirige o veículo dela; no máximo 2 trocas "
                "em 12 meses (Art. 27)."
            ),
            when=lambda standing: standing.active,
            position=50,
        ),
        # An open request would act on the authorization once cancelled (Art. 23).
        blocks_cancellation=True,
        # The auxiliary's binding ends with the holder's authorization (Art. 27 §1).
        on_authorization_end=lambda end: auxiliary_bindings_end(
            authorization=end.authorization,
            case=end.case,
            actor=end.actor,
            on=end.on,
            article=end.bindings_article,
        ),
        edges=(
            review_edge(article=ART_27_P3_P4_AND_10_I, checklist=CHECKLIST),
            accept_edge(
                article=ART_27_P3_P4_AND_10_I,
                label=_l("Conferir e encaminhar à decisão"),
                guard=auxiliary_accept_guard,
            ),
            *correction_edges(
                article=ART_27, checklist=CHECKLIST, ask_article=ART_27_P3_P4_AND_10_I
            ),
            reject_edge(ART_27),
            withdraw_edge(ART_27),
            Edge(
                "approve",
                _l("Deferir"),
                ART_27_P2,
                roles=DECIDERS,
                inputs=(
                    ActionField(
                        "revoke_departing",
                        _l(
                            "Revogar a autorização do auxiliar que sai (impede nova "
                            "inscrição por 12 meses)"
                        ),
                        "bool",
                        required=False,
                    ),
                ),
                service=auxiliary_approve,
            ),
            # System: the import of the register (register_import) records a binding that
            # predates the system, so that its yearly end is kept like any other.
            Edge("record_existing", _l("Registrar vínculo existente"), ART_69_AND_27_P1),
            Edge(
                "deny",
                _l("Negar"),
                ART_27_P2,
                roles=DECIDERS,
                note_required=True,
                inputs=(NOTE,),
                style="danger",
                service=auxiliary_deny,
            ),
        ),
    )
)
