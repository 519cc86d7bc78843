from django.apps import AppConfig


class ViolationConfig(AppConfig):
    name = "workflows.violation"
    label = "violation"

    def ready(self) -> None:
        # The kind's module registers its workflow table and its deadline handlers.
        from workflows.violation import workflow  # noqa: F401
