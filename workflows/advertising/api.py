"""The advertising request's filing endpoint (Art. 67)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers
from rest_framework.request import Request

from cases.models import Case
from core.dates import LegalDateField
from registers.models import Driver
from workflows.advertising.models import AdvertisingPlacement
from workflows.advertising.services import CHECKLIST, advertising_file
from workflows.inputs import files_from_serializer, files_serializer_fields
from workflows.portal import FilingApi


class _Base(serializers.Serializer):
    holder = serializers.IntegerField(
        required=False, help_text="Somente para servidores protocolando no balcão."
    )
    placement = serializers.ChoiceField(choices=AdvertisingPlacement.choices)
    text = serializers.CharField(help_text="Texto ou descrição da publicidade.")
    advertiser = serializers.CharField(required=False, allow_blank=True, default="")
    start_on = LegalDateField(help_text="Primeiro dia; não pode ser anterior a hoje.")
    end_on = LegalDateField(help_text="Último dia; no máximo 12 meses (Art. 67).")


AdvertisingInput = type("AdvertisingInput", (_Base,), files_serializer_fields(CHECKLIST))


class AdvertisingFileApi(FilingApi):
    input = AdvertisingInput

    def file(self, request: Request, driver: Driver, data: dict[str, Any]) -> Case:
        return advertising_file(
            actor=request.user,
            holder=driver,
            placement=data["placement"],
            text=data["text"],
            advertiser=data["advertiser"],
            start_on=data["start_on"],
            end_on=data["end_on"],
            proofs=files_from_serializer(data, CHECKLIST),
        )
