"""Annual renewal of the IM (Arts. 9, 18-20): the case and its pure transitions.

Transitions only change fields of the case (STYLE: transition methods stay pure); the
services in `services.py` and the deadline handlers in `cycle.py` lock, check, audit and
apply the effects (the new IM, notices, the inspection).
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from django.db import models
from django.utils.translation import gettext_lazy as _
from django_fsm import transition

from cases.models import Case, CaseKind
from workflows.steps.inspection import inspection_transitions
from workflows.steps.intake import intake_transitions
from workflows.steps.review import review_transitions

if TYPE_CHECKING:
    from registers.models import MunicipalRegistration


class RenewalState(models.TextChoices):
    AWAITING_REQUEST = "awaiting_request", _("Aguardando o pedido de renovação do taxista")
    EXPIRED = "expired", _("IM vencida sem pedido de renovação")
    FILED = "filed", _("Protocolado, documentos em conferência")
    CORRECTION_REQUESTED = "correction_requested", _("Aguardando correção pelo taxista")
    AWAITING_INSPECTION = "awaiting_inspection", _("Documentos aceitos, vistoria a agendar")
    INSPECTION_SCHEDULED = "inspection_scheduled", _("Vistoria agendada")
    INSPECTION_PASSED = "inspection_passed", _("Vistoria aprovada, aguardando a nova IM")
    RENEWED = "renewed", _("Renovada: nova IM emitida")
    REJECTED = "rejected", _("Indeferido")
    NOT_RENEWED = "not_renewed", _("Encerrado sem renovação")
    SUPERSEDED = "superseded", _("Encerrado: outra emissão substituiu a IM")


R = RenewalState

# Before the holder's request: where a reminder or the expiry finds (or puts) the case.
WAITING_STATES = (R.AWAITING_REQUEST, R.EXPIRED)
FINAL_STATES = (R.RENEWED, R.REJECTED, R.NOT_RENEWED, R.SUPERSEDED)


class RenewalCase(
    intake_transitions(
        R,
        accepted=R.AWAITING_INSPECTION,
        reject_from=(R.FILED, R.CORRECTION_REQUESTED, R.AWAITING_INSPECTION, R.INSPECTION_PASSED),
    ),
    review_transitions(during=R.FILED),
    inspection_transitions(
        ready=R.AWAITING_INSPECTION,
        scheduled=R.INSPECTION_SCHEDULED,
        passed=R.INSPECTION_PASSED,
        failed=R.AWAITING_INSPECTION,
    ),
    Case,
):
    """The yearly renewal of one IM (Arts. 18, 19) with the inspection of Art. 20.

    One per IM cycle: opened by the system when the first reminder goes out (or at the
    expiry, or by the holder's own request, whichever comes first) and closed when the new
    IM is issued, the request is refused, or a clerk closes it without renewal.
    """

    KIND = CaseKind.RENEWAL

    registration = models.ForeignKey(
        "registers.MunicipalRegistration",
        on_delete=models.PROTECT,
        related_name="renewal_cases",
        verbose_name=_("IM a renovar (IM anterior)"),
        help_text=_("Art. 19 I: a IM anterior apresentada no pedido."),
    )
    cnh_expires_on = models.DateField(
        _("validade da CNH informada"),
        null=True,
        blank=True,
        help_text=_(
            "Art. 19 III: conferida com a CNH apresentada; atualiza o cadastro do taxista "
            "(Art. 9) quando a nova IM é emitida."
        ),
    )
    new_registration = models.ForeignKey(
        "registers.MunicipalRegistration",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("nova IM"),
    )

    class Meta:
        verbose_name = _("renovação anual da IM")
        verbose_name_plural = _("renovações anuais da IM")

    @transition(field="state", source=R.AWAITING_REQUEST, target=R.AWAITING_REQUEST)
    def remind(self) -> None:
        """System: a reminder that the IM is about to expire went out (Art. 18)."""

    @transition(field="state", source=R.AWAITING_REQUEST, target=R.EXPIRED)
    def expire(self) -> None:
        """System: the IM's last day passed without a request to renew it (Art. 18)."""

    @transition(field="state", source=list(WAITING_STATES), target=R.FILED)
    def submit(self, cnh_expires_on: dt.date, registration: MunicipalRegistration) -> None:
        """The holder presents the previous IM, the CRLV and the CNH (Art. 19)."""
        self.cnh_expires_on = cnh_expires_on
        self.registration = registration

    @transition(field="state", source=R.INSPECTION_PASSED, target=R.RENEWED)
    def approve(self) -> None:
        """The Secretaria renews: the new IM is issued for one more year (Art. 18)."""

    @transition(
        field="state",
        source=[R.AWAITING_REQUEST, R.EXPIRED, R.CORRECTION_REQUESTED],
        target=R.NOT_RENEWED,
    )
    def close_not_renewed(self) -> None:
        """The IM expired (or the authorization ended) and was not renewed (Art. 18)."""

    @transition(field="state", source=list(WAITING_STATES), target=R.SUPERSEDED)
    def close_superseded(self) -> None:
        """System: another issue (a vehicle substitution, say) gave the taxi a new IM."""
