from django.apps import AppConfig


class ApplicationConfig(AppConfig):
    name = "workflows.application"
    label = "application"

    def ready(self) -> None:
        # The kind's module registers its workflow table and its deadline handlers.
        from workflows.application import workflow  # noqa: F401
