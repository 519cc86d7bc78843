"""Vehicle substitution (Arts. 12, 20, 24 IV): the case, its states and the vehicle deadlines.

`SubstitutionCase` is a multi-table child of `cases.Case`; its transitions are pure (they
change fields of the case only). `VehicleDeadline` ties each vehicle deadline row of an
authorization (`cases.Deadline` with `authorization=`) to the vehicle it is about, so that
the row's handler can tell, under the lock, whether that vehicle is still in service.
"""

from __future__ import annotations

import datetime as dt

from django.db import models
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django_fsm import transition

from cases.models import Case, CaseKind
from law import deadlines as law_deadlines
from law.i18n import format_date
from registers.models import Vehicle
from workflows.steps.inspection import inspection_transitions
from workflows.steps.intake import intake_transitions
from workflows.steps.review import review_transitions


class SubstitutionState(models.TextChoices):
    AWAITING_VEHICLE = "awaiting_vehicle", _("Aguardando os dados do novo veículo")
    FILED = "filed", _("Protocolado, em conferência")
    INSPECTION_SCHEDULED = "inspection_scheduled", _("Vistoria do novo veículo agendada")
    INSPECTION_FAILED = "inspection_failed", _("Reprovado na vistoria, aguardando nova vistoria")
    AWAITING_DECISION = "awaiting_decision", _("Vistoriado, aguardando decisão da Secretaria")
    APPROVED = "approved", _("Substituição deferida: novo veículo em serviço")
    REJECTED = "rejected", _("Indeferido na conferência")
    DENIED = "denied", _("Substituição negada")
    WITHDRAWN = "withdrawn", _("Desistência do taxista")
    DISMISSED = "dismissed", _("Aviso encerrado pela Secretaria")
    LAPSED = "lapsed", _("Aviso encerrado: prazo vencido ou sem objeto")


class SubstitutionTrigger(models.TextChoices):
    """Why the case exists: the holder's own request or a deadline of the law."""

    VOLUNTARY = "voluntary", _("A pedido do taxista")
    AGE = "age", _("Idade do veículo (Art. 12)")
    COLOUR = "colour", _("Troca de cor (Art. 10 §2 e Art. 70)")
    JUDICIAL_SEIZURE = "judicial_seizure", _("Apreensão judicial do veículo (Art. 24 §2)")


S = SubstitutionState


