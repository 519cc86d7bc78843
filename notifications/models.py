"""The outbox: a notification is a row first, written with the change that causes it."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class Notification(models.Model):
    class Channel(models.TextChoices):
        EMAIL = "email", _("e-mail")
        REGISTERED_POST = "registered_post", _("carta registrada com AR")

    class Status(models.TextChoices):
        QUEUED = "queued", _("na fila")
        SENT = "sent", _("enviada")
        DELIVERED = "delivered", _("entregue")
        RETURNED = "returned", _("devolvida")
        FAILED = "failed", _("falhou")

    case = models.ForeignKey(
        "cases.Case",
        on_delete=models.PROTECT,
        related_name="notifications",
        verbose_name=_("processo"),
    )
    recipient = models.ForeignKey(
        "registers.Driver",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="notifications",
        verbose_name=_("destinatário"),
    )
    address = models.CharField(_("endereço ou e-mail"), max_length=300)
    channel = models.CharField(_("meio"), max_length=20, choices=Channel.choices)
    template = models.CharField(_("modelo"), max_length=80)
    subject = models.CharField(_("assunto"), max_length=200)
    body = models.TextField(_("texto"))
    status = models.CharField(
        _("situação"), max_length=12, choices=Status.choices, default=Status.QUEUED
    )
    attempts = models.PositiveSmallIntegerField(_("tentativas"), default=0)
    last_error = models.TextField(_("último erro"), blank=True)
    created_at = models.DateTimeField(_("criada em"), auto_now_add=True)
    sent_at = models.DateTimeField(_("enviada em"), null=True, blank=True)

    class Meta:
        verbose_name = _("notificação")
        verbose_name_plural = _("notificações")
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["status", "created_at"], name="notification_status_idx")]

    def __str__(self) -> str:
        return f"{self.subject} → {self.address}"
