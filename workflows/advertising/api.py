"""The advertising request's filing endpoint (Art. 67)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.generics import get_object_or_404
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cases.api import CaseOutput
from cases.errors import RuleViolation
from registers.selectors import driver_of, drivers_visible_to
from workflows.advertising.models import AdvertisingPlacement
from workflows.advertising.services import CHECKLIST, advertising_file
from workflows.inputs import files_from_serializer, files_serializer_fields


class _Base(serializers.Serializer):
    holder = serializers.IntegerField(
        required=False, help_text="Somente para servidores protocolando no balcão."
    )
    placement = serializers.ChoiceField(choices=AdvertisingPlacement.choices)
    text = serializers.CharField(help_text="Texto ou descrição da publicidade.")
    advertiser = serializers.CharField(required=False, allow_blank=True, default="")
    start_on = serializers.DateField(help_text="Primeiro dia; não pode ser anterior a hoje.")
    end_on = serializers.DateField(help_text="Último dia; no máximo 12 meses (Art. 67).")


AdvertisingInput = type("AdvertisingInput", (_Base,), files_serializer_fields(CHECKLIST))


class AdvertisingFileApi(APIView):
    parser_classes = [MultiPartParser, FormParser, JSONParser]

    @extend_schema(request=AdvertisingInput, responses={201: CaseOutput})
    def post(self, request: Request) -> Response:
        payload = AdvertisingInput(data=request.data)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        if data.get("holder"):
            holder = get_object_or_404(drivers_visible_to(request.user), pk=data["holder"])
        else:
            holder = driver_of(request.user)
            if holder is None:
                raise RuleViolation(_("Informe o titular (campo holder)."))
        case = advertising_file(
            actor=request.user,
            holder=holder,
            placement=data["placement"],
            text=data["text"],
            advertiser=data["advertiser"],
            start_on=data["start_on"],
            end_on=data["end_on"],
            proofs=files_from_serializer(data, CHECKLIST),
        )
        return Response(CaseOutput(case).data, status=status.HTTP_201_CREATED)
