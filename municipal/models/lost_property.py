"""Objects left in taxis, Art. 37 XVIII."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from law import lost_property as law


class LostItem(models.Model):
    """An object found in a taxi: reported, handed in against a numbered receipt, then
    returned to its owner or given a destination."""

    class Status(models.TextChoices):
        REPORTED = "reported", _("a entregar")
        IN_CUSTODY = "in_custody", _("sob guarda da Prefeitura")
        CLOSED = "closed", _("encerrado")

    class Destination(models.TextChoices):
        RETURNED = law.RETURNED, _("devolvido ao dono")
        DONATED = law.DONATED, _("doado")
        DISCARDED = law.DISCARDED, _("descartado")
        OTHER_BODY = law.OTHER_BODY, _("encaminhado a outro órgão")

    description = models.CharField(_("descrição do objeto"), max_length=250)
    found_on = models.DateField(_("encontrado em"))
    authorization = models.ForeignKey(
        "registers.Authorization",
        on_delete=models.PROTECT,
        related_name="lost_items",
        verbose_name=_("táxi (termo de autorização)"),
    )
    driver = models.ForeignKey(
        "registers.Driver",
        on_delete=models.PROTECT,
        related_name="lost_items",
        verbose_name=_("taxista que entrega"),
    )
    due_on = models.DateField(
        _("prazo de entrega"),
        help_text=format_lazy(
            _("Art. 37 XVIII: {days} dias úteis após o achado."), days=law.HANDING_IN_BUSINESS_DAYS
        ),
    )
    deadline = models.OneToOneField(
        "cases.Deadline",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("prazo"),
    )
    status = models.CharField(
        _("situação"), max_length=12, choices=Status.choices, default=Status.REPORTED
    )
    reported_at = models.DateTimeField(_("comunicado em"), auto_now_add=True)
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        related_name="+",
        verbose_name=_("comunicado por"),
    )
    handing_in_overdue = models.BooleanField(
        _("prazo de entrega vencido"),
        default=False,
        help_text=_("Marcado quando o prazo passou sem a entrega."),
    )
    # The receipt (Art. 37 XVIII "mediante recibo"): numbered without gaps per year.
    receipt_number = models.CharField(
        _("número do recibo"), max_length=24, unique=True, null=True, blank=True
    )
    receipt_year = models.PositiveSmallIntegerField(_("ano do recibo"), null=True, blank=True)
    receipt_sequence = models.PositiveIntegerField(_("sequência do recibo"), null=True, blank=True)
    handed_in_on = models.DateField(_("entregue em"), null=True, blank=True)
    handed_in_late = models.BooleanField(_("entregue fora do prazo"), default=False)
    received_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("recebido por"),
    )
    storage = models.CharField(_("local de guarda"), max_length=120, blank=True)
    destination = models.CharField(
        _("destinação"), max_length=12, choices=Destination.choices, blank=True
    )
    owner_name = models.CharField(_("nome de quem recebeu"), max_length=200, blank=True)
    owner_document = models.CharField(_("documento de quem recebeu"), max_length=40, blank=True)
    closed_on = models.DateField(_("encerrado em"), null=True, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("encerrado por"),
    )
    notes = models.CharField(_("observações"), max_length=250, blank=True)

    class Meta:
        verbose_name = _("objeto esquecido em táxi")
        verbose_name_plural = _("objetos esquecidos em táxis")
        ordering = ["-found_on", "-id"]
        # The register lists the newest first, all of it or one status: read in the
        # index's order and stopped at the page, whatever the register's size (issue 25).
        indexes = [
            models.Index(fields=["-found_on", "-id"], name="lost_item_newest_idx"),
            models.Index(fields=["status", "-found_on", "-id"], name="lost_item_status_newest_idx"),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["receipt_year", "receipt_sequence"], name="lost_item_receipt_number"
            )
        ]

    def __str__(self) -> str:
        return f"{self.receipt_number or '—'} {self.description}"


class LostItemSequence(models.Model):
    """Last receipt number given in a year; locked while a receipt is issued (no gaps)."""

    year = models.PositiveSmallIntegerField(primary_key=True)
    last = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = _("sequência de recibos de achados")

    def __str__(self) -> str:
        return f"{self.year}: {self.last}"
