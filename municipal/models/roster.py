"""The drivers' service roster, Art. 37 VII."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from law import roster as law


class RosterEntry(models.Model):
    """A taxi in service on a day's shift, as the drivers agreed (Art. 37 VII)."""

    class Shift(models.TextChoices):
        DAY = law.DAY, _("diurno (6h às 18h)")
        NIGHT = law.NIGHT, _("noturno (18h às 6h)")

    day = models.DateField(_("dia"))
    shift = models.CharField(_("turno"), max_length=8, choices=Shift.choices)
    authorization = models.ForeignKey(
        "registers.Authorization",
        on_delete=models.PROTECT,
        related_name="roster_entries",
        verbose_name=_("táxi (termo de autorização)"),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        related_name="+",
        verbose_name=_("registrado por"),
    )
    created_at = models.DateTimeField(_("registrado em"), auto_now_add=True)

    class Meta:
        verbose_name = _("turno da escala")
        verbose_name_plural = _("escala de serviço")
        ordering = ["day", "shift", "authorization__number"]
        constraints = [
            models.UniqueConstraint(
                fields=["day", "shift", "authorization"], name="roster_taxi_once_per_shift"
            )
        ]
        indexes = [models.Index(fields=["day", "shift"], name="roster_day_shift_idx")]

    def __str__(self) -> str:
        return f"{self.day:%d/%m/%Y} {self.get_shift_display()}: {self.authorization.number}"
