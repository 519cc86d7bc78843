"""Authorization of advertising on a taxi (Art. 67): its fields and pure django-fsm
transitions.

Transitions here only change fields of the case; `workflows.advertising.services` locks,
checks, audits and applies effects (STYLE: transition methods stay pure).
"""

from __future__ import annotations

import datetime as dt

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django_fsm import transition

from cases.models import Case, CaseKind
from law import advertising as law_advertising
from registers.models import Vehicle
from workflows.steps.intake import intake_transitions
from workflows.steps.review import review_transitions


class AdvertisingState(models.TextChoices):
    FILED = "filed", _("Protocolado, em conferência")
    CORRECTION_REQUESTED = "correction_requested", _("Aguardando correção pelo titular")
    AWAITING_DECISION = "awaiting_decision", _("Aguardando decisão do Prefeito")
    AUTHORIZED = "authorized", _("Publicidade autorizada")
    ENDED = "ended", _("Encerrada ao fim do período")
    REJECTED = "rejected", _("Indeferido na conferência")
    DENIED = "denied", _("Negado pelo Prefeito")
    WITHDRAWN = "withdrawn", _("Desistência do titular")


class AdvertisingPlacement(models.TextChoices):
    """Where on the vehicle (`law.advertising.Placement`); the rear window needs no
    authorization (Art. 67) and is refused as a request."""

    REAR_WINDOW = law_advertising.Placement.REAR_WINDOW.value, _("Vidro traseiro")
    SIDE_DOORS = law_advertising.Placement.SIDE_DOORS.value, _("Portas laterais")
    REAR_BODY = law_advertising.Placement.REAR_BODY.value, _("Tampa traseira ou para-choque")
    ROOF = law_advertising.Placement.ROOF.value, _("Teto (luminoso ou suporte)")
    OTHER = law_advertising.Placement.OTHER.value, _("Outro local (descreva)")


S = AdvertisingState


class AdvertisingCase(
    intake_transitions(
        S,
        # Art. 67: the Executive authorizes; the Secretaria checks the request first.
        accepted=S.AWAITING_DECISION,
    ),
    review_transitions(during=S.FILED),
    Case,
):
    """A holder's request to put an advertisement on the taxi (Art. 67)."""

    KIND = CaseKind.ADVERTISING

    vehicle = models.ForeignKey(
        Vehicle,
        on_delete=models.PROTECT,
        related_name="advertising_cases",
        verbose_name=_("veículo"),
        help_text=_("O veículo da autorização do titular no dia do pedido."),
    )
    placement = models.CharField(
        _("local no veículo"), max_length=20, choices=AdvertisingPlacement.choices
    )
    text = models.TextField(
        _("texto ou descrição da publicidade"),
        help_text=_("O que será exibido, e onde exatamente quando o local é “outro”."),
    )
    advertiser = models.CharField(_("anunciante"), max_length=200, blank=True)
    start_on = models.DateField(_("início pedido"))
    end_on = models.DateField(_("último dia"))
    authorized_from = models.DateField(
        _("em vigor a partir de"),
        null=True,
        blank=True,
        help_text=_("Art. 67: autorização prévia; nada vigora antes da decisão."),
    )

    class Meta:
        verbose_name = _("autorização de publicidade")
        verbose_name_plural = _("autorizações de publicidade")

    @transition(field="state", source=S.AWAITING_DECISION, target=S.AUTHORIZED)
    def approve(self, authorized_from: dt.date) -> None:
        """The mayor authorizes the advertisement for its period (Art. 67)."""
        self.authorized_from = authorized_from

    @transition(field="state", source=S.AWAITING_DECISION, target=S.DENIED)
    def deny(self) -> None:
        """The mayor refuses the advertisement."""

    @transition(field="state", source=S.AUTHORIZED, target=S.ENDED)
    def end(self) -> None:
        """System: the period's last day has passed."""

    def in_force_on(self, day: dt.date) -> bool:
        """Authorized and `day` within its period (Art. 67)."""
        return (
            self.state == S.AUTHORIZED
            and self.authorized_from is not None
            and law_advertising.in_force(self.authorized_from, self.end_on, day)
        )

    @property
    def in_force_today(self) -> bool:
        """For the case page, read once per page."""
        return self.in_force_on(timezone.localdate())
