"""The advertising request's filing endpoint (Art. 67)."""

from __future__ import annotations

from rest_framework import serializers

from core.dates import LegalDateField
from workflows.advertising.models import AdvertisingPlacement
from workflows.advertising.services import CHECKLIST
from workflows.inputs import files_serializer_fields


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
