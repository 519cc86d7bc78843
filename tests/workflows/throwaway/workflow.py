"""The throw-away kind's table: everything others ask of a kind, declared here only."""

from __future__ import annotations

from typing import Any

from django import forms
from rest_framework import serializers

from accounts.roles import Role
from cases.form_fields import MultipleFileField
from cases.services.transitions import case_open
from cases.workflow import (
    AuthorizationEnd,
    AuthorizationHold,
    DriverStanding,
    Edge,
    Filing,
    FilingForm,
    PortalOffer,
    Workflow,
)
from tests.workflows.throwaway.models import ThrowawayCase, ThrowawayState

# What `on_authorization_end` was told, and what the filing received, for the test to read.
ENDED: list[AuthorizationEnd] = []
FILED: list[dict[str, Any]] = []


class ThrowawayForm(forms.Form):
    reason = forms.CharField()
    file_proof = MultipleFileField(required=False)


class ThrowawayInput(serializers.Serializer):
    holder = serializers.IntegerField(required=False)
    reason = serializers.CharField()
    proof = serializers.ListField(child=serializers.FileField(), required=False, default=list)


def _file(actor: Any, driver: Any, data: dict[str, Any]) -> ThrowawayCase:
    FILED.append(data)
    return case_open(
        model=ThrowawayCase, actor=actor, article="Art. 24", applicant=driver, note=data["reason"]
    )


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
    filing=Filing(
        "throwaway-new",
        "Pedir o descartável (Art. 24)",
        FilingForm(
            path="portal/descartavel/novo/",
            api_path="throwaways/",
            form=ThrowawayForm,
            input=ThrowawayInput,
            file=_file,
            refusal="Somente taxistas.",
            template="workflows/filing.html",
        ),
    ),
    offer=PortalOffer(rule="Só com autorização ativa (Art. 24).", when=_offered, position=15),
    blocks_cancellation=True,
    holds=AuthorizationHold(
        rows=_holding,
        label=lambda case: f"Descartável {case.number}",
        last_day=lambda case: None,
    ),
    on_authorization_end=ENDED.append,
)
