"""The transfer of an authorization (Art. 25): on the holder's death or permanent invalidity.

Transitions are pure: they change fields of the case only; `workflows.transfer.services`
locks, checks, audits and changes the authorization's holder.
"""

from __future__ import annotations

import datetime as dt

from django.db import models
from django.utils.translation import gettext_lazy as _
from django_fsm import transition

from cases.models import Case, CaseKind
from workflows.steps.inspection import inspection_transitions
from workflows.steps.intake import intake_transitions
from workflows.steps.review import review_transitions


class TransferState(models.TextChoices):
    FILED = "filed", _("Protocolado, em conferência")
    CORRECTION_REQUESTED = "correction_requested", _("Aguardando correção pelo requerente")
    AWAITING_INSPECTION = "awaiting_inspection", _("Aguardando agendamento da vistoria")
    INSPECTION_SCHEDULED = "inspection_scheduled", _("Vistoria agendada")
    AWAITING_CONSENT = "awaiting_consent", _("Aguardando anuência do Prefeito")
    TRANSFERRED = "transferred", _("Autorização transferida")
    REJECTED = "rejected", _("Indeferido na conferência")
    DENIED = "denied", _("Anuência negada pelo Prefeito")
    WITHDRAWN = "withdrawn", _("Desistência do requerente")


class TransferCause(models.TextChoices):
    """Art. 25 I-II."""

    DEATH = "I", _("I — Falecimento do taxista: aos sucessores legítimos")
    INVALIDITY = "II", _("II — Invalidez permanente do taxista: ao cônjuge ou descendentes")


class Relationship(models.TextChoices):
    """The beneficiary's kinship with the holder."""

    SPOUSE = "spouse", _("Cônjuge ou companheiro(a)")
    DESCENDANT = "descendant", _("Descendente (filho, neto…)")
    ASCENDANT = "ascendant", _("Ascendente (pai, mãe, avô…)")
    COLLATERAL = "collateral", _("Colateral até o 4º grau (irmão, sobrinho, tio, primo)")


class SuccessionClass(models.TextChoices):
    """Código Civil (Lei 10.406/2002) art. 1.829: the order of legitimate succession."""

    DESCENDANTS = "I", _("I — descendentes, em concorrência com o cônjuge sobrevivente")
    ASCENDANTS = "II", _("II — ascendentes, em concorrência com o cônjuge")
    SPOUSE = "III", _("III — cônjuge sobrevivente")
    COLLATERALS = "IV", _("IV — colaterais")


S = TransferState
FINAL_STATES = (S.TRANSFERRED, S.REJECTED, S.DENIED, S.WITHDRAWN)


class TransferCase(
    intake_transitions(
        S,
        accepted=S.AWAITING_INSPECTION,
        reject_from=(S.FILED, S.AWAITING_INSPECTION),
        # Before the decision.
        withdraw_from=[state for state in S if state not in FINAL_STATES],
    ),
    review_transitions(during=S.FILED),
    # Art. 20: the vehicle is inspected "no caso de transferência de autorização".
    inspection_transitions(
        ready=S.AWAITING_INSPECTION,
        scheduled=S.INSPECTION_SCHEDULED,
        passed=S.AWAITING_CONSENT,
        failed=S.AWAITING_INSPECTION,
    ),
    Case,
):
    """Transfer of the Termo de Autorização to a beneficiary (Art. 25).

    The beneficiary is the case's `applicant` (the driver the case is about, who will hold
    the authorization); `previous_holder` keeps who held it when the request was filed.
    """

    KIND = CaseKind.TRANSFER

    cause = models.CharField(_("hipótese (Art. 25)"), max_length=2, choices=TransferCause.choices)
    previous_holder = models.ForeignKey(
        "registers.Driver",
        on_delete=models.PROTECT,
        related_name="transfers_from",
        verbose_name=_("titular anterior"),
    )
    relationship = models.CharField(
        _("parentesco com o titular"), max_length=12, choices=Relationship.choices
    )
    succession_class = models.CharField(
        _("ordem da vocação hereditária (CC Art. 1.829)"),
        max_length=3,
        choices=SuccessionClass.choices,
        blank=True,
        help_text=_("Somente no caso de falecimento (Art. 25 I)."),
    )
    event_on = models.DateField(
        _("data do falecimento ou da invalidez"),
        help_text=_("Data do óbito (Art. 25 I) ou do laudo ou ato que declarou a invalidez "
                    "permanente (Art. 25 II)."),
    )
    reason = models.TextField(_("relato"), blank=True)
    decided_on = models.DateField(_("decidido em"), null=True, blank=True)

    class Meta:
        verbose_name = _("transferência de autorização")
        verbose_name_plural = _("transferências de autorização")

    @transition(field="state", source=S.AWAITING_CONSENT, target=S.TRANSFERRED)
    def approve(self, decided_on: dt.date) -> None:
        """The municipality consents (Art. 25 sole paragraph: "prévia anuência")."""
        self.decided_on = decided_on

    @transition(field="state", source=S.AWAITING_CONSENT, target=S.DENIED)
    def deny(self, decided_on: dt.date) -> None:
        """The mayor refuses the consent."""
        self.decided_on = decided_on
