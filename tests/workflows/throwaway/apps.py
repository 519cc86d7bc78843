from django.apps import AppConfig


class ThrowawayConfig(AppConfig):
    name = "tests.workflows.throwaway"
    label = "throwaway"

    def ready(self) -> None:
        # A kind's ready() imports its workflow module, which registers the table. The test
        # installs this app more than once in one process: registering again is harmless.
        from cases.workflow import register
        from tests.workflows.throwaway.workflow import WORKFLOW

        register(WORKFLOW)
