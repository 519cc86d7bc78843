from django.apps import AppConfig


class SuspensionConfig(AppConfig):
    name = "workflows.suspension"
    label = "suspension"

    def ready(self) -> None:
        # The kind's module registers its workflow table and its deadline handlers.
        from workflows.suspension import workflow  # noqa: F401
