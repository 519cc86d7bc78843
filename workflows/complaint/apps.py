from django.apps import AppConfig


class ComplaintConfig(AppConfig):
    name = "workflows.complaint"
    label = "complaint"

    def ready(self) -> None:
        # The kind's module registers its workflow table and its deadline handlers.
        from workflows.complaint import workflow  # noqa: F401
