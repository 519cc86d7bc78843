from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """A person who logs in: driver, clerk, agent, commission member, mayor or admin."""

    employee_number = models.CharField(
        _("matrícula"),
        max_length=20,
        blank=True,
        help_text=_(
            "Matrícula funcional do servidor, impressa nos atos que ele assina (o agente "
            "fiscal no Auto de Infração, Art. 47 VI). Vazia para quem não é servidor."
        ),
    )

    class Meta:
        verbose_name = _("usuário")
        verbose_name_plural = _("usuários")

    def signature_name(self) -> str:
        """The name a person signs with: full name, else the login (never blank)."""
        return self.get_full_name() or self.username


class PersonalDataAccess(models.Model):
    """One reading of a driver's personal data by a staff member (LGPD, Lei 13.709/2018,
    Art. 37: the controller keeps a record of the processing it does).

    Written by `accounts.services.personal_data_read`, the one door every surface that
    shows a driver's CPF, CNH, address, contacts, documents, points or penalties to
    someone else goes through (pages, API, search, exports, files and PDFs, the admin):
    who read, whose data, what, when, where and why. The administrator reads the log in
    the admin; the driver reads the rows about him on his "Meus dados" page (LGPD Arts.
    18-19). Kept `PERSONAL_DATA_LOG_RETENTION_DAYS` days (README, "Who can see what").
    """

    class Channel(models.TextChoices):
        PAGE = "page", _("página")
        API = "api", _("API")
        SEARCH = "search", _("busca")
        EXPORT = "export", _("exportação")
        FILE = "file", _("arquivo (PDF ou digitalização)")
        ADMIN = "admin", _("administração")

    class Purpose(models.TextChoices):
        """Why it was read (LGPD Art. 6 I: a stated purpose for every processing)."""

        CASE = "case", _("instrução ou decisão de processo")
        REGISTER = "register", _("consulta ou manutenção do cadastro")
        SEARCH = "search", _("localização de cadastro ou processo")
        REPORT = "report", _("relatório da Secretaria")
        NOTICE = "notice", _("notificação e correspondência")
        ADMINISTRATION = "admin", _("administração do sistema")

    at = models.DateTimeField(_("quando"), auto_now_add=True, db_index=True)
    user = models.ForeignKey(
        User, on_delete=models.PROTECT, related_name="+", verbose_name=_("quem leu")
    )
    driver = models.ForeignKey(
        "registers.Driver",
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("taxista cujos dados foram lidos"),
    )
    case = models.ForeignKey(
        "cases.Case",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("processo"),
    )
    channel = models.CharField(_("meio"), max_length=6, choices=Channel.choices)
    path = models.CharField(_("endereço"), max_length=300)
    what = models.CharField(
        _("o que foi lido"),
        max_length=80,
        blank=True,
        help_text=_("Os dados mostrados: ficha, resultado de busca, CNH digitalizada, PDF…"),
    )
    purpose = models.CharField(
        _("finalidade"), max_length=8, choices=Purpose.choices, default=Purpose.CASE
    )

    class Meta:
        verbose_name = _("leitura de dados pessoais")
        verbose_name_plural = _("leituras de dados pessoais (LGPD)")
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.at:%d/%m/%Y %H:%M} {self.user} → {self.driver_id}"
