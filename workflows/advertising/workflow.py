"""Advertising on taxis (Art. 67): the workflow table. Services:
`workflows.advertising.services`.

filed ──accept (layout accepted)──▶ awaiting_decision ──approve (mayor)──▶ authorized
  │  ╲                                   │                                   │
  │   ask_correction ▶ correction_requested ──resubmit──▶ filed   (system) end, after
  │                                      deny ▶ denied                the last day ▼
  reject ▶ rejected;  withdraw (before a decision) ▶ withdrawn                  ended
  review_document (clerk, the layout accepted or refused): filed ▶ filed
"""

from __future__ import annotations

from functools import partial
from typing import Any

from django.utils.translation import gettext_lazy as _l

from accounts.models import User
from accounts.roles import Role
from cases.models import Case
from cases.workflow import ActionField, Edge, Filing, FilingForm, PortalOffer, Workflow, register
from law import deadlines
from law.citations import ART_67
from registers.models import Driver
from workflows.advertising.api import AdvertisingInput
from workflows.advertising.forms import AdvertisingForm
from workflows.advertising.models import AdvertisingCase, AdvertisingState
from workflows.advertising.selectors import advertising_public_facts
from workflows.advertising.services import (
    CHECKLIST,
    advertising_approve,
    advertising_file,
    advertising_refusal_notify,
)
from workflows.inputs import files_from_serializer
from workflows.steps.intake import (
    accept_edge,
    correction_edges,
    intake_step,
    reject_edge,
    withdraw_edge,
)
from workflows.steps.review import documents_accepted, review_edge

# Art. 67: "prévia autorização do Poder Executivo Municipal" — the mayor decides.
MAYOR = frozenset({Role.MAYOR})
NOTE = ActionField("note", _l("Motivo"))


def _file(actor: User, holder: Driver, data: dict[str, Any]) -> Case:
    return advertising_file(
        actor=actor,
        holder=holder,
        placement=data["placement"],
        text=data["text"],
        advertiser=data["advertiser"],
        start_on=data["start_on"],
        end_on=data["end_on"],
        proofs=files_from_serializer(data, CHECKLIST),
    )


WORKFLOW = register(
    Workflow(
        # The law's times for this kind, for the Carta de Serviços (issue 24 §2).
        legal_times=(deadlines.ADVERTISING_PERIOD,),
        kind=AdvertisingCase.KIND,
        model=AdvertisingCase,
        states=AdvertisingState,
        initial=AdvertisingState.FILED,
        final_states=frozenset(
            {
                AdvertisingState.ENDED,
                AdvertisingState.REJECTED,
                AdvertisingState.DENIED,
                AdvertisingState.WITHDRAWN,
            }
        ),
        filing=Filing(
            "advertising-new",
            _l("Pedir autorização de publicidade (Art. 67)"),
            FilingForm(
                path="portal/publicidade/nova/",
                api_path="advertisements/",
                form=AdvertisingForm,
                input=AdvertisingInput,
                file=_file,
                refusal=_l(
                    "Somente taxistas titulares cadastrados podem pedir publicidade pelo portal."
                ),
                template="advertising/new.html",
            ),
        ),
        offer=PortalOffer(
            rule=_l(
                "No vidro traseiro, sem tapar a visão do interior, a publicidade dispensa "
                "pedido; em outro local do veículo depende de autorização prévia, por até 12 "
                "meses (Art. 67)."
            ),
            when=lambda standing: standing.active,
            position=70,
        ),
        checklist=CHECKLIST,
        case_panel="advertising/case_panel.html",
        public_facts=advertising_public_facts,
        edges=(
            review_edge(article=ART_67, checklist=CHECKLIST),
            accept_edge(
                article=ART_67,
                label=_l("Aceitar e encaminhar ao Prefeito"),
                guard=documents_accepted(
                    CHECKLIST,
                    article=ART_67,
                    message=_l("Confira e aceite o leiaute da publicidade antes de encaminhar."),
                ),
            ),
            *correction_edges(article=ART_67, checklist=CHECKLIST),
            reject_edge(ART_67),
            withdraw_edge(ART_67),
            Edge(
                "approve",
                _l("Autorizar a publicidade"),
                ART_67,
                roles=MAYOR,
                service=advertising_approve,
            ),
            Edge(
                "deny",
                _l("Negar a publicidade"),
                ART_67,
                roles=MAYOR,
                note_required=True,
                inputs=(NOTE,),
                style="danger",
                service=partial(intake_step, action="deny", effects=advertising_refusal_notify),
            ),
            Edge("end", _l("Encerrar ao fim do período"), ART_67),
        ),
    )
)
