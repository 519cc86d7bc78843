"""Inspections (vistorias) of vehicles, attached to the case that needs them (Art. 20)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Inspection(models.Model):
    class Status(models.TextChoices):
        SCHEDULED = "scheduled", _("agendada")
        PASSED = "passed", _("aprovada")
        FAILED = "failed", _("reprovada")
        CANCELLED = "cancelled", _("cancelada")

    case = models.ForeignKey(
        "cases.Case", on_delete=models.PROTECT, related_name="inspections",
        verbose_name=_("processo"),
    )
    vehicle = models.ForeignKey(
        "registers.Vehicle", on_delete=models.PROTECT, related_name="inspections",
        verbose_name=_("veículo"),
    )
    scheduled_for = models.DateTimeField(_("agendada para"))
    place = models.CharField(_("local"), max_length=200)
    status = models.CharField(
        _("situação"), max_length=10, choices=Status.choices, default=Status.SCHEDULED
    )
    items = models.JSONField(
        _("itens"), default=dict, blank=True,
        help_text=_("Resultado de cada item do checklist (law.inspection.ITEMS)."),
    )
    notes = models.TextField(_("observações"), blank=True)
    inspector = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
        related_name="+", verbose_name=_("vistoriador"),
    )
    performed_at = models.DateTimeField(_("realizada em"), null=True, blank=True)

    class Meta:
        verbose_name = _("vistoria")
        verbose_name_plural = _("vistorias")
        ordering = ["-scheduled_for", "-id"]

    def __str__(self) -> str:
        return f"{self.vehicle} {self.scheduled_for:%d/%m/%Y %H:%M}"
