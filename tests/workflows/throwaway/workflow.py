"""The throw-away kind's table: everything others ask of a kind, declared here only."""

from __future__ import annotations

from accounts.roles import Role
from cases.workflow import (
    AuthorizationEnd,
    AuthorizationHold,
    DriverStanding,
    Edge,
    PortalOffer,
    Workflow,
)
from tests.workflows.throwaway.models import ThrowawayCase, ThrowawayState

# What `on_authorization_end` was told, for the test to read.
ENDED: list[AuthorizationEnd] = []


def _holding(authorization: object) -> object:
    return ThrowawayCase.objects.filter(
        kind=ThrowawayCase.KIND, authorization=authorization, state=ThrowawayState.HOLDING
    )


def _offered(standing: DriverStanding) -> bool:
    return standing.active


WORKFLOW = Workflow(
    kind=ThrowawayCase.KIND,
    model=ThrowawayCase,
    states=ThrowawayState,
    initial=ThrowawayState.FILED,
    final_states=frozenset({ThrowawayState.DONE}),
    edges=(
        Edge("hold", "Reter", "Art. 24", roles=frozenset({Role.CLERK})),
        Edge("finish", "Liberar", "Art. 24"),
    ),
    filing=("throwaway-new", "Pedir o descartável (Art. 24)"),
    offer=PortalOffer(rule="Só com autorização ativa (Art. 24).", when=_offered, position=15),
    blocks_cancellation=True,
    holds=AuthorizationHold(
        rows=_holding,
        label=lambda case: f"Descartável {case.number}",
        last_day=lambda case: None,
    ),
    on_authorization_end=ENDED.append,
)
