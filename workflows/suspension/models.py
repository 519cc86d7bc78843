"""The suspension on request (Art. 24): its fields and pure django-fsm transitions.

Transitions here only change fields of the case; `workflows.suspension.services` locks,
checks, audits and applies effects (STYLE: transition methods stay pure).
"""

from __future__ import annotations

import datetime as dt

from django.db import models
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django_fsm import transition

from cases.models import Case, CaseKind
from law import suspension as law_suspension
from workflows.steps.intake import intake_transitions
from workflows.steps.review import review_transitions


class SuspensionState(models.TextChoices):
    FILED = "filed", _("Protocolado, em conferência")
    CORRECTION_REQUESTED = "correction_requested", _("Aguardando correção pelo taxista")
    AWAITING_DECISION = "awaiting_decision", _("Aguardando decisão do Prefeito")
    IN_EFFECT = "in_effect", _("Suspensão em vigor")
    EXTENSION_REQUESTED = "extension_requested", _("Prorrogação aguardando decisão")
    ENDED = "ended", _("Encerrada, autorização reativada")
    REJECTED = "rejected", _("Indeferido na conferência")
    DENIED = "denied", _("Negado pelo Prefeito")
    WITHDRAWN = "withdrawn", _("Desistência do taxista")


class SuspensionGround(models.TextChoices):
    """Art. 24 I-IV."""

    THEFT = "I", _("I — Furto ou roubo do veículo")
    ACCIDENT = "II", _("II — Acidente grave ou destruição total do veículo")
    COURT_ORDER = "III", _("III — Sentença judicial de perda da posse ou propriedade")
    VEHICLE_SUBSTITUTION = "IV", _("IV — Substituição do veículo")


S = SuspensionState


class SuspensionCase(
    intake_transitions(
        S,
        # Art. 24 §1: the Secretaria checks the request before the mayor decides.
        accepted=S.AWAITING_DECISION,
    ),
    review_transitions(during=S.FILED),
    Case,
):
    """Suspension of an authorization on the holder's request (Art. 24)."""

    KIND = CaseKind.SUSPENSION

    ground = models.CharField(_("motivo (Art. 24)"), max_length=3, choices=SuspensionGround.choices)
    requested_days = models.PositiveSmallIntegerField(
        _("dias solicitados"),
        help_text=format_lazy(_("Art. 24: no máximo {days} dias."), days=law_suspension.MAX_DAYS),
    )
    reason = models.TextField(_("relato"), blank=True)
    # Art. 24: the facts of grounds I-IV are about the vehicle; a later request for the same
    # ground and vehicle continues this period (law.suspension.check_same_facts).
    vehicle = models.ForeignKey(
        "registers.Vehicle",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("veículo"),
    )
    start_on = models.DateField(_("início"), null=True, blank=True)
    end_on = models.DateField(_("último dia"), null=True, blank=True)
    extension_requested_days = models.PositiveSmallIntegerField(
        _("prorrogação solicitada (dias)"), null=True, blank=True
    )
    extension_days = models.PositiveSmallIntegerField(
        _("prorrogação concedida (dias)"),
        null=True,
        blank=True,
        help_text=_("Art. 24: uma prorrogação, por igual período no máximo."),
    )

    class Meta:
        # The table keeps the name it had in the `workflows` app: moving the model did not
        # move the data.
        db_table = "workflows_suspensioncase"
        verbose_name = _("suspensão a pedido")
        verbose_name_plural = _("suspensões a pedido")

    @transition(field="state", source=S.AWAITING_DECISION, target=S.IN_EFFECT)
    def approve(self, start_on: dt.date, end_on: dt.date) -> None:
        """The mayor grants the suspension (Art. 24 caput)."""
        self.start_on = start_on
        self.end_on = end_on

    @transition(field="state", source=S.AWAITING_DECISION, target=S.DENIED)
    def deny(self) -> None:
        """The mayor refuses the suspension."""

    def _no_extension_yet(self) -> bool:
        # Art. 24 allows one extension: one request, whatever the mayor decided on it.
        return self.extension_requested_days is None

    @transition(
        field="state",
        source=S.IN_EFFECT,
        target=S.EXTENSION_REQUESTED,
        conditions=[_no_extension_yet],
    )
    def request_extension(self, days: int) -> None:
        """The driver asks for the one extension Art. 24 allows."""
        self.extension_requested_days = days

    @transition(field="state", source=S.EXTENSION_REQUESTED, target=S.IN_EFFECT)
    def grant_extension(self) -> None:
        """Art. 24: extension by equal period at the mayor's discretion."""
        assert self.end_on is not None and self.extension_requested_days is not None
        self.extension_days = self.extension_requested_days
        self.end_on = self.end_on + dt.timedelta(days=self.extension_days)

    @transition(field="state", source=S.EXTENSION_REQUESTED, target=S.IN_EFFECT)
    def deny_extension(self) -> None:
        """The mayor refuses the extension; the suspension ends on its original day."""

    @transition(field="state", source=[S.IN_EFFECT, S.EXTENSION_REQUESTED], target=S.ENDED)
    def end(self) -> None:
        """System: the suspension's last day has passed."""
