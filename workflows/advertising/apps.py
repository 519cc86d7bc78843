from django.apps import AppConfig


class AdvertisingConfig(AppConfig):
    name = "workflows.advertising"
    label = "advertising"

    def ready(self) -> None:
        # The kind's module registers its workflow table and its deadline handlers.
        from workflows.advertising import workflow  # noqa: F401
