from django.apps import AppConfig


class ClandestineConfig(AppConfig):
    name = "workflows.clandestine"
    label = "clandestine"

    def ready(self) -> None:
        # The kind's module registers its workflow table and its deadline handlers.
        from workflows.clandestine import workflow  # noqa: F401
