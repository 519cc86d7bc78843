from django.apps import AppConfig


class RenewalConfig(AppConfig):
    name = "workflows.renewal"
    label = "renewal"

    def ready(self) -> None:
        # The kind's module registers its workflow table and its deadline handlers.
        from workflows.renewal import workflow  # noqa: F401
