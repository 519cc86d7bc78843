"""The suspension's filing endpoint (Art. 24)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers
from rest_framework.request import Request

from cases.models import Case
from law.suspension import MAX_DAYS
from registers.models import Driver
from workflows.portal import FilingApi
from workflows.suspension.models import SuspensionGround
from workflows.suspension.services import suspension_file


class SuspensionInput(serializers.Serializer):
    driver = serializers.IntegerField(
        required=False, help_text="Somente para servidores protocolando no balcão."
    )
    ground = serializers.ChoiceField(choices=SuspensionGround.choices)
    days = serializers.IntegerField(help_text=f"Art. 24: de 1 a {MAX_DAYS} dias.")
    reason = serializers.CharField(required=False, allow_blank=True, default="")
    proofs = serializers.ListField(child=serializers.FileField(), required=False, default=list)


class SuspensionFileApi(FilingApi):
    input = SuspensionInput
    driver_field = "driver"

    def file(self, request: Request, driver: Driver, data: dict[str, Any]) -> Case:
        return suspension_file(
            actor=request.user,
            driver=driver,
            ground=data["ground"],
            days=data["days"],
            reason=data["reason"],
            proofs=data["proofs"],
        )
