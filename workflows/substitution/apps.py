from django.apps import AppConfig


class SubstitutionConfig(AppConfig):
    name = "workflows.substitution"
    label = "substitution"

    def ready(self) -> None:
        # The kind's module registers its workflow table and its deadline handlers.
        from workflows.substitution import workflow  # noqa: F401
