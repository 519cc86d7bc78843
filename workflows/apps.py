from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class WorkflowsConfig(AppConfig):
    name = "workflows"
    verbose_name = _("Tipos de processo")

    def ready(self) -> None:
        # Each kind module registers its workflow table and its deadline handlers.
        from workflows import revocation, suspension, violation  # noqa: F401
