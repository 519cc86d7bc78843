from django.apps import AppConfig


class CancellationConfig(AppConfig):
    name = "workflows.cancellation"
    label = "cancellation"

    def ready(self) -> None:
        # The kind's module registers its workflow table and its deadline handlers.
        from workflows.cancellation import workflow  # noqa: F401
