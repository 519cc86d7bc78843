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
