from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ExternalIdentity(models.Model):
    """A person's account at an identity provider (gov.br, Acesso Cidadão), bound to his
    user here by the CPF the provider vouches for — never by name or e-mail."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="external_identities",
        verbose_name=_("usuário"),
    )
    provider = models.CharField(_("provedor"), max_length=32)
    subject = models.CharField(
        _("identificador no provedor"), max_length=255, help_text=_("No gov.br, o CPF.")
    )
    cpf = models.CharField(_("CPF"), max_length=11, db_index=True)
    level = models.PositiveSmallIntegerField(
        _("último nível"), default=0, help_text=_("0 nenhum, 1 bronze, 2 prata, 3 ouro.")
    )
    linked_at = models.DateTimeField(_("vinculado em"), auto_now_add=True)
    last_login_at = models.DateTimeField(_("última entrada"), null=True, blank=True)

    class Meta:
        verbose_name = _("identidade externa")
        verbose_name_plural = _("identidades externas (gov.br, Acesso Cidadão)")
        constraints = [
            models.UniqueConstraint(
                fields=["provider", "subject"], name="identity_one_user_per_subject"
            ),
            models.UniqueConstraint(
                fields=["provider", "user"], name="identity_one_subject_per_user"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.provider}:{self.user_id}"


class UserSession(models.Model):
    """One signed-in session of a user, so that he can see his sessions and end one."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("usuário"),
    )
    session_key = models.CharField(_("sessão"), max_length=40, unique=True)
    started_at = models.DateTimeField(_("início"), auto_now_add=True)
    last_seen_at = models.DateTimeField(_("último acesso"))
    address = models.CharField(_("endereço IP"), max_length=45, blank=True)
    user_agent = models.CharField(_("navegador"), max_length=300, blank=True)
    provider = models.CharField(_("entrou por"), max_length=32, blank=True)

    class Meta:
        verbose_name = _("sessão")
        verbose_name_plural = _("sessões")
        ordering = ["-last_seen_at"]

    def __str__(self) -> str:
        return f"{self.user_id} {self.started_at:%d/%m/%Y %H:%M}"
