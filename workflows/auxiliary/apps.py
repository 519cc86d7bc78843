from django.apps import AppConfig


class AuxiliaryConfig(AppConfig):
    name = "workflows.auxiliary"
    label = "auxiliary"

    def ready(self) -> None:
        # The kind's module registers its workflow table and its deadline handlers.
        from workflows.auxiliary import workflow  # noqa: F401
