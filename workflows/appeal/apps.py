from django.apps import AppConfig


class AppealConfig(AppConfig):
    name = "workflows.appeal"
    label = "appeal"

    def ready(self) -> None:
        # The kind's module registers its workflow table and its deadline handlers.
        from workflows.appeal import workflow  # noqa: F401
