from django.contrib.auth.models import AbstractUser
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """A person who logs in: driver, clerk, agent, commission member, mayor or admin."""

    class Meta:
        verbose_name = _("usuário")
        verbose_name_plural = _("usuários")
