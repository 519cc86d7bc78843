"""The suspension's filing endpoint (Art. 24)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.generics import get_object_or_404
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cases.api import CaseOutput
from cases.errors import RuleViolation
from law.suspension import MAX_DAYS
from registers.selectors import driver_of, drivers_visible_to
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
        if data.get("driver"):
            driver = get_object_or_404(drivers_visible_to(request.user), pk=data["driver"])
        else:
            driver = driver_of(request.user)
            if driver is None:
                raise RuleViolation("Informe o taxista (campo driver).")
        case = suspension_file(
            actor=request.user,
            driver=driver,
            ground=data["ground"],
            days=data["days"],
            reason=data["reason"],
            proofs=data["proofs"],
        )
        return Response(CaseOutput(case).data, status=status.HTTP_201_CREATED)
