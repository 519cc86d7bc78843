"""An import of the register that exists today, and the invitations it leaves (Art. 8)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from law import fleet as law_fleet


class ImportJob(models.Model):
    """One file checked (dry run) and, once confirmed, imported all-or-nothing."""

    class Status(models.TextChoices):
        CHECKING = "checking", _("em conferência")
        CHECKED = "checked", _("conferido, aguardando confirmação")
        REJECTED = "rejected", _("conferido com erros")
        IMPORTING = "importing", _("importando")
        DONE = "done", _("importado")
        FAILED = "failed", _("falhou")

    file_name = models.CharField(_("arquivo"), max_length=200)
    content = models.BinaryField(_("conteúdo"))
    status = models.CharField(
        _("situação"), max_length=12, choices=Status.choices, default=Status.CHECKING
    )
    total_rows = models.PositiveIntegerField(_("linhas"), default=0)
    done_rows = models.PositiveIntegerField(_("linhas processadas"), default=0)
    created = models.PositiveIntegerField(_("autorizações criadas"), default=0)
    already = models.PositiveIntegerField(_("já importadas"), default=0)
    errors = models.JSONField(_("rejeições"), default=list, blank=True)
    # Rows imported with something for the Secretaria to act on (Art. 69: kept, not
    # refused), each with its article and, once imported, the revocation process opened.
    flags = models.JSONField(_("sinalizações"), default=list, blank=True)
    # Art. 22 §2: the fleet in force once the file is imported, against the cap.
    fleet_population = models.PositiveIntegerField(_("população (IBGE)"), null=True, blank=True)
    fleet_cap = models.PositiveIntegerField(_("limite da frota"), null=True, blank=True)
    fleet_after = models.PositiveIntegerField(
        _("frota em vigor após a importação"), null=True, blank=True
    )
    message = models.TextField(_("mensagem"), blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+",
        verbose_name=_("enviado por"),
    )
    created_at = models.DateTimeField(_("enviado em"), auto_now_add=True)
    finished_at = models.DateTimeField(_("concluído em"), null=True, blank=True)

    class Meta:
        verbose_name = _("importação do cadastro")
        verbose_name_plural = _("importações do cadastro")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.file_name} ({self.get_status_display()})"

    @property
    def percent(self) -> int:
        return int(100 * self.done_rows / self.total_rows) if self.total_rows else 0

    @property
    def fleet_excess(self) -> int:
        """How many authorizations in force stand above the cap of Art. 22 §2 (0 within it)."""
        if self.fleet_population is None or self.fleet_after is None:
            return 0
        return law_fleet.excess_over_cap(self.fleet_population, self.fleet_after)

    @property
    def fleet_notice(self) -> str:
        """What a fleet above the cap means, told to the clerk (Arts. 22 §2 and 69)."""
        if not self.fleet_excess:
            return ""
        return gettext(
            "Com esta importação, a frota terá %(after)d autorizações em vigor, acima do "
            "limite de %(cap)d (um táxi para cada 500 habitantes; população %(population)d, "
            "Art. 22 §2). As autorizações atuais são mantidas (Arts. 22 §2 e 69) e nenhuma é "
            "cancelada por isso; enquanto a frota estiver acima do limite, nenhuma nova "
            "autorização é outorgada: os pedidos aprovados aguardam na fila de espera."
        ) % {
            "after": self.fleet_after, "cap": self.fleet_cap,
            "population": self.fleet_population or 0,
        }


class TermoInvitation(models.Model):
    """A holder of an imported authorization, invited to sign the new Termo (Art. 8)."""

    authorization = models.OneToOneField(
        "registers.Authorization", on_delete=models.PROTECT, related_name="termo_invitation",
        verbose_name=_("termo de autorização"),
    )
    job = models.ForeignKey(
        ImportJob, on_delete=models.PROTECT, related_name="invitations",
        verbose_name=_("importação"),
    )
    invited_on = models.DateField(_("convidado em"))
    signed_on = models.DateField(_("assinado em"), null=True, blank=True)

    class Meta:
        verbose_name = _("convite para assinar o Termo (Art. 8)")
        verbose_name_plural = _("convites para assinar o Termo (Art. 8)")
        ordering = ["signed_on", "invited_on", "id"]

    def __str__(self) -> str:
        return str(self.authorization)
