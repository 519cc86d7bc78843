"""Appeal (recurso) against a penalty, Arts. 52, 55 II, 63-66: the workflow table.

Filed in time by the driver, the auxiliary or an attorney with a specific mandate (Art. 63
§2), the appeal suspends the notice's penalty (Art. 63 §1) and waits in the commission's
queue — the only queue its members see (Art. 52).

  review ──order_diligence (Arts. 64 III, 65)──▶ diligence ──record_diligence──▶ diligence
    │  refuse_diligence (Art. 64 §2) ▶ review        └──(last result) resume_review ▶ review
  open_voting
    ▼
  voting ──vote (one per seat)──▶ voting ──(two votes agree, or the middle of three)──▶
      granted (notice overturned) | partially_granted / denied (notice upheld, penalties)
  voting ──order_diligence (Art. 65, before the first vote)──▶ diligence

The decision issues its PDF and a registered letter with AR; when the AR's date counts,
`on_notice_received` starts the 10 days to pay of Art. 55 II on the notice.
"""

from __future__ import annotations

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _l

from accounts.roles import Role
from cases.models import CaseKind
from cases.workflow import ActionField, Edge, Filing, PortalOffer, Workflow, register
from documents.signing.keys import SIGNING_PASSWORD
from law import deadlines
from law.citations import (
    ART_52,
    ART_64_III,
    ART_64_P2,
    ART_65,
)
from workflows.appeal.models import AppealCase, AppealState, Outcome
from workflows.appeal.services import (
    EVIDENCE_ITEM,
    MANDATE_ITEM,
    appeal_decision_received,
    appeal_open_voting,
    appeal_order_diligence,
    appeal_record_diligence,
    appeal_refuse_diligence,
    appeal_vote,
)
from workflows.violation.selectors import notice_appealable

COMMISSION = frozenset({Role.COMMISSION_MEMBER})
RECORDERS = frozenset({Role.CLERK, Role.COMMISSION_MEMBER})
NUMBER = ActionField("number", _l("Nº da diligência"), "int", required=False)

S = AppealState

WORKFLOW = register(
    Workflow(
        # The law's times for this kind, for the Carta de Serviços (issue 24 §2).
        legal_times=(deadlines.PAYMENT_AFTER_APPEAL,),
        # Art. 52 (appeals); Art. 61 §2 (the clandestine classification).
        commission_sees=True,
        case_panel="appeal/case_panel.html",
        kind=AppealCase.KIND,
        model=AppealCase,
        states=AppealState,
        initial=S.REVIEW,
        final_states=frozenset({S.GRANTED, S.PARTIALLY_GRANTED, S.DENIED}),
        checklist={
            EVIDENCE_ITEM: _l("Documentos que provam as alegações (Art. 64 §1)"),
            MANDATE_ITEM: _l("Instrumento de mandato específico para o recurso (Art. 63 §2)"),
        },
        on_notice_received=appeal_decision_received,
        filing=Filing("appeal-notices", _l("Recorrer de auto de infração (Art. 63)")),
        offer=PortalOffer(
            rule=format_lazy(
                _l(
                    "Até {days} dias úteis contados do recebimento da notificação do auto "
                    "(Art. 63)."
                ),
                days=deadlines.APPEAL_DAYS,
            ),
            # A notice of his still open to appeal; one appeal per notice, so it stays
            # offered while another is being judged.
            when=lambda standing: any(
                kind == CaseKind.VIOLATION and notice_appealable(state)
                for kind, state in standing.open_cases
            ),
            position=90,
            once=False,
        ),
        edges=(
            Edge(
                "order_diligence",
                _l("Determinar diligência"),
                f"{ART_64_III}; {ART_65}",
                roles=COMMISSION,
                inputs=(
                    NUMBER,
                    ActionField(
                        "description",
                        _l("Diligência de ofício (Art. 65)"),
                        "textarea",
                        required=False,
                    ),
                ),
                service=appeal_order_diligence,
                style="secondary",
            ),
            Edge(
                "refuse_diligence",
                _l("Indeferir diligência pedida"),
                ART_64_P2,
                roles=COMMISSION,
                inputs=(
                    ActionField("number", _l("Nº da diligência"), "int"),
                    ActionField("reason", _l("Fundamentação do indeferimento"), "textarea"),
                ),
                service=appeal_refuse_diligence,
                style="danger",
            ),
            Edge(
                "record_diligence",
                _l("Registrar resultado da diligência"),
                ART_65,
                roles=RECORDERS,
                inputs=(
                    ActionField("number", _l("Nº da diligência"), "int"),
                    ActionField("result", _l("Resultado"), "textarea"),
                ),
                service=appeal_record_diligence,
            ),
            Edge(
                "resume_review",
                _l("Diligências cumpridas: análise retomada"),
                ART_65,
                roles=RECORDERS,
                internal=True,
            ),
            Edge(
                "open_voting",
                _l("Encerrar a instrução e abrir a votação"),
                ART_52,
                roles=COMMISSION,
                service=appeal_open_voting,
            ),
            Edge(
                "vote",
                _l("Votar"),
                ART_52,
                roles=COMMISSION,
                inputs=(
                    ActionField("vote", _l("Voto"), "choice", choices=tuple(Outcome.choices)),
                    ActionField("reason", _l("Fundamentação do voto"), "textarea"),
                    ActionField(
                        "fine_vrte",
                        _l("Multa mantida em VRTE (só no provimento parcial)"),
                        "decimal",
                        required=False,
                        max_digits=9,
                    ),
                    SIGNING_PASSWORD,
                ),
                service=appeal_vote,
            ),
            Edge(
                "grant",
                _l("Recurso provido pela maioria"),
                ART_52,
                roles=COMMISSION,
                internal=True,
            ),
            Edge(
                "grant_in_part",
                _l("Recurso provido em parte pela maioria"),
                f"{ART_52}; Art. 55 II",
                roles=COMMISSION,
                internal=True,
            ),
            Edge(
                "deny",
                _l("Recurso não provido pela maioria"),
                f"{ART_52}; Art. 55 II",
                roles=COMMISSION,
                internal=True,
            ),
        ),
    )
)
