"""Suspension on request (Art. 24): the workflow table.

filed ──accept──▶ awaiting_decision ──approve──▶ in_effect ──(system) end──▶ ended
  │  ╲                   │                        │   ▲
  │   ask_correction     deny ▶ denied    request_extension │ grant/deny_extension
  │     ▼                                         ▼   │
  │  correction_requested ──resubmit──▶ filed   extension_requested ──(system) end──▶ ended
  reject ▶ rejected;  withdraw (before a decision) ▶ withdrawn
  review_document (clerk, each proof accepted or refused): filed ▶ filed

The services are in `workflows.suspension.services`.
"""

from __future__ import annotations

from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from accounts.roles import CLERK, Role
from cases.workflow import (
    ActionField,
    AuthorizationHold,
    Edge,
    Filing,
    FilingForm,
    PortalOffer,
    Workflow,
    register,
)
from law import deadlines
from law import suspension as law_suspension
from law.citations import ART_24, ART_24_P1
from workflows.steps.intake import accept_edge, correction_edges, reject_edge, withdraw_edge
from workflows.steps.review import review_edge
from workflows.suspension.api import SuspensionInput
from workflows.suspension.forms import SuspensionForm
from workflows.suspension.models import SuspensionCase, SuspensionState
from workflows.suspension.selectors import suspensions_holding
from workflows.suspension.services import (
    PROOF_ITEM,
    suspension_approve,
    suspension_deny,
    suspension_file,
    suspension_grant_extension,
    suspension_request_extension,
)

MAYOR = frozenset({Role.MAYOR})
NOTE = ActionField("note", _l("Motivo"))
CHECKLIST = {PROOF_ITEM: _l("Documento hábil que comprove o motivo (incisos I a III)")}


WORKFLOW = register(
    Workflow(
        # The law's times for this kind, for the Carta de Serviços (issue 24 §2).
        legal_times=(deadlines.SUSPENSION_ON_REQUEST,),
        kind=SuspensionCase.KIND,
        model=SuspensionCase,
        states=SuspensionState,
        initial=SuspensionState.FILED,
        final_states=frozenset(
            {
                SuspensionState.ENDED,
                SuspensionState.REJECTED,
                SuspensionState.DENIED,
                SuspensionState.WITHDRAWN,
            }
        ),
        filing=Filing(
            "suspension-new",
            _l("Pedir suspensão (Art. 24)"),
            FilingForm(
                path="portal/suspensao/nova/",
                api_path="suspensions/",
                form=SuspensionForm,
                input=SuspensionInput,
                file=lambda actor, driver, data: suspension_file(
                    actor=actor, driver=driver, **data
                ),
                refusal=_l("Somente taxistas cadastrados podem pedir suspensão pelo portal."),
                template="suspension/new.html",
                driver_field="driver",
            ),
        ),
        offer=PortalOffer(
            rule=format_lazy(
                _l(
                    "Somente por furto ou roubo do veículo, acidente grave ou destruição, "
                    "perda judicial da posse ou substituição do veículo, por até {days} dias; "
                    "os três primeiros motivos exigem comprovante (Art. 24)."
                ),
                days=law_suspension.MAX_DAYS,
            ),
            when=lambda standing: standing.active,
            position=20,
        ),
        # An open request would act on the authorization once cancelled (Art. 23).
        blocks_cancellation=True,
        # A suspension in effect keeps the authorization off the road until its end.
        holds=AuthorizationHold(
            rows=suspensions_holding,
            label=lambda case: (
                _("Suspensão a pedido, processo %(n)s (Art. 24)") % {"n": case.number}
            ),
            last_day=lambda case: case.end_on,
        ),
        checklist=CHECKLIST,
        edges=(
            review_edge(article=ART_24_P1, checklist=CHECKLIST),
            accept_edge(article=ART_24_P1, label=_l("Aceitar e encaminhar ao Prefeito")),
            *correction_edges(article=ART_24, checklist=CHECKLIST, ask_article=ART_24_P1),
            reject_edge(ART_24),
            withdraw_edge(ART_24),
            Edge(
                "approve",
                _l("Deferir a suspensão"),
                ART_24,
                roles=MAYOR,
                service=suspension_approve,
            ),
            Edge(
                "deny",
                _l("Negar a suspensão"),
                ART_24,
                roles=MAYOR,
                note_required=True,
                inputs=(NOTE,),
                style="danger",
                service=suspension_deny,
            ),
            Edge(
                "request_extension",
                _l("Pedir prorrogação"),
                ART_24,
                roles=CLERK,
                owner=True,
                inputs=(ActionField("days", _l("Dias de prorrogação"), "int"),),
                service=suspension_request_extension,
            ),
            Edge(
                "grant_extension",
                _l("Deferir a prorrogação"),
                ART_24,
                roles=MAYOR,
                service=suspension_grant_extension,
            ),
            Edge(
                "deny_extension",
                _l("Negar a prorrogação"),
                ART_24,
                roles=MAYOR,
                note_required=True,
                inputs=(NOTE,),
                style="danger",
            ),
            Edge("end", _l("Encerrar ao fim do prazo"), ART_24),
        ),
    )
)
