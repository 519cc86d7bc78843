from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class IdentityConfig(AppConfig):
    name = "identity"
    verbose_name = _("Identidade e sessões")
    default_auto_field = "django.db.models.BigAutoField"
