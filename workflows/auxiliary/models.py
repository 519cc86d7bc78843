"""The auxiliary driver's case (Arts. 27, 28): register, renew or end an auxiliary's binding.

Transitions are pure: they change fields of the case only; `workflows.auxiliary.services`
locks, checks, audits and writes the binding (registers.AuxiliaryBinding).
"""

from __future__ import annotations

import datetime as dt

from django.db import models
from django.utils.translation import gettext_lazy as _
from django_fsm import transition

from cases.models import Case, CaseKind
from workflows.steps.intake import intake_transitions
from workflows.steps.review import review_transitions


class AuxiliaryState(models.TextChoices):
    FILED = "filed", _("Protocolado, em conferência")
    CORRECTION_REQUESTED = "correction_requested", _("Aguardando correção pelo titular")
    AWAITING_DECISION = "awaiting_decision", _("Aguardando decisão do Poder Executivo")
    APPROVED = "approved", _("Deferido")
    REJECTED = "rejected", _("Indeferido na conferência")
    DENIED = "denied", _("Negado")
    WITHDRAWN = "withdrawn", _("Desistência do titular")


class AuxiliaryPurpose(models.TextChoices):
    REGISTER = "register", _("Cadastro de taxista auxiliar (Art. 27)")
    RENEW = "renew", _("Renovação anual do auxiliar (Art. 27 §1)")
    END = "end", _("Desligamento do auxiliar (Art. 27 §2)")


class DepartureReason(models.TextChoices):
    """Why the current auxiliary leaves (Art. 27 §2); values as AuxiliaryBinding.EndReason."""

    SWAP = "swap", _("Troca por decisão do titular (conta no limite de 2 por ano)")
    RESIGNATION = "resignation", _("Pedido de demissão do auxiliar")
    DEATH = "death", _("Falecimento do auxiliar")
    FORCE_MAJEURE = "force_majeure", _("Outro motivo de força maior não provocado pelo titular")


S = AuxiliaryState


class AuxiliaryCase(
    intake_transitions(
        S,
        # Art. 27 §§3-4: the Secretaria checks the documents of Art. 10 I first.
        accepted=S.AWAITING_DECISION,
    ),
    review_transitions(during=S.FILED),
    Case,
):
    """The holder's request about his auxiliary driver (Arts. 27, 28)."""

    KIND = CaseKind.AUXILIARY

    purpose = models.CharField(
        _("pedido"), max_length=10, choices=AuxiliaryPurpose.choices
    )
    auxiliary = models.ForeignKey(
        "registers.Driver",
        on_delete=models.PROTECT,
        related_name="auxiliary_cases",
        verbose_name=_("taxista auxiliar"),
        help_text=_("O auxiliar a cadastrar, renovar ou desligar."),
    )
    departure_reason = models.CharField(
        _("motivo da saída do auxiliar atual"),
        max_length=16,
        choices=DepartureReason.choices,
        blank=True,
        help_text=_(
            "Art. 27 §2: demissão, falecimento ou força maior, comprovados, não contam "
            "no limite de trocas."
        ),
    )
    departing_binding = models.ForeignKey(
        "registers.AuxiliaryBinding",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("vínculo que se encerra"),
    )
    binding = models.ForeignKey(
        "registers.AuxiliaryBinding",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="cases",
        verbose_name=_("vínculo concedido ou renovado"),
    )
    counts_as_swap = models.BooleanField(
        _("conta como troca"),
        default=False,
        help_text=_("Art. 27 §2: até 2 trocas por ano por decisão do titular."),
    )
    revoke_departing = models.BooleanField(
        _("autorização do auxiliar revogada"),
        default=False,
        help_text=_("Art. 27 §2: o auxiliar revogado só pode se inscrever após 12 meses."),
    )
    reason = models.TextField(_("relato"), blank=True)
    decided_on = models.DateField(_("decidido em"), null=True, blank=True)
    valid_until = models.DateField(
        _("vínculo válido até"),
        null=True,
        blank=True,
        help_text=_("Art. 27 §1: renovação anual."),
    )

    class Meta:
        verbose_name = _("pedido de taxista auxiliar")
        verbose_name_plural = _("pedidos de taxista auxiliar")

    @transition(field="state", source=S.AWAITING_DECISION, target=S.APPROVED)
    def approve(
        self, decided_on: dt.date, valid_until: dt.date | None, revoke_departing: bool
    ) -> None:
        """The executive decides for the request (Art. 27 §2: "após análise e decisão")."""
        self.decided_on = decided_on
        self.valid_until = None if self.purpose == AuxiliaryPurpose.END else valid_until
        self.revoke_departing = revoke_departing

    @transition(field="state", source=S.FILED, target=S.APPROVED)
    def record_existing(self, valid_until: dt.date) -> None:
        """A binding that predates the system (Art. 69), recorded as it was granted."""
        self.valid_until = valid_until

    @transition(field="state", source=S.AWAITING_DECISION, target=S.DENIED)
    def deny(self, decided_on: dt.date) -> None:
        """The executive refuses the request."""
        self.decided_on = decided_on
