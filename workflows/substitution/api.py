"""Filing endpoint of the vehicle substitution: validate, call the service, serialize."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cases.api import CaseOutput
from core.dates import LegalDateField
from registers.fields import PlateField
from workflows.inputs import filing_driver


class SubstitutionInput(serializers.Serializer):
    driver = serializers.IntegerField(
        required=False, help_text="Somente para servidores protocolando no balcão."
    )
    plate = PlateField()
    renavam = serializers.CharField(max_length=20)
    make = serializers.CharField(max_length=60)
    model = serializers.CharField(max_length=80)
    manufacture_year = serializers.IntegerField(help_text="Art. 10 II b; Art. 11 II.")
    doors = serializers.IntegerField(help_text="Art. 10 II c: 4 ou 5.")
    capacity = serializers.IntegerField(help_text="Art. 10 II c: até 7 ocupantes.")
    air_conditioning = serializers.BooleanField(help_text="Art. 10 II d.")
    airbag = serializers.BooleanField()
    colour = serializers.CharField(max_length=40, help_text="Art. 10 II e: branca.")
    crlv = serializers.FileField(required=False, help_text="Art. 10 II a.")
    note = serializers.CharField(required=False, allow_blank=True, default="")



class SeizureCommunicationInput(serializers.Serializer):
    driver = serializers.IntegerField(
        required=False, help_text="Somente para servidores registrando no balcão."
    )
    seized_on = LegalDateField(help_text="Art. 24 §2: data da apreensão judicial.")
    order = serializers.FileField(required=False, help_text="Art. 24 §2: o mandado judicial.")
    note = serializers.CharField(required=False, allow_blank=True, default="")


class SeizureCommunicationApi(APIView):
    """Art. 24 §2: communicate a judicial seizure of the vehicle, with the court order."""

    parser_classes = [MultiPartParser, FormParser]

    @extend_schema(request=SeizureCommunicationInput, responses={201: CaseOutput})
    def post(self, request: Request) -> Response:
        from workflows.substitution.seizure import substitution_seizure_communicate

        payload = SeizureCommunicationInput(data=request.data)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        driver = filing_driver(request.user, data.get("driver"), field="driver")
        case = substitution_seizure_communicate(
            actor=request.user, driver=driver, seized_on=data["seized_on"],
            order=data.get("order"), note=data["note"],
        )
        return Response(CaseOutput(case).data, status=status.HTTP_201_CREATED)
