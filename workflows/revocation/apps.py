from django.apps import AppConfig


class RevocationConfig(AppConfig):
    name = "workflows.revocation"
    label = "revocation"

    def ready(self) -> None:
        # The kind's module registers its workflow table and its deadline handlers.
        from workflows.revocation import workflow  # noqa: F401