class SubstitutionCase(
    intake_transitions(
        S,
        # Rejected at the check (Art. 10 II: a wrong CRLV, say); withdrawn until decided.
        withdraw_from=(S.FILED, S.INSPECTION_SCHEDULED, S.INSPECTION_FAILED, S.AWAITING_DECISION),
    ),
    review_transitions(during=S.FILED),
    # Art. 20: the new vehicle's inclusion; reinspected after a failure.
    inspection_transitions(
        ready=(S.FILED, S.INSPECTION_FAILED),
        scheduled=S.INSPECTION_SCHEDULED,
        passed=S.AWAITING_DECISION,
        failed=S.INSPECTION_FAILED,
    ),
    Case,
):
    """The holder replaces the vehicle of his authorization (Arts. 12 and 20).

    Opened by the holder's filing, or by the system as a notice when a vehicle deadline
    approaches (then it waits in `awaiting_vehicle` for the holder to file).
    """

    KIND = CaseKind.VEHICLE_SUBSTITUTION

    trigger = models.CharField(
        _("motivo"), max_length=16, choices=SubstitutionTrigger.choices,
        default=SubstitutionTrigger.VOLUNTARY,
    )
    opened_by_system = models.BooleanField(
        _("aberto pelo sistema"), default=False,
        help_text=_("Aviso de prazo de substituição ou de troca de cor."),
    )
    due_on = models.DateField(
        _("prazo legal"), null=True, blank=True,
        help_text=_("Último dia para substituir (Art. 12) ou pintar (Art. 70) o veículo."),
    )
    old_vehicle = models.ForeignKey(
        "registers.Vehicle", on_delete=models.PROTECT, null=True, blank=True,
        related_name="+", verbose_name=_("veículo substituído"),
    )
    new_vehicle = models.ForeignKey(
        "registers.Vehicle", on_delete=models.PROTECT, null=True, blank=True,
        related_name="substitutions_in", verbose_name=_("novo veículo"),
    )
    colour_grace_until = models.DateField(
        _("cor branca exigida a partir de"), null=True, blank=True,
        help_text=_(
            "Novo veículo de outra cor aceito no prazo de 36 meses dos Arts. 10 §2 e 70: "
            "deve estar pintado de branco até esta data."
        ),
    )
    decided_on = models.DateField(_("decidido em"), null=True, blank=True)
    seized_on = models.DateField(
        _("apreensão judicial em"), null=True, blank=True,
        help_text=format_lazy(
            _("Art. 24 §2: data da apreensão do veículo por ordem judicial; a comunicação com "
              "o mandado se faz em até {days} dias."),
            days=law_deadlines.JUDICIAL_SEIZURE_COMMUNICATION_DAYS,
        ),
    )

    class Meta:
        verbose_name = _("substituição de veículo")
        verbose_name_plural = _("substituições de veículo")

    @transition(field="state", source=S.AWAITING_VEHICLE, target=S.FILED)
    def file(
        self, new_vehicle: Vehicle, old_vehicle: Vehicle, colour_grace_until: dt.date | None
    ) -> None:
        """The holder files the new vehicle's data and CRLV (Art. 10 II, Art. 20)."""
        self.new_vehicle = new_vehicle
        self.old_vehicle = old_vehicle
        self.colour_grace_until = colour_grace_until

    @transition(field="state", source=S.AWAITING_DECISION, target=S.APPROVED)
    def approve(self, on: dt.date) -> None:
        """The Secretaria puts the new vehicle in service (Arts. 17, 18 and 20)."""
        self.decided_on = on

    @transition(field="state", source=[S.AWAITING_DECISION, S.INSPECTION_FAILED], target=S.DENIED)
    def deny(self, on: dt.date) -> None:
        """The Secretaria refuses the substitution."""
        self.decided_on = on

    @transition(field="state", source=S.AWAITING_VEHICLE, target=S.DISMISSED)
    def dismiss(self) -> None:
        """A clerk closes a notice that needs no substitution (the vehicle was repainted)."""

    @transition(field="state", source=S.AWAITING_VEHICLE, target=S.LAPSED)
    def lapse(self) -> None:
        """System: the deadline passed (a revocation was opened) or the notice lost its object."""


class VehicleDeadline(models.Model):
    """Which vehicle a deadline row of an authorization is about (Arts. 10 §2, 12, 70).

    The main row (`days_before` empty) ends on the last day the law allows; a reminder row
    announces it `days_before` days ahead.
    """

    class Purpose(models.TextChoices):
        AGE = "age", _("substituição por idade (Art. 12)")
        COLOUR = "colour", _("troca de cor (Art. 10 §2; Art. 70)")

    deadline = models.OneToOneField(
        "cases.Deadline", on_delete=models.PROTECT, related_name="vehicle_link",
        verbose_name=_("prazo"),
    )
    authorization = models.ForeignKey(
        "registers.Authorization", on_delete=models.PROTECT, related_name="+",
        verbose_name=_("termo de autorização"),
    )
    vehicle = models.ForeignKey(
        "registers.Vehicle", on_delete=models.PROTECT, related_name="+",
        verbose_name=_("veículo"),
    )
    purpose = models.CharField(_("finalidade"), max_length=8, choices=Purpose.choices)
    target_on = models.DateField(
        _("último dia"), help_text=_("O último dia que a lei dá ao veículo, e que o aviso anuncia.")
    )
    days_before = models.PositiveSmallIntegerField(
        _("aviso com antecedência de (dias)"), null=True, blank=True,
        help_text=_("Vazio: o próprio prazo; preenchido: um aviso ao taxista."),
    )

    class Meta:
        verbose_name = _("prazo de veículo")
        verbose_name_plural = _("prazos de veículos")
        indexes = [
            models.Index(
                fields=["authorization", "vehicle", "purpose"], name="vehicle_deadline_idx"
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_purpose_display()} {format_date(self.target_on)}"
