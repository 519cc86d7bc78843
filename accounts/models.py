from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext_lazy as _

# Django's own salt: with auth_epoch 0 the hash is Django's, so sessions opened before the
# field existed stay open.
SESSION_HASH_SALT = "django.contrib.auth.models.AbstractBaseUser.get_session_auth_hash"


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

    # Raised whenever the password or the active flag changes: every session signed with the
    # old value ends (get_session_auth_hash), so re-enabling an account never brings back a
    # session or a token from before it was disabled.
    auth_epoch = models.PositiveIntegerField(default=0, editable=False)

    class Meta:
        verbose_name = _("usuário")
        verbose_name_plural = _("usuários")

    @classmethod
    def from_db(cls, db: str | None, field_names: Any, values: Any) -> User:
        user = super().from_db(db, field_names, values)
        # What save() compares with to know whether the credentials changed.
        user._credentials_loaded = (user.__dict__.get("password"), user.__dict__.get("is_active"))
        return user

    def refresh_from_db(self, *args: Any, **kwargs: Any) -> None:
        super().refresh_from_db(*args, **kwargs)
        self._credentials_loaded = (self.__dict__.get("password"), self.__dict__.get("is_active"))

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Save; a new password or a change of the active flag (by the admin, a reset, a
        service, anything that saves the user) ends his sessions and API tokens."""
        loaded = getattr(self, "_credentials_loaded", None)
        changed = (
            loaded is not None
            and not self._state.adding
            and (
                (loaded[0] is not None and loaded[0] != self.password)
                or (loaded[1] is not None and loaded[1] != self.is_active)
            )
        )
        if changed:
            self.auth_epoch += 1
            if kwargs.get("update_fields") is not None:
                kwargs["update_fields"] = {*kwargs["update_fields"], "auth_epoch"}
        super().save(*args, **kwargs)
        self._credentials_loaded = (self.password, self.is_active)
        if changed:
            from accounts.services import api_tokens_revoke

            api_tokens_revoke(user=self)

    def get_session_auth_hash(self) -> str:
        return self._session_hash(secret=None)

    def get_session_auth_fallback_hash(self) -> Iterator[str]:
        for secret in settings.SECRET_KEY_FALLBACKS:
            yield self._session_hash(secret=secret)

    def _session_hash(self, *, secret: str | None) -> str:
        value = self.password if not self.auth_epoch else f"{self.password}\x00{self.auth_epoch}"
        return salted_hmac(SESSION_HASH_SALT, value, secret=secret, algorithm="sha256").hexdigest()

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

    # The log's references carry no constraint in the database (`db_constraint=False`):
    # every page that shows a driver writes a row, and a constraint checks each reference
    # at commit by locking the row it names (FOR KEY SHARE), which writes a mark on the
    # reader's account, the driver and the case: a page view was three writes besides its
    # own, half the insert's time (tests/access/test_read_log_locks_nothing_it_names.py).
    # The ids come from the rows just read; deleting a user, driver or case that the log
    # names is still refused (Django's PROTECT).
    at = models.DateTimeField(_("quando"), auto_now_add=True, db_index=True)
    user = models.ForeignKey(
        User,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("quem leu"),
        db_constraint=False,
    )
    driver = models.ForeignKey(
        "registers.Driver",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("taxista cujos dados foram lidos"),
        db_constraint=False,
    )
    # A person whose data a case holds but who is no registered driver: the offender of a
    # clandestine transport record (Arts. 60-62) is read like a driver and logged as well.
    person_name = models.CharField(
        _("pessoa cujos dados foram lidos"),
        max_length=200,
        blank=True,
        help_text=_("Quando não é taxista cadastrado (o autuado por transporte clandestino)."),
    )
    person_cpf = models.CharField(_("CPF da pessoa"), max_length=11, blank=True, db_index=True)
    case = models.ForeignKey(
        "cases.Case",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("processo"),
        db_constraint=False,
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
        constraints = [
            # Every row says whose data was read: a driver of the register, or a person.
            models.CheckConstraint(
                condition=models.Q(driver__isnull=False) | ~models.Q(person_name=""),
                name="read_log_names_whose_data",
            )
        ]

    def __str__(self) -> str:
        whose = self.driver_id if self.driver_id is not None else self.person_name
        return f"{self.at:%d/%m/%Y %H:%M} {self.user} → {whose}"
