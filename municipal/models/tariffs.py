"""Tariffs and the price table, Arts. 29-31."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class TariffTable(models.Model):
    """A price table: proposed (draft) until the Executive's act is recorded (Art. 29)."""

    class Status(models.TextChoices):
        DRAFT = "draft", _("proposta")
        PUBLISHED = "published", _("publicada")
        DISCARDED = "discarded", _("descartada")

    status = models.CharField(
        _("situação"), max_length=10, choices=Status.choices, default=Status.DRAFT
    )
    act_number = models.CharField(_("número do ato"), max_length=60, blank=True)
    act_date = models.DateField(_("data do ato"), null=True, blank=True)
    valid_from = models.DateField(_("vigora a partir de"), null=True, blank=True)
    adjustment_year = models.PositiveSmallIntegerField(
        _("reajuste anual de"),
        null=True,
        blank=True,
        help_text=_("Art. 31: o ano do reajuste pelo IGP-M, se for um."),
    )
    igpm_percent = models.DecimalField(
        _("IGP-M acumulado (%)"), max_digits=7, decimal_places=4, null=True, blank=True
    )
    based_on = models.ForeignKey(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("tabela reajustada"),
    )
    joint_study = models.CharField(
        _("estudo conjunto com a classe"),
        max_length=250,
        blank=True,
        help_text=_(
            "Art. 29: o estudo feito com o órgão representativo da classe (referência e "
            "entidade); o reajuste anual pelo IGP-M (Art. 31) não pede outro."
        ),
    )
    notes = models.CharField(_("observações"), max_length=250, blank=True)
    created_at = models.DateTimeField(_("criada em"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        related_name="+",
        verbose_name=_("criada por"),
    )
    published_at = models.DateTimeField(_("publicada em"), null=True, blank=True)
    published_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("publicada por"),
    )

    class Meta:
        verbose_name = _("tabela de tarifas")
        verbose_name_plural = _("tabelas de tarifas")
        ordering = ["-valid_from", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["adjustment_year"],
                condition=models.Q(status="published"),
                name="one_igpm_adjustment_per_year",
            ),
            models.CheckConstraint(
                condition=~models.Q(status="published")
                | (
                    models.Q(valid_from__isnull=False)
                    & models.Q(act_date__isnull=False)
                    & ~models.Q(act_number="")
                ),
                name="published_tariff_has_act",
            ),
        ]

    def __str__(self) -> str:
        if self.status == self.Status.PUBLISHED:
            return f"{self.act_number} ({self.valid_from:%d/%m/%Y})"
        return f"{self.get_status_display()} #{self.pk}"


class TariffItem(models.Model):
    """One line of the price table (Art. 30): e.g. the flag-fall, the price per km."""

    table = models.ForeignKey(
        TariffTable, on_delete=models.CASCADE, related_name="items", verbose_name=_("tabela")
    )
    code = models.SlugField(_("código"), max_length=30)
    label = models.CharField(_("descrição"), max_length=120)
    unit = models.CharField(_("unidade"), max_length=40, blank=True)
    value = models.DecimalField(_("valor (R$)"), max_digits=10, decimal_places=2)
    position = models.PositiveSmallIntegerField(_("ordem"), default=0)

    class Meta:
        verbose_name = _("item da tabela de tarifas")
        verbose_name_plural = _("itens da tabela de tarifas")
        ordering = ["table", "position", "id"]
        constraints = [
            models.UniqueConstraint(fields=["table", "code"], name="tariff_item_code_once")
        ]

    def __str__(self) -> str:
        return f"{self.label}: R$ {self.value}"


class TariffReminder(models.Model):
    """Art. 31: the January to-do for clerks, open until that year's adjustment is published."""

    year = models.PositiveSmallIntegerField(_("ano"), unique=True)
    opened_at = models.DateTimeField(_("aberto em"), auto_now_add=True)
    closed_at = models.DateTimeField(_("concluído em"), null=True, blank=True)
    table = models.ForeignKey(
        TariffTable,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("tabela reajustada"),
    )

    class Meta:
        verbose_name = _("lembrete de reajuste anual")
        verbose_name_plural = _("lembretes de reajuste anual")
        ordering = ["-year"]

    def __str__(self) -> str:
        return str(self.year)
