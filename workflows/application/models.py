"""Authorization application (cadastro e outorga), Arts. 9-11, 20-22: the case and its rows.

Transitions only change fields of the case (STYLE: transition methods stay pure); the
services in `services.py` and `fleet.py` lock, check, audit and apply the effects.
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


class ApplicationState(models.TextChoices):
    FILED = "filed", _("Protocolado, documentos em conferência")
    CORRECTION_REQUESTED = "correction_requested", _("Aguardando correção de documentos")
    AWAITING_INSPECTION = "awaiting_inspection", _("Documentos aceitos, vistoria a agendar")
    INSPECTION_SCHEDULED = "inspection_scheduled", _("Vistoria agendada")
    INSPECTION_FAILED = "inspection_failed", _("Reprovado na vistoria, nova vistoria a agendar")
    SECRETARIA_REVIEW = "secretaria_review", _("Em apreciação pela Secretaria de Finanças")
    APPROVED = "approved", _("Aprovado pela Secretaria, verificando vaga na frota")
    WAITING_LIST = "waiting_list", _("Aprovado, na fila de espera por vaga na frota")
    AWAITING_HOMOLOGATION = "awaiting_homologation", _("Aguardando homologação do Prefeito")
    GRANTED = "granted", _("Autorização outorgada")
    REJECTED = "rejected", _("Indeferido pela Secretaria")
    DENIED = "denied", _("Homologação negada pelo Prefeito")
    WITHDRAWN = "withdrawn", _("Desistência do requerente")


A = ApplicationState

OPEN_STATES = (
    A.FILED,
    A.CORRECTION_REQUESTED,
    A.AWAITING_INSPECTION,
    A.INSPECTION_SCHEDULED,
    A.INSPECTION_FAILED,
    A.SECRETARIA_REVIEW,
    A.APPROVED,
    A.WAITING_LIST,
    A.AWAITING_HOMOLOGATION,
)
FINAL_STATES = (A.GRANTED, A.REJECTED, A.DENIED, A.WITHDRAWN)


class ApplicationCase(
    intake_transitions(
        A,
        accepted=A.AWAITING_INSPECTION,
        # Art. 22 §1: the Secretaria refuses before its approval, or while the approved
        # application waits for a place.
        reject_from=(
            A.FILED,
            A.CORRECTION_REQUESTED,
            A.AWAITING_INSPECTION,
            A.INSPECTION_FAILED,
            A.SECRETARIA_REVIEW,
            A.WAITING_LIST,
        ),
        withdraw_from=[s for s in OPEN_STATES if s != A.APPROVED],
    ),
    review_transitions(during=A.FILED),
    inspection_transitions(
        ready=(A.AWAITING_INSPECTION, A.INSPECTION_FAILED),
        scheduled=A.INSPECTION_SCHEDULED,
        passed=A.SECRETARIA_REVIEW,
        failed=A.INSPECTION_FAILED,
    ),
    Case,
):
    """A driver's application to be registered and receive an authorization (Arts. 10, 22)."""

    KIND = CaseKind.APPLICATION

    vehicle = models.ForeignKey(
        "registers.Vehicle",
        on_delete=models.PROTECT,
        related_name="applications",
        verbose_name=_("veículo proposto"),
        help_text=_("Art. 10 II: o veículo que o requerente pretende pôr em serviço."),
    )
    approved_on = models.DateField(
        _("aprovado pela Secretaria em"),
        null=True,
        blank=True,
        help_text=_("Art. 22 §1: apreciação pela Secretaria de Finanças."),
    )
    place_granted_on = models.DateField(
        _("vaga na frota reservada em"),
        null=True,
        blank=True,
        help_text=_("Art. 22 §2: a vaga fica reservada até a homologação."),
    )
    granted_on = models.DateField(
        _("homologado em"),
        null=True,
        blank=True,
        help_text=_("Art. 22: homologação pelo Chefe do Poder Executivo."),
    )

    class Meta:
        verbose_name = _("cadastro e outorga de autorização")
        verbose_name_plural = _("cadastros e outorgas de autorização")

    # --- Review, fleet cap and homologation (Art. 22) ----------------------------------

    @transition(field="state", source=A.SECRETARIA_REVIEW, target=A.APPROVED)
    def approve_review(self, on: dt.date) -> None:
        """The Secretaria de Finanças approved the application (Art. 22 §1)."""
        self.approved_on = on

    @transition(field="state", source=A.APPROVED, target=A.WAITING_LIST)
    def enter_waiting_list(self) -> None:
        """System: the fleet is full (Art. 22 §2); the application waits for a place."""

    @transition(
        field="state", source=[A.APPROVED, A.WAITING_LIST], target=A.AWAITING_HOMOLOGATION
    )
    def grant_place(self, on: dt.date) -> None:
        """System: a place under the fleet cap is reserved for this application."""
        self.place_granted_on = on

    @transition(field="state", source=A.AWAITING_HOMOLOGATION, target=A.GRANTED)
    def homologate(self, on: dt.date) -> None:
        """The mayor homologates: the authorization is granted (Art. 22)."""
        self.granted_on = on

    @transition(field="state", source=A.AWAITING_HOMOLOGATION, target=A.DENIED)
    def deny(self) -> None:
        """The mayor refuses to homologate."""


class FleetLock(models.Model):
    """The one row locked (SELECT … FOR UPDATE) while a place in the fleet is given.

    Art. 22 §2 caps the fleet; two approvals racing for the last place are serialised on
    this row, so exactly one of them gets it.
    """

    id = models.PositiveSmallIntegerField(primary_key=True, default=1)

    class Meta:
        verbose_name = _("trava de vagas da frota")
        constraints = [
            models.CheckConstraint(condition=models.Q(id=1), name="fleet_lock_singleton")
        ]

    def __str__(self) -> str:
        return "fleet"


class AuthorizationSequence(models.Model):
    """The last Termo de Autorização number given in a year (TA-NNNN/AAAA).

    Locked while an authorization is granted, so a rolled-back homologation gives its
    number back and the series has no gaps.
    """

    year = models.PositiveSmallIntegerField(_("ano"), primary_key=True)
    last = models.PositiveIntegerField(_("último número"), default=0)

    class Meta:
        verbose_name = _("sequência de termos de autorização")

    def __str__(self) -> str:
        return f"{self.year}: {self.last}"
