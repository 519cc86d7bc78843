"""The clerk's own rows: saved search filters and background exports."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class SavedFilter(models.Model):
    """A search a staff member keeps under a name (the query string of /busca/)."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="saved_filters",
        verbose_name=_("dono"),
    )
    name = models.CharField(_("nome"), max_length=80)
    query = models.CharField(
        _("filtro"), max_length=500, help_text=_("Os parâmetros da busca, como na URL.")
    )
    created_at = models.DateTimeField(_("criado em"), auto_now_add=True)

    class Meta:
        verbose_name = _("filtro salvo")
        verbose_name_plural = _("filtros salvos")
        ordering = ["name", "id"]
        constraints = [
            models.UniqueConstraint(fields=["owner", "name"], name="saved_filter_name_per_owner")
        ]

    def __str__(self) -> str:
        return self.name


class ExportJob(models.Model):
    """A table exported in the background (a long export would time a page out).

    The row is written first, its id queued after commit; the task fills `done`/`total` as
    it goes so the page can show progress, and keeps the file when finished.
    """

    class Status(models.TextChoices):
        QUEUED = "queued", _("na fila")
        RUNNING = "running", _("em andamento")
        DONE = "done", _("pronto")
        FAILED = "failed", _("falhou")

    class Format(models.TextChoices):
        CSV = "csv", "CSV"
        XLSX = "xlsx", "XLSX"

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="export_jobs",
        verbose_name=_("pedido por"),
    )
    dataset = models.CharField(_("tabela"), max_length=40)
    params = models.JSONField(_("parâmetros"), default=dict, blank=True)
    format = models.CharField(_("formato"), max_length=4, choices=Format.choices)
    status = models.CharField(
        _("situação"), max_length=8, choices=Status.choices, default=Status.QUEUED
    )
    total = models.PositiveIntegerField(_("linhas"), default=0)
    done = models.PositiveIntegerField(_("linhas prontas"), default=0)
    file = models.FileField(_("arquivo"), upload_to="exports/", blank=True)
    error = models.TextField(_("erro"), blank=True)
    created_at = models.DateTimeField(_("pedido em"), auto_now_add=True)
    finished_at = models.DateTimeField(_("concluído em"), null=True, blank=True)

    class Meta:
        verbose_name = _("exportação")
        verbose_name_plural = _("exportações")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.dataset}.{self.format} ({self.get_status_display()})"

    @property
    def percent(self) -> int:
        if self.status == self.Status.DONE:
            return 100
        return int(self.done * 100 / self.total) if self.total else 0


class MonthTotal(models.Model):
    """A dashboard series' figures for one month that has ended, counted once.

    A month's cases, notices and payments are dated when they happen, so once the month is
    over its figures no longer change: the dashboard keeps them here the first time it
    counts them and from then on counts only the current month — its cost stays the same
    whatever the number of cases (issue 25). Only the figures of every case are kept (what
    the staff who see every case are shown); a narrower scope is counted each time."""

    series = models.CharField(_("série"), max_length=40)
    month = models.DateField(_("mês"))
    figures = models.JSONField(_("números"), default=dict)
    counted_at = models.DateTimeField(_("contado em"), auto_now_add=True)

    class Meta:
        verbose_name = _("total mensal")
        verbose_name_plural = _("totais mensais")
        constraints = [
            models.UniqueConstraint(fields=["series", "month"], name="month_total_series_month")
        ]

    def __str__(self) -> str:
        return f"{self.series} {self.month:%m/%Y}"
