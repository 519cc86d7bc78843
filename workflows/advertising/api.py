"""The advertising request's filing endpoint (Art. 67)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cases.api import CaseOutput
from core.dates import LegalDateField
from workflows.advertising.models import AdvertisingPlacement
from workflows.advertising.services import CHECKLIST, advertising_file
from workflows.inputs import files_from_serializer, files_serializer_fields, filing_driver


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


class AdvertisingFileApi(APIView):
    parser_classes = [MultiPartParser, FormParser, JSONParser]

    @extend_schema(request=AdvertisingInput, responses={201: CaseOutput})
    def post(self, request: Request) -> Response:
        payload = AdvertisingInput(data=request.data)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        case = advertising_file(
            actor=request.user,
            holder=filing_driver(request.user, data.get("holder")),
            placement=data["placement"],
            text=data["text"],
            advertiser=data["advertiser"],
            start_on=data["start_on"],
            end_on=data["end_on"],
            proofs=files_from_serializer(data, CHECKLIST),
        )
        return Response(CaseOutput(case).data, status=status.HTTP_201_CREATED)
