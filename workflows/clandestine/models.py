"""Clandestine or irregular transport of passengers (Arts. 60-62): the case and its payments.

The main state follows the vehicle: seized for the period of Art. 62 I (doubled on
recidivism, §1), then held until everything owed is paid (§3), then released. The
contest of the agent's classification (Art. 61 §2) runs beside it without lifting the
seizure: its transitions keep the vehicle's state and change only the contest's fields,
except that a contest still pending when the vehicle is released keeps the case open.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django_fsm import transition

from cases.bounds import amount_fits, amount_validators
from cases.models import Case, CaseKind
from law.i18n import format_date
from registers.validators import validate_cpf, validate_plate


class ClandestineState(models.TextChoices):
    SEIZED = "seized", _("Veículo apreendido (Art. 62 I)")
    HELD_UNTIL_PAID = "held_until_paid", _(
        "Apreensão cumprida; veículo retido até a quitação (Art. 62 §3)"
    )
    RELEASED_CONTEST_PENDING = "released_contest_pending", _(
        "Veículo liberado; recurso do enquadramento pendente (Art. 61 §2)"
    )
    RELEASED = "released", _("Veículo liberado")
    ANNULLED = "annulled", _("Autuação anulada em recurso; veículo liberado")


class Classification(models.TextChoices):
    """Art. 60 §§1-2."""

    CLANDESTINE = "clandestine", _("Transporte clandestino (Art. 60 §1): sem autorização")
    IRREGULAR = "irregular", _("Transporte irregular (Art. 60 §2): autorização inadequada")


class ContestOutcome(models.TextChoices):
    UPHELD = "upheld", _("Enquadramento mantido")
    RECLASSIFIED = "reclassified", _("Enquadramento alterado")
    ANNULLED = "annulled", _("Autuação anulada")


S = ClandestineState


class ClandestineCase(Case):
    """A fiscal agent's record of clandestine or irregular transport (Arts. 60-62)."""

    KIND = CaseKind.CLANDESTINE

    # The person (Art. 62: "pessoa física ou jurídica").
    person_name = models.CharField(_("nome do responsável"), max_length=200)
    person_cpf = models.CharField(
        _("CPF do responsável"), max_length=11, blank=True, validators=[validate_cpf],
        help_text=_("Somente os 11 dígitos; vazio quando o responsável não o apresentou."),
    )
    person_document = models.CharField(
        _("documento de identidade do responsável"), max_length=30, blank=True,
        help_text=_("RG, CNH ou outro documento com foto. Art. 62 §1: sem CPF, a reincidência "
                    "se verifica pelo nome e por este documento."),
    )
    # The vehicle.
    plate = models.CharField(
        _("placa"), max_length=7, validators=[validate_plate], db_index=True,
        help_text=_("Formato antigo (ABC-1234) ou Mercosul (ABC1D23)."),
    )
    vehicle_make = models.CharField(_("marca"), max_length=60)
    vehicle_model = models.CharField(_("modelo"), max_length=80)
    vehicle_colour = models.CharField(_("cor"), max_length=40, blank=True)
    # The facts and the agent's reading of them (Art. 61 §2).
    classification = models.CharField(
        _("enquadramento"), max_length=12, choices=Classification.choices
    )
    reasoning = models.TextField(
        _("fundamentação do agente"),
        help_text=_("Art. 61 §2: o enquadramento se dá segundo o entendimento fundamentado do "
                    "agente fiscal."),
    )
    place = models.CharField(_("local"), max_length=250)
    occurred_at = models.DateTimeField(_("data e hora da constatação"))
    noticed_on = models.DateField(
        _("autuado em"), help_text=_("Art. 62 §1: a reincidência se conta desta data.")
    )
    agent = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="clandestine_recorded",
        verbose_name=_("agente fiscal"),
    )
    # The penalty of Art. 62, computed at the record by law.clandestine.
    recidivist = models.BooleanField(_("reincidente (Art. 62 §1)"), default=False)
    recidivism_of = models.ForeignKey(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="+",
        verbose_name=_("reincidência em relação a"),
        help_text=_("Art. 62 §1: o registro anterior da mesma pessoa, nos 6 meses anteriores "
                    "aos fatos, cuja penalidade foi dobrada."),
    )
    seizure_days = models.PositiveSmallIntegerField(_("dias de apreensão"))
    seizure_starts_on = models.DateField(_("apreensão desde"))
    seizure_ends_on = models.DateField(_("último dia de apreensão"))
    fine_vrte = models.DecimalField(
        _("multa (VRTE)"), max_digits=9, decimal_places=2, validators=amount_validators(9)
    )
    vrte_value = models.DecimalField(
        _("VRTE do ano (R$)"), max_digits=10, decimal_places=4, null=True, blank=True,
        help_text=_("Art. 54."),
    )
    fine_reais = models.DecimalField(
        _("multa (R$)"), max_digits=12, decimal_places=2, null=True, blank=True,
        validators=amount_validators(12),
    )
    # Costs and referral (Art. 62 III-IV).
    removal_cost = models.DecimalField(
        _("custas de remoção (R$)"), max_digits=12, decimal_places=2, null=True, blank=True,
        validators=amount_validators(12),
        help_text=_("Art. 62 III, conforme a legislação específica."),
    )
    storage_cost = models.DecimalField(
        _("custas de estadia (R$)"), max_digits=12, decimal_places=2, null=True, blank=True,
        validators=amount_validators(12),
        help_text=_("Art. 62 III, conforme a legislação específica."),
    )
    police_referred_on = models.DateField(
        _("encaminhado à delegacia em"), null=True, blank=True, help_text=_("Art. 62 IV.")
    )
    police_station = models.CharField(_("delegacia"), max_length=200, blank=True)
    police_report = models.CharField(_("número do boletim de ocorrência"), max_length=60,
                                     blank=True)
    released_on = models.DateField(_("liberado em"), null=True, blank=True)
    # The contest of the classification (Art. 61 §2).
    contest_filed_on = models.DateField(_("recurso apresentado em"), null=True, blank=True)
    contest_reasons = models.TextField(_("razões do recurso"), blank=True)
    contest_outcome = models.CharField(
        _("resultado do recurso"), max_length=12, choices=ContestOutcome.choices, blank=True
    )
    contest_decided_on = models.DateField(_("recurso decidido em"), null=True, blank=True)
    contest_decision = models.TextField(_("fundamentação da decisão do recurso"), blank=True)

    class Meta:
        verbose_name = _("transporte clandestino")
        verbose_name_plural = _("transportes clandestinos")
        indexes = [
            models.Index(fields=["person_cpf"], name="clandestine_cpf_idx"),
            models.Index(fields=["person_document"], name="clandestine_document_idx"),
        ]
        # SQLite ignores max_digits; a value it stored past them could not be read back.
        constraints = [
            amount_fits("fine_vrte", max_digits=9, name="clandestine_fine_vrte_fits"),
            amount_fits("fine_reais", max_digits=12, name="clandestine_fine_reais_fits"),
            amount_fits("removal_cost", max_digits=12, name="clandestine_removal_cost_fits"),
            amount_fits("storage_cost", max_digits=12, name="clandestine_storage_cost_fits"),
        ]

    @property
    def persons_named(self) -> list[tuple[str, str]]:
        """The offender as the read log names him (issue 20): nobody here when he is a
        registered driver (the applicant, logged as a driver), else his name and CPF."""
        if self.applicant_id is not None:
            return []
        return [(self.person_name, self.person_cpf)]

    @property
    def contest_pending(self) -> bool:
        return self.contest_filed_on is not None and not self.contest_outcome

    def _contest_pending(self) -> bool:
        return self.contest_pending

    def _no_contest_yet(self) -> bool:
        return self.contest_filed_on is None

    def _no_contest_pending(self) -> bool:
        return not self.contest_pending

    def _not_referred_yet(self) -> bool:
        return self.police_referred_on is None

    # --- The vehicle ------------------------------------------------------------------

    @transition(field="state", source=S.SEIZED, target=S.HELD_UNTIL_PAID)
    def end_seizure(self) -> None:
        """System: the seizure's last day has passed; the vehicle stays until paid (§3)."""

    @transition(
        field="state", source=S.HELD_UNTIL_PAID, target=S.RELEASED,
        conditions=[_no_contest_pending],
    )
    def release(self, on: dt.date) -> None:
        """Everything owed is paid and the seizure served (Art. 62 I, §3)."""
        self.released_on = on

    @transition(
        field="state", source=S.HELD_UNTIL_PAID, target=S.RELEASED_CONTEST_PENDING,
        conditions=[_contest_pending],
    )
    def release_pending_contest(self, on: dt.date) -> None:
        """As `release`; the contest goes on, so the case stays open for the commission."""
        self.released_on = on

    # --- Records that keep the state -----------------------------------------------------

    @transition(field="state", source=S.SEIZED, target=S.SEIZED)
    @transition(field="state", source=S.HELD_UNTIL_PAID, target=S.HELD_UNTIL_PAID)
    def record_costs(self, removal_cost: Decimal, storage_cost: Decimal) -> None:
        """Art. 62 III: removal and storage costs, as the specific legislation sets them."""
        self.removal_cost = removal_cost
        self.storage_cost = storage_cost

    @transition(field="state", source=S.SEIZED, target=S.SEIZED)
    @transition(field="state", source=S.HELD_UNTIL_PAID, target=S.HELD_UNTIL_PAID)
    def record_payment(self) -> None:
        """Art. 62 §3: a payment towards what is owed (the row is written by the service)."""

    @transition(
        field="state", source=S.SEIZED, target=S.SEIZED, conditions=[_not_referred_yet]
    )
    @transition(
        field="state", source=S.HELD_UNTIL_PAID, target=S.HELD_UNTIL_PAID,
        conditions=[_not_referred_yet],
    )
    def record_police_referral(self, on: dt.date, station: str, report: str) -> None:
        """Art. 62 IV: the driver was taken to the police station."""
        self.police_referred_on = on
        self.police_station = station
        self.police_report = report

    # --- The contest of the classification (Art. 61 §2) -----------------------------------

    @transition(
        field="state", source=S.SEIZED, target=S.SEIZED, conditions=[_no_contest_yet]
    )
    @transition(
        field="state", source=S.HELD_UNTIL_PAID, target=S.HELD_UNTIL_PAID,
        conditions=[_no_contest_yet],
    )
    def contest(self, filed_on: dt.date, reasons: str) -> None:
        """The person questions the agent's classification; the seizure stays (Art. 61 §2)."""
        self.contest_filed_on = filed_on
        self.contest_reasons = reasons

    @transition(field="state", source=S.SEIZED, target=S.SEIZED, conditions=[_contest_pending])
    @transition(
        field="state", source=S.HELD_UNTIL_PAID, target=S.HELD_UNTIL_PAID,
        conditions=[_contest_pending],
    )
    @transition(field="state", source=S.RELEASED_CONTEST_PENDING, target=S.RELEASED)
    def uphold(self, on: dt.date, grounds: str) -> None:
        """The commission keeps the agent's classification."""
        self.contest_outcome = ContestOutcome.UPHELD
        self.contest_decided_on = on
        self.contest_decision = grounds

    @transition(field="state", source=S.SEIZED, target=S.SEIZED, conditions=[_contest_pending])
    @transition(
        field="state", source=S.HELD_UNTIL_PAID, target=S.HELD_UNTIL_PAID,
        conditions=[_contest_pending],
    )
    @transition(field="state", source=S.RELEASED_CONTEST_PENDING, target=S.RELEASED)
    def reclassify(self, on: dt.date, grounds: str) -> None:
        """The commission changes clandestine into irregular or back (Art. 60 §§1-2); the
        sanctions of Art. 62 are the same for both."""
        self.classification = (
            Classification.IRREGULAR
            if self.classification == Classification.CLANDESTINE
            else Classification.CLANDESTINE
        )
        self.contest_outcome = ContestOutcome.RECLASSIFIED
        self.contest_decided_on = on
        self.contest_decision = grounds

    @transition(
        field="state", source=[S.SEIZED, S.HELD_UNTIL_PAID], target=S.ANNULLED,
        conditions=[_contest_pending],
    )
    @transition(field="state", source=S.RELEASED_CONTEST_PENDING, target=S.ANNULLED)
    def annul(self, on: dt.date, grounds: str) -> None:
        """The commission finds neither clandestine nor irregular transport: nothing is owed
        and the vehicle goes back."""
        self.contest_outcome = ContestOutcome.ANNULLED
        self.contest_decided_on = on
        self.contest_decision = grounds
        if self.released_on is None:
            self.released_on = on


class ClandestinePayment(models.Model):
    """A payment towards what a clandestine case owes: fine and costs (Art. 62 II, III, §3)."""

    case = models.ForeignKey(
        ClandestineCase, on_delete=models.PROTECT, related_name="payments",
        verbose_name=_("processo"),
    )
    amount = models.DecimalField(
        _("valor (R$)"), max_digits=12, decimal_places=2, validators=amount_validators(12)
    )
    paid_on = models.DateField(_("pago em"))
    reference = models.CharField(_("documento de arrecadação"), max_length=60, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+",
        verbose_name=_("registrado por"),
    )
    recorded_at = models.DateTimeField(_("registrado em"), auto_now_add=True)

    class Meta:
        verbose_name = _("pagamento de transporte clandestino")
        verbose_name_plural = _("pagamentos de transporte clandestino")
        ordering = ["paid_on", "id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(amount__gt=0), name="clandestine_payment_positive"
            ),
            amount_fits("amount", max_digits=12, name="clandestine_payment_amount_fits"),
        ]

    def __str__(self) -> str:
        return f"R$ {self.amount} ({format_date(self.paid_on)})"
