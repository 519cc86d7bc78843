from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CasesConfig(AppConfig):
    name = "cases"
    verbose_name = _("Processos")

    def ready(self) -> None:
        from django.db.backends.signals import connection_created

        from core.db import keep_prepared_statements

        connection_created.connect(keep_prepared_statements, dispatch_uid="prepared_max")
