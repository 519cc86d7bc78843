"""The one table of the web layer: first results of requests that must happen once."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class SubmissionRecord(models.Model):
    """A request sent under a one-time key, and what it answered the first time.

    The key is an API client's `Idempotency-Key` header or a page form's one-time token
    (`form_token`). A repeat of the key (a retry, a double tap, Back and resubmit) gets
    the first answer again instead of issuing a second notice, filing a second request
    or recording a second payment (web.idempotency).
    """

    class Origin(models.TextChoices):
        API = "api", _("API")
        PAGE = "page", _("página")

    principal = models.CharField(_("quem enviou"), max_length=80)
    key = models.CharField(_("chave"), max_length=100)
    origin = models.CharField(_("origem"), max_length=4, choices=Origin.choices)
    method = models.CharField(_("método"), max_length=8)
    path = models.CharField(_("endereço"), max_length=300)
    fingerprint = models.CharField(_("resumo do conteúdo"), max_length=64, blank=True)
    created_at = models.DateTimeField(_("recebido em"), auto_now_add=True)
    completed = models.BooleanField(_("respondido"), default=False)
    status_code = models.PositiveSmallIntegerField(_("status"), null=True, blank=True)
    content_type = models.CharField(_("tipo do conteúdo"), max_length=100, blank=True)
    body = models.BinaryField(_("resposta"), blank=True, default=b"")
    location = models.CharField(_("redirecionamento"), max_length=500, blank=True)

    class Meta:
        verbose_name = _("envio único")
        verbose_name_plural = _("envios únicos")
        constraints = [
            models.UniqueConstraint(fields=["principal", "key"], name="submission_once_per_key")
        ]
        indexes = [models.Index(fields=["created_at"], name="submission_created_idx")]

    def __str__(self) -> str:
        return f"{self.method} {self.path} ({self.key})"
