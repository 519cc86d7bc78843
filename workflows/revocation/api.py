"""The clerk's endpoint that opens a revocation by hand (Art. 59 V b, c, f)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.generics import get_object_or_404
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cases.api import CaseOutput
from registers.selectors import authorizations_visible_to, drivers_visible_to
from workflows.revocation.services import MANUAL_GROUNDS, revocation_file


class RevocationInput(serializers.Serializer):
    authorization = serializers.IntegerField(help_text="Id do termo de autorização.")
    auxiliary = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        help_text="Id do taxista auxiliar, quando a cassação é da autorização dele.",
    )
    ground = serializers.ChoiceField(choices=MANUAL_GROUNDS)
    reason = serializers.CharField()


class RevocationFileApi(APIView):
    @extend_schema(request=RevocationInput, responses={201: CaseOutput})
    def post(self, request: Request) -> Response:
        payload = RevocationInput(data=request.data)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        authorization = get_object_or_404(
            authorizations_visible_to(request.user), pk=data["authorization"]
        )
        auxiliary = (
            get_object_or_404(drivers_visible_to(request.user), pk=data["auxiliary"])
            if data["auxiliary"]
            else None
        )
        case = revocation_file(
            actor=request.user,
            authorization=authorization,
            ground=data["ground"],
            reason=data["reason"],
            auxiliary=auxiliary,
        )
        return Response(CaseOutput(case).data, status=status.HTTP_201_CREATED)
