from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CasesConfig(AppConfig):
    name = "cases"
    verbose_name = _("Processos")

    def ready(self) -> None:
        from django.db.backends.signals import connection_created

        from core.db import keep_statements_prepared

        # Every connection of the web, the worker and the shell (core.db, issue 25).
        connection_created.connect(keep_statements_prepared, dispatch_uid="core.db.prepared")
