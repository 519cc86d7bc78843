"""The kind's case: a proxy of `cases.Case` (no table, so no migration for a test)."""

from __future__ import annotations

from django.db import models
from django_fsm import transition

from cases.models import Case


class ThrowawayState(models.TextChoices):
    FILED = "filed", "Protocolado"
    HOLDING = "holding", "Retendo a autorização"
    DONE = "done", "Encerrado"


class ThrowawayCase(Case):
    KIND = "throwaway"

    class Meta:
        proxy = True
        app_label = "throwaway"

    @transition(field="state", source=ThrowawayState.FILED, target=ThrowawayState.HOLDING)
    def hold(self) -> None:
        """Keeps the authorization suspended."""

    @transition(field="state", source=ThrowawayState.HOLDING, target=ThrowawayState.DONE)
    def finish(self) -> None:
        """Lets it go."""
