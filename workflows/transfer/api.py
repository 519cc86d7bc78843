"""The transfer's filing endpoint (Art. 25)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cases.api import CaseOutput
from cases.errors import RuleViolation
from core.dates import MAY_PREDATE_THE_LAW, LegalDateField
from law.citations import ART_25
from registers.models import Authorization
from workflows.inputs import (
    driver_data,
    driver_serializer_fields,
    files_from_serializer,
    files_serializer_fields,
    filing_driver,
)
from workflows.transfer.models import Relationship, SuccessionClass, TransferCause
from workflows.transfer.services import CHECKLIST, FILING_FACTS, transfer_file

BENEFICIARY_PREFIX = "beneficiary_"


class _Base(serializers.Serializer):
    authorization_number = serializers.CharField(max_length=20)
    cause = serializers.ChoiceField(choices=TransferCause.choices)
    event_on = LegalDateField(bound=MAY_PREDATE_THE_LAW)
    relationship = serializers.ChoiceField(choices=Relationship.choices)
    succession_class = serializers.ChoiceField(
        choices=SuccessionClass.choices, required=False, allow_blank=True, default=""
    )
    beneficiary = serializers.IntegerField(
        required=False,
        help_text="Condutor já cadastrado (servidores). Sem ele e sem os campos "
        "beneficiary_*, o beneficiário é o próprio usuário.",
    )
    reason = serializers.CharField(required=False, allow_blank=True, default="")


TransferInput = type(
    "TransferInput",
    (_Base,),
    {**driver_serializer_fields(BENEFICIARY_PREFIX), **files_serializer_fields(CHECKLIST)},
)


class TransferFileApi(APIView):
    parser_classes = [MultiPartParser, FormParser, JSONParser]

    @extend_schema(request=TransferInput, responses={201: CaseOutput})
    def post(self, request: Request) -> Response:
        payload = TransferInput(data=request.data)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        authorization = Authorization.objects.filter(number=data["authorization_number"]).first()
        if authorization is None:
            # The same answer as for an authorization not in force (transfer_file), so the
            # form cannot tell which numbers exist.
            raise RuleViolation(
                _("A autorização %(number)s não está em vigor.")
                % {"number": data["authorization_number"]},
                article=ART_25,
            )
        beneficiary_data = driver_data(data, BENEFICIARY_PREFIX)
        beneficiary = None
        if data.get("beneficiary") or not beneficiary_data:
            beneficiary = filing_driver(request.user, data.get("beneficiary"), field="beneficiary")
        case = transfer_file(
            actor=request.user,
            authorization=authorization,
            beneficiary=beneficiary,
            beneficiary_data=beneficiary_data or None,
            proofs=files_from_serializer(data, CHECKLIST),
            **{fact: data[fact] for fact in FILING_FACTS},
        )
        return Response(CaseOutput(case).data, status=status.HTTP_201_CREATED)
