from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DocumentsConfig(AppConfig):
    name = "documents"
    verbose_name = _("Documentos oficiais")

    def ready(self) -> None:
        from documents import checks  # noqa: F401 — registers the deploy check
