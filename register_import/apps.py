from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RegisterImportConfig(AppConfig):
    name = "register_import"
    verbose_name = _("Importação do cadastro existente")
