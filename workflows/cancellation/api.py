"""The cancellation's filing endpoint (Art. 23)."""

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
from workflows.cancellation.services import CHECKLIST, cancellation_file
from workflows.inputs import files_from_serializer, files_serializer_fields


class _Base(serializers.Serializer):
    holder = serializers.IntegerField(
        required=False, help_text="Somente para servidores protocolando no balcão."
    )
    acknowledged_bar = serializers.BooleanField(
        help_text="Art. 23, parágrafo único: ciente do impedimento de 5 anos."
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
        if data.get("holder"):
            holder = get_object_or_404(drivers_visible_to(request.user), pk=data["holder"])
        else:
            holder = driver_of(request.user)
            if holder is None:
                raise RuleViolation(_("Informe o titular (campo holder)."))
        case = cancellation_file(
            actor=request.user,
            holder=holder,
            acknowledged_bar=data["acknowledged_bar"],
            reason=data["reason"],
            proofs=files_from_serializer(data, CHECKLIST),
        )
        return Response(CaseOutput(case).data, status=status.HTTP_201_CREATED)
