"""Application endpoints: file (multipart) and read where the application stands.

Every later step (document review, correction with new files, inspection scheduling,
approval, homologation) is an action of the generic `/api/cases/<id>/actions/<action>/`,
whose inputs are the edges' own.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.generics import get_object_or_404
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.services import personal_data_read_case
from core.dates import MAY_PREDATE_THE_LAW, LegalDateField
from registers.fields import PlateField
from workflows.application.checklist import ITEMS
from workflows.application.models import ApplicationCase
from workflows.application.selectors import (
    application_checklist,
    applications_visible_to,
    waiting_list_position,
)
from workflows.application.services import (
    ApplicantData,
    VehicleData,
    application_file,
    data_from,
    uploads_by_item,
)
from workflows.application.workflow import WORKFLOW


class ApplicationInput(serializers.Serializer):
    # The driver (Art. 10 I); CPF, CNH, RENAVAM and plate are checked by the service.
    name = serializers.CharField(max_length=200)
    cpf = serializers.CharField(max_length=14)
    cnh_number = serializers.CharField(max_length=14)
    cnh_category = serializers.CharField(max_length=5)
    cnh_expires_on = LegalDateField(bound=MAY_PREDATE_THE_LAW)
    address = serializers.CharField(max_length=250)
    district = serializers.CharField(max_length=120, required=False, allow_blank=True, default="")
    city = serializers.CharField(max_length=120)
    postal_code = serializers.CharField(max_length=9, required=False, allow_blank=True, default="")
    email = serializers.EmailField(required=False, allow_blank=True, default="")
    phone = serializers.CharField(max_length=20, required=False, allow_blank=True, default="")
    # The vehicle (Arts. 10 II, 11)
    plate = PlateField()
    renavam = serializers.CharField(max_length=11)
    make = serializers.CharField(max_length=60)
    model = serializers.CharField(max_length=80)
    manufacture_year = serializers.IntegerField(min_value=1950)
    doors = serializers.IntegerField(min_value=1, max_value=9)
    capacity = serializers.IntegerField(min_value=1, max_value=20)
    air_conditioning = serializers.BooleanField()
    airbag = serializers.BooleanField(required=False, default=False)
    colour = serializers.CharField(max_length=40)

    def get_fields(self) -> dict[str, serializers.Field]:
        fields = super().get_fields()
        for item in ITEMS:  # doc_identity, doc_cnh, …: one file per checklist item
            fields[item.field] = serializers.FileField(required=False, help_text=item.article)
        return fields


class ChecklistLineOutput(serializers.Serializer):
    item = serializers.CharField(source="code")
    label = serializers.CharField()
    article = serializers.CharField()
    status = serializers.CharField()
    note = serializers.CharField()
    document = serializers.IntegerField(source="document.pk", default=None)


class ApplicationOutput(serializers.ModelSerializer):
    state_label = serializers.SerializerMethodField()
    applicant_name = serializers.CharField(source="applicant.name", default=None)
    plate = serializers.CharField(source="vehicle.display_plate")
    authorization_number = serializers.CharField(source="authorization.number", default=None)
    checklist = serializers.SerializerMethodField()
    waiting_position = serializers.SerializerMethodField(
        help_text="Posição na fila de espera por vaga (Art. 22 §2); nula fora da fila."
    )

    class Meta:
        model = ApplicationCase
        fields = [
            "id", "number", "state", "state_label", "applicant_name", "plate", "opened_at",
            "approved_on", "place_granted_on", "granted_on", "authorization_number",
            "checklist", "waiting_position",
        ]

    def get_state_label(self, case: ApplicationCase) -> str:
        return WORKFLOW.state_label(case.state)

    @extend_schema_field(ChecklistLineOutput(many=True))
    def get_checklist(self, case: ApplicationCase) -> list[dict[str, Any]]:
        return ChecklistLineOutput(application_checklist(case), many=True).data  # type: ignore[return-value]

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_waiting_position(self, case: ApplicationCase) -> int | None:
        return waiting_list_position(case)


class ApplicationFileApi(APIView):
    """File an application (multipart: the data and a `doc_<item>` file per item)."""

    parser_classes = [MultiPartParser, FormParser, JSONParser]

    @extend_schema(request=ApplicationInput, responses={201: ApplicationOutput})
    def post(self, request: Request) -> Response:
        payload = ApplicationInput(data=request.data)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        case = application_file(
            actor=request.user,
            applicant=data_from(ApplicantData, data),
            vehicle=data_from(VehicleData, data),
            documents=uploads_by_item(data),
        )
        return Response(ApplicationOutput(case).data, status=status.HTTP_201_CREATED)


class ApplicationDetailApi(APIView):
    @extend_schema(responses=ApplicationOutput)
    def get(self, request: Request, pk: int) -> Response:
        case = get_object_or_404(applications_visible_to(request.user), pk=pk)
        personal_data_read_case(actor=request.user, case=case, channel="api", path=request.path)
        return Response(ApplicationOutput(case).data)
