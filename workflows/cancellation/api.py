"""The cancellation's filing endpoint (Art. 23)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cases.api import CaseOutput
from workflows.cancellation.services import CHECKLIST, cancellation_file
from workflows.inputs import files_from_serializer, files_serializer_fields, filing_driver


class _Base(serializers.Serializer):
    holder = serializers.IntegerField(
        required=False, help_text="Somente para servidores protocolando no balcão."
    )
    acknowledged_bar = serializers.BooleanField(
        help_text="Art. 23 parágrafo único: ciente do impedimento de 5 anos."
    )
    reason = serializers.CharField(required=False, allow_blank=True, default="")


CancellationInput = type("CancellationInput", (_Base,), files_serializer_fields(CHECKLIST))


class CancellationFileApi(APIView):
    parser_classes = [MultiPartParser, FormParser, JSONParser]

    @extend_schema(request=CancellationInput, responses={201: CaseOutput})
    def post(self, request: Request) -> Response:
        payload = CancellationInput(data=request.data)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        holder = filing_driver(request.user, data.get("holder"))
        case = cancellation_file(
            actor=request.user,
            holder=holder,
            acknowledged_bar=data["acknowledged_bar"],
            reason=data["reason"],
            proofs=files_from_serializer(data, CHECKLIST),
        )
        return Response(CaseOutput(case).data, status=status.HTTP_201_CREATED)
