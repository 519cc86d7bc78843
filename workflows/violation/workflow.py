"""Violation notice (auto de infração), Arts. 42-51 and 53-58: the workflow table.

    issued ──send_notice──▶ notification_sent ──notify (AR recorded)──▶ notified
      │  (system, 60 days: Arts. 46 §1, 53 II) ▶ archived          │  pay ▶ paid
      annul (Art. 53 I) ▶ annulled      (system, Art. 55 I) overdue ◀┤
                                     (system, Art. 63) final ◀───────┘
    An appeal in time (Art. 63 §1) ▶ appealed ──uphold──▶ upheld ──(system, Art. 55 II)──▶ final
                                              ╲─overturn─▶ overturned

The services (and the deadline handlers) are in `workflows.violation.services`.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _l

from accounts.roles import CLERK, Role
from cases.workflow import ActionField, AuthorizationHold, Edge, Workflow, register
from documents.signing.keys import SIGNING_PASSWORD
from law import deadlines
from law.citations import (
    ART_46,
    ART_46_P1_AND_53_II,
    ART_46_P2_AND_47_P2,
    ART_52,
    ART_52_AND_55_II,
    ART_52_AND_59_I,
    ART_53_I,
    ART_55_I,
    ART_55_I_AND_63,
    ART_55_II,
    ART_63,
    ART_63_P1,
)
from workflows.violation.models import (
    APPEALABLE,
    CANCELLABLE,
    PAYABLE,
    ViolationNotice,
    ViolationState,
)
from workflows.violation.selectors import (
    notice_details,
    notice_summaries,
    penalty_periods_serving,
)
from workflows.violation.services import (
    violation_annul,
    violation_notice_received,
    violation_pay,
    violation_send_notice,
)

DRIVER = frozenset({Role.DRIVER})
COMMISSION = frozenset({Role.COMMISSION_MEMBER})

WORKFLOW = register(
    Workflow(
        # A penalty being served keeps the authorization suspended (Art. 59 III and IV).
        holds=AuthorizationHold(
            rows=penalty_periods_serving,
            label=lambda period: str(period.get_kind_display()),
            last_day=lambda period: period.ends_on,
        ),
        # The law's times for this kind, for the Carta de Serviços (issue 24 §2).
        legal_times=(deadlines.NOTIFICATION_LIMIT, deadlines.APPEAL, deadlines.PAYMENT),
        # An auxiliary named as the offender follows the notice (and may appeal, Art. 63 §2).
        driver_scope=("violationnotice__offender__user",),
        # The commission sees a notice an appeal is about (Art. 52: it judges it).
        commission_scope=("violationnotice__appeals",),
        event_labels={
            "penalties_applied": _l("Penalidades aplicadas"),
            "impediment_lifted": _l("Impedimento de circulação encerrado"),
        },
        kind=ViolationNotice.KIND,
        model=ViolationNotice,
        case_panel="violation/case_panel.html",
        states=ViolationState,
        initial=ViolationState.ISSUED,
        final_states=frozenset(
            {
                ViolationState.PAID,
                ViolationState.FINAL,
                ViolationState.ARCHIVED,
                ViolationState.ANNULLED,
                ViolationState.OVERTURNED,
            }
        ),
        allowed_in=(APPEALABLE, PAYABLE, CANCELLABLE),
        # Arts. 46 §1 and 53 I: an archived or annulled notice is cancelled with its papers.
        voided_states=frozenset({ViolationState.ARCHIVED, ViolationState.ANNULLED}),
        # The penalty told as the papers tell it (documents.penalties), in lists and the API.
        summaries=notice_summaries,
        details=notice_details,
        on_notice_received=violation_notice_received,
        edges=(
            Edge(
                "send_notice",
                _l("Enviar notificação (carta com AR)"),
                ART_46,
                roles=CLERK,
                inputs=(SIGNING_PASSWORD,),
                service=violation_send_notice,
            ),
            Edge(
                "notify",
                _l("Registrar recebimento"),
                ART_46_P2_AND_47_P2,
                roles=CLERK,
                internal=True,
            ),
            Edge("archive", _l("Arquivar por falta de notificação"), ART_46_P1_AND_53_II),
            Edge(
                "reopen_notified", _l("Desfazer o arquivamento: AR com entrega no prazo"),
                ART_46_P1_AND_53_II, roles=CLERK, internal=True,
            ),
            Edge(
                "annul",
                _l("Arquivar por inconsistência"),
                ART_53_I,
                roles=CLERK,
                note_required=True,
                inputs=(ActionField("note", _l("Motivo")),),
                style="danger",
                service=violation_annul,
            ),
            Edge("pay", _l("Registrar pagamento"), ART_55_I, roles=CLERK, service=violation_pay),
            Edge(
                "pay_keeping_appeal", _l("Pagamento registrado; recurso ainda possível"),
                ART_55_I_AND_63, roles=CLERK, internal=True,
            ),
            Edge(
                "settle_paid_before_appeal", _l("Multa já paga antes do recurso"),
                ART_63, roles=COMMISSION, internal=True,
            ),
            Edge(
                "close_appeal_window_paid", _l("Encerrar prazo de recurso (multa paga)"), ART_63
            ),
            Edge("fall_overdue", _l("Multa vencida"), ART_55_I),
            Edge("close_appeal_window", _l("Encerrar prazo de recurso"), ART_63),
            Edge(
                "appeal",
                _l("Recurso interposto"),
                ART_63_P1,
                roles=CLERK | DRIVER,
                owner=True,
                internal=True,
            ),
            Edge(
                "uphold",
                _l("Recurso negado ou provido em parte"),
                ART_52_AND_55_II,
                roles=COMMISSION,
                internal=True,
            ),
            Edge("overturn", _l("Recurso provido"), ART_52, roles=COMMISSION, internal=True),
            Edge("default_after_decision", _l("Multa vencida após o recurso"), ART_55_II),
            Edge(
                "close_upheld_warning",
                _l("Advertência mantida em recurso, sem multa"),
                ART_52_AND_59_I,
                roles=COMMISSION,
                internal=True,
            ),
        ),
    )
)
