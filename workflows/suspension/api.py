"""The suspension's filing endpoint (Art. 24)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cases.api import CaseOutput
from law.suspension import MAX_DAYS
from workflows.inputs import filing_driver
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


class SuspensionFileApi(APIView):
    parser_classes = [MultiPartParser, FormParser, JSONParser]

    @extend_schema(request=SuspensionInput, responses={201: CaseOutput})
    def post(self, request: Request) -> Response:
        payload = SuspensionInput(data=request.data)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        driver = filing_driver(request.user, data.get("driver"), field="driver")
        case = suspension_file(
            actor=request.user,
            driver=driver,
            ground=data["ground"],
            days=data["days"],
            reason=data["reason"],
            proofs=data["proofs"],
        )
        return Response(CaseOutput(case).data, status=status.HTTP_201_CREATED)
