from django.apps import AppConfig


class TransferConfig(AppConfig):
    name = "workflows.transfer"
    label = "transfer"

    def ready(self) -> None:
        # The kind's module registers its workflow table and its deadline handlers.
        from workflows.transfer import workflow  # noqa: F401
