"""The municipal calendar's yearly reminder (the declared days live in registers.CalendarDay)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class CalendarReminder(models.Model):
    """Opened each December: declare next year's optional days (Carnival, Corpus Christi,
    24 and 31 December); closed once every one of them is declared closed or open."""

    year = models.PositiveSmallIntegerField(_("ano"), unique=True)
    opened_at = models.DateTimeField(_("aberto em"), auto_now_add=True)
    closed_at = models.DateTimeField(_("concluído em"), null=True, blank=True)

    class Meta:
        verbose_name = _("lembrete do calendário municipal")
        verbose_name_plural = _("lembretes do calendário municipal")
        ordering = ["-year"]

    def __str__(self) -> str:
        return str(self.year)
