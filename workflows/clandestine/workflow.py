"""Clandestine or irregular transport (Arts. 60-62): the workflow table.

    seized ──(system, last day of Art. 62 I / §1 passed) end_seizure──▶ held_until_paid
                                                                          │ release (clerk,
                                                                          │ nothing owed, §3)
                                                                          ▼
                                     released  ◀── uphold / reclassify ── released_contest_pending
                                                  (contest still pending when released)
    While seized or held: record_costs, record_payment, record_police_referral (Art. 62
    III, §3, IV) and the contest (Art. 61 §2) — contest, then uphold / reclassify by the
    commission — keep the vehicle's state; annul (commission) ▶ annulled.

The services are in `workflows.clandestine.services`.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _l

from accounts.roles import CLERK, Role
from cases.workflow import ActionField, Edge, Workflow, register
from law import deadlines
from law.citations import ART_61_P2, ART_62_I, ART_62_III, ART_62_IV, ART_62_P3
from workflows.clandestine.models import ClandestineCase, ClandestineState
from workflows.clandestine.services import (
    PAID_AFTER,
    REFERRED_AFTER,
    clandestine_annul,
    clandestine_contest,
    clandestine_reclassify,
    clandestine_record_costs,
    clandestine_record_payment,
    clandestine_record_police_referral,
    clandestine_release,
    clandestine_uphold,
)

AGENT_OR_CLERK = frozenset({Role.CLERK, Role.FISCAL_AGENT})
COMMISSION = frozenset({Role.COMMISSION_MEMBER})
GROUNDS = ActionField("note", _l("Fundamentação da decisão"), "textarea")

WORKFLOW = register(
    Workflow(
        # The law's times for this kind, for the Carta de Serviços (issue 24 §2).
        legal_times=(deadlines.SEIZURE,),
        # Art. 52 (appeals); Art. 61 §2 (the clandestine classification).
        commission_sees=True,
        kind=ClandestineCase.KIND,
        model=ClandestineCase,
        states=ClandestineState,
        initial=ClandestineState.SEIZED,
        final_states=frozenset({ClandestineState.RELEASED, ClandestineState.ANNULLED}),
        edges=(
            Edge("end_seizure", _l("Encerrar o prazo de apreensão"), ART_62_I),
            Edge(
                "record_costs",
                _l("Registrar custas de remoção e estadia"),
                ART_62_III,
                roles=CLERK,
                inputs=(
                    ActionField("removal_cost", _l("Custas de remoção (R$)"), "decimal"),
                    ActionField("storage_cost", _l("Custas de estadia (R$)"), "decimal"),
                ),
                style="secondary",
                service=clandestine_record_costs,
            ),
            Edge(
                "record_payment",
                _l("Registrar pagamento"),
                ART_62_P3,
                roles=CLERK,
                inputs=(
                    ActionField("amount", _l("Valor pago (R$)"), "decimal"),
                    ActionField(
                        "paid_on",
                        _l("Pago em"),
                        "date",
                        required=False,
                        after=PAID_AFTER.fact,
                        after_label=PAID_AFTER.fact_label,
                    ),
                    ActionField("reference", _l("Documento de arrecadação"), required=False),
                ),
                service=clandestine_record_payment,
            ),
            Edge(
                "record_police_referral",
                _l("Registrar encaminhamento à delegacia"),
                ART_62_IV,
                roles=AGENT_OR_CLERK,
                inputs=(
                    ActionField("police_station", _l("Delegacia")),
                    ActionField("police_report", _l("Boletim de ocorrência"), required=False),
                    ActionField(
                        "referred_on",
                        _l("Encaminhado em"),
                        "date",
                        required=False,
                        after=REFERRED_AFTER.fact,
                        after_label=REFERRED_AFTER.fact_label,
                    ),
                ),
                style="secondary",
                service=clandestine_record_police_referral,
            ),
            Edge(
                "release",
                _l("Liberar o veículo"),
                ART_62_P3,
                roles=CLERK,
                service=clandestine_release,
            ),
            Edge(
                "release_pending_contest",
                _l("Liberar o veículo"),
                ART_62_P3,
                roles=CLERK,
                service=clandestine_release,
            ),
            Edge(
                "contest",
                _l("Registrar recurso contra o enquadramento"),
                f"{ART_61_P2}; Art. 63",
                roles=CLERK,
                inputs=(ActionField("reasons", _l("Razões do recurso"), "textarea"),),
                style="secondary",
                service=clandestine_contest,
            ),
            Edge(
                "uphold",
                _l("Manter o enquadramento"),
                ART_61_P2,
                roles=COMMISSION,
                note_required=True,
                inputs=(GROUNDS,),
                service=clandestine_uphold,
            ),
            Edge(
                "reclassify",
                _l("Alterar o enquadramento"),
                f"{ART_61_P2}; Art. 60 §§1-2",
                roles=COMMISSION,
                note_required=True,
                inputs=(GROUNDS,),
                style="secondary",
                service=clandestine_reclassify,
            ),
            Edge(
                "annul",
                _l("Anular a autuação"),
                f"{ART_61_P2}; Art. 60 §§1-2",
                roles=COMMISSION,
                note_required=True,
                inputs=(GROUNDS,),
                style="danger",
                service=clandestine_annul,
            ),
        ),
    )
)
