"""The renewal filing endpoint (Art. 19): validate, call the service, serialize."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cases.api import CaseOutput
from core.dates import MAY_PREDATE_THE_LAW, LegalDateField
from workflows.inputs import filing_driver
from workflows.renewal.services import renewal_file


class RenewalInput(serializers.Serializer):
    # Optional here: the service refuses a missing item of Art. 19 naming its article.
    driver = serializers.IntegerField(
        required=False, help_text="Somente para servidores protocolando no balcão."
    )
    previous_number = serializers.CharField(
        required=False, allow_blank=True, default="", help_text="Art. 19 I: a IM anterior."
    )
    crlv = serializers.FileField(required=False, default=None, help_text="Art. 19 II.")
    cnh = serializers.FileField(required=False, default=None, help_text="Art. 19 III.")
    cnh_expires_on = LegalDateField(
        bound=MAY_PREDATE_THE_LAW,
        required=False,
        default=None,
        help_text="Validade da CNH apresentada.",
    )


class RenewalFileApi(APIView):
    parser_classes = [MultiPartParser, FormParser, JSONParser]

    @extend_schema(request=RenewalInput, responses={201: CaseOutput})
    def post(self, request: Request) -> Response:
        payload = RenewalInput(data=request.data)
        payload.is_valid(raise_exception=True)
        data = dict(payload.validated_data)
        driver = filing_driver(request.user, data.pop("driver", None), field="driver")
        case = renewal_file(actor=request.user, driver=driver, **data)
        return Response(CaseOutput(case).data, status=status.HTTP_201_CREATED)
