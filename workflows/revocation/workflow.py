"""Revocation (cassação), Art. 59 V, §2, §3 and §5: the workflow table.

    opened ──send_notice──▶ notice_sent ──notify (AR)──▶ notified
                                 │                          │  ╲ (system, 10 business days)
                                 └──── file_defence ────────┤   close_window ▶ window_closed
                                                            ▼                        │
                                                      defence_filed                  │
                                                            │ revoke / dismiss (mayor, §3)
                                                            ▼                        ▼
          decided ──AR: 10 business days (§2)──▶ (system) close_decision_window ▶ revoked
             └─ appeal_decision (suspensive) ▶ decision_appealed ─deny▶ revoked / grant▶ dismissed
          revoked: authorization ended or auxiliary unbound (bar §5), from that day
          dismissed: by the mayor, from any open state
          lapsed (system): the authorization or the binding ended by another act

The services (and the deadline handler) are in `workflows.revocation.services`.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _l

from accounts.roles import CLERK, Role
from cases.workflow import ActionField, Edge, Workflow, register
from documents.signing.keys import SIGNING_PASSWORD
from law import deadlines
from law.citations import (
    ART_46_P2_AND_59_P2,
    ART_59_P2,
    ART_59_P2_AND_46,
    ART_59_P3,
    ART_59_P5,
    ART_59_V,
)
from workflows.revocation.models import RevocationCase, RevocationState
from workflows.revocation.services import (
    DEFENCE_ITEM,
    revocation_appeal_decision,
    revocation_appeal_deny,
    revocation_appeal_grant,
    revocation_dismiss,
    revocation_file_defence,
    revocation_notice_received,
    revocation_revoke,
    revocation_send_notice,
    revocations_lapse,
)

MAYOR = frozenset({Role.MAYOR})
GROUNDS_INPUT = ActionField("note", _l("Fundamentação (Art. 59 §3)"), "textarea")


WORKFLOW = register(
    Workflow(
        # The other open revocations of an authorization that ended lapse (moot); the
        # case that ended it is kept.
        on_authorization_end=lambda end: revocations_lapse(
            authorization=end.authorization, keep=end.case, note=end.lapse_note
        ),
        # The law's times for this kind, for the Carta de Serviços (issue 24 §2).
        legal_times=(deadlines.REVOCATION_APPEAL,),
        kind=RevocationCase.KIND,
        model=RevocationCase,
        states=RevocationState,
        initial=RevocationState.OPENED,
        final_states=frozenset(
            {RevocationState.REVOKED, RevocationState.DISMISSED, RevocationState.LAPSED}
        ),
        checklist={DEFENCE_ITEM: _l("Recurso contra a cassação e provas (Art. 59 §2)")},
        on_notice_received=revocation_notice_received,
        edges=(
            Edge(
                "send_notice",
                _l("Enviar notificação (carta com AR)"),
                ART_59_P2_AND_46,
                roles=CLERK,
                inputs=(SIGNING_PASSWORD,),
                service=revocation_send_notice,
            ),
            Edge(
                "notify",
                _l("Registrar recebimento"),
                ART_46_P2_AND_59_P2,
                roles=CLERK,
                internal=True,
            ),
            Edge(
                "file_defence",
                _l("Apresentar recurso"),
                ART_59_P2,
                roles=CLERK,
                owner=True,
                inputs=(
                    ActionField("defence", _l("Razões do recurso"), "textarea"),
                    ActionField(
                        "attachment", _l("Documento (PDF, JPEG ou PNG)"), "file", required=False
                    ),
                ),
                service=revocation_file_defence,
            ),
            Edge("close_window", _l("Encerrar prazo de recurso"), ART_59_P2),
            Edge(
                "revoke",
                _l("Determinar a cassação"),
                f"{ART_59_P3}; {ART_59_P5}",
                roles=MAYOR,
                note_required=True,
                inputs=(GROUNDS_INPUT, SIGNING_PASSWORD),
                style="danger",
                service=revocation_revoke,
            ),
            Edge(
                "dismiss",
                _l("Arquivar sem cassação"),
                ART_59_P3,
                roles=MAYOR,
                note_required=True,
                inputs=(GROUNDS_INPUT, SIGNING_PASSWORD),
                style="secondary",
                service=revocation_dismiss,
            ),
            Edge(
                "decision_notified",
                _l("Registrar recebimento da decisão"),
                ART_46_P2_AND_59_P2,
                roles=CLERK,
                internal=True,
            ),
            Edge(
                "appeal_decision",
                _l("Recorrer contra a cassação decidida"),
                f"{ART_59_P2}; Art. 63 §1",
                roles=CLERK,
                owner=True,
                inputs=(ActionField("reasons", _l("Razões do recurso"), "textarea"),),
                service=revocation_appeal_decision,
            ),
            Edge(
                "close_decision_window",
                _l("Encerrar prazo de recurso contra a cassação"),
                ART_59_P2,
            ),
            Edge(
                "deny_decision_appeal",
                _l("Negar o recurso: a cassação produz efeitos"),
                f"{ART_59_P2}; {ART_59_P5}",
                roles=MAYOR,
                note_required=True,
                inputs=(GROUNDS_INPUT,),
                style="danger",
                service=revocation_appeal_deny,
            ),
            Edge(
                "grant_decision_appeal",
                _l("Dar provimento ao recurso: sem cassação"),
                ART_59_P2,
                roles=MAYOR,
                note_required=True,
                inputs=(GROUNDS_INPUT,),
                style="secondary",
                service=revocation_appeal_grant,
            ),
            Edge("lapse", _l("Processo prejudicado"), ART_59_V),
        ),
    )
)
