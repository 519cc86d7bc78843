"""Cancellation of the authorization on the holder's request (Art. 23).

Transitions are pure: they change fields of the case only; `workflows.cancellation.services`
locks, checks, audits and cancels the authorization.
"""

from __future__ import annotations

import datetime as dt

from django.db import models
from django.utils.translation import gettext_lazy as _
from django_fsm import transition

from cases.models import Case, CaseKind
from workflows.steps.intake import intake_transitions
from workflows.steps.review import review_transitions


class CancellationState(models.TextChoices):
    FILED = "filed", _("Protocolado, em conferência")
    CORRECTION_REQUESTED = "correction_requested", _("Aguardando correção pelo titular")
    CANCELLED = "cancelled", _("Autorização cancelada")
    REJECTED = "rejected", _("Indeferido na conferência")
    WITHDRAWN = "withdrawn", _("Desistência do titular")


S = CancellationState


class CancellationCase(
    # Confirmed, not accepted: the confirmation is the decision (Art. 23).
    intake_transitions(S),
    review_transitions(during=S.FILED),
    Case,
):
    """The holder gives his authorization back (Art. 23)."""

    KIND = CaseKind.CANCELLATION

    reason = models.TextField(_("relato"), blank=True)
    acknowledged_bar = models.BooleanField(
        _("ciente do impedimento de 5 anos"),
        default=False,
        help_text=_(
            "Art. 23 parágrafo único: nova autorização só após 5 anos do efetivo "
            "cancelamento."
        ),
    )
    effective_on = models.DateField(_("cancelamento efetivo em"), null=True, blank=True)

    class Meta:
        verbose_name = _("cancelamento a pedido")
        verbose_name_plural = _("cancelamentos a pedido")

    @transition(field="state", source=S.FILED, target=S.CANCELLED)
    def confirm(self, effective_on: dt.date) -> None:
        """The Secretaria checked the request; the cancellation takes effect (Art. 23)."""
        self.effective_on = effective_on
