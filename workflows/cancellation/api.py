"""The cancellation's filing endpoint (Art. 23)."""

from __future__ import annotations

from rest_framework import serializers

from workflows.cancellation.services import CHECKLIST
from workflows.inputs import files_serializer_fields


class _Base(serializers.Serializer):
    holder = serializers.IntegerField(
        required=False, help_text="Somente para servidores protocolando no balcão."
    )
    acknowledged_bar = serializers.BooleanField(
        help_text="Art. 23 parágrafo único: ciente do impedimento de 5 anos."
    )
    reason = serializers.CharField(required=False, allow_blank=True, default="")


CancellationInput = type("CancellationInput", (_Base,), files_serializer_fields(CHECKLIST))
