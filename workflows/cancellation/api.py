"""The cancellation's filing endpoint (Art. 23)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers
from rest_framework.request import Request

from cases.models import Case
from registers.models import Driver
from workflows.cancellation.services import CHECKLIST, cancellation_file
from workflows.inputs import files_from_serializer, files_serializer_fields
from workflows.portal import FilingApi


class _Base(serializers.Serializer):
    holder = serializers.IntegerField(
        required=False, help_text="Somente para servidores protocolando no balcão."
    )
    acknowledged_bar = serializers.BooleanField(
        help_text="Art. 23 parágrafo único: ciente do impedimento de 5 anos."
    )
    reason = serializers.CharField(required=False, allow_blank=True, default="")


CancellationInput = type("CancellationInput", (_Base,), files_serializer_fields(CHECKLIST))


class CancellationFileApi(FilingApi):
    input = CancellationInput

    def file(self, request: Request, driver: Driver, data: dict[str, Any]) -> Case:
        return cancellation_file(
            actor=request.user,
            holder=driver,
            acknowledged_bar=data["acknowledged_bar"],
            reason=data["reason"],
            proofs=files_from_serializer(data, CHECKLIST),
        )
