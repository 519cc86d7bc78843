"""The suspension's filing endpoint's input (Art. 24); the endpoint is made from the
kind's `Workflow.filing` (workflows.portal)."""

from __future__ import annotations

from rest_framework import serializers

from law.suspension import MAX_DAYS
from workflows.suspension.models import SuspensionGround


class SuspensionInput(serializers.Serializer):
    driver = serializers.IntegerField(
        required=False, help_text="Somente para servidores protocolando no balcão."
    )
    ground = serializers.ChoiceField(choices=SuspensionGround.choices)
    days = serializers.IntegerField(help_text=f"Art. 24: de 1 a {MAX_DAYS} dias.")
    reason = serializers.CharField(required=False, allow_blank=True, default="")
    proofs = serializers.ListField(child=serializers.FileField(), required=False, default=list)
