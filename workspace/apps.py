from django.apps import AppConfig
from django.db.backends.signals import connection_created
from django.utils.translation import gettext_lazy as _


class WorkspaceConfig(AppConfig):
    name = "workspace"
    verbose_name = _("Área de trabalho")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from workspace.search import register_sqlite_functions

        # PostgreSQL gets `ws_searchkey` from our migration; the embedded SQLite default gets
        # the same function from Python on every new connection, so one query serves both.
        connection_created.connect(register_sqlite_functions, dispatch_uid="ws_searchkey")
