"""Endpoints of the clandestine kind: the agent's record and the case's summary.

The other actions go through the generic `/api/cases/<id>/actions/<action>/`.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.generics import get_object_or_404
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.services import personal_data_read_case
from cases.selectors import within_visible_cases
from cases.workflow import state_label
from core.dates import LegalDateTimeField
from registers.fields import PlateField
from workflows.clandestine.models import ClandestineCase, ClandestinePayment, Classification
from workflows.clandestine.selectors import clandestine_balance
from workflows.clandestine.services import clandestine_record


class ClandestineInput(serializers.Serializer):
    person_name = serializers.CharField(max_length=200)
    person_cpf = serializers.CharField(required=False, allow_blank=True, default="")
    person_document = serializers.CharField(
        required=False, allow_blank=True, default="", max_length=30,
        help_text="Art. 62 §1: sem CPF, a reincidência se verifica pelo nome e este documento.",
    )
    plate = PlateField()
    make = serializers.CharField(max_length=60)
    model = serializers.CharField(max_length=80)
    colour = serializers.CharField(required=False, allow_blank=True, default="")
    classification = serializers.ChoiceField(choices=Classification.choices)
    reasoning = serializers.CharField(help_text="Art. 61 §2: entendimento fundamentado.")
    place = serializers.CharField(max_length=250)
    occurred_at = LegalDateTimeField()
    police_station = serializers.CharField(required=False, allow_blank=True, default="")
    police_report = serializers.CharField(required=False, allow_blank=True, default="")


class PaymentOutput(serializers.ModelSerializer):
    class Meta:
        model = ClandestinePayment
        fields = ["amount", "paid_on", "reference"]


class ClandestineOutput(serializers.ModelSerializer):
    state_label = serializers.SerializerMethodField()
    owed = serializers.SerializerMethodField()
    paid = serializers.SerializerMethodField()
    payments = PaymentOutput(many=True, read_only=True)
    recidivism_of = serializers.SlugRelatedField(
        slug_field="number", read_only=True, allow_null=True
    )

    class Meta:
        model = ClandestineCase
        fields = [
            "id", "number", "state", "state_label", "person_name", "person_cpf",
            "person_document", "plate",
            "vehicle_make", "vehicle_model", "vehicle_colour", "classification", "reasoning",
            "place", "occurred_at", "noticed_on", "recidivist", "recidivism_of", "seizure_days",
            "seizure_starts_on", "seizure_ends_on", "fine_vrte", "vrte_value", "fine_reais",
            "removal_cost", "storage_cost", "police_referred_on", "police_station",
            "police_report", "released_on", "contest_filed_on", "contest_outcome",
            "contest_decided_on", "owed", "paid", "payments",
        ]

    def get_state_label(self, case: ClandestineCase) -> str:
        return state_label(case.kind, case.state)

    # As the model's DecimalFields: strings with two decimals.
    @extend_schema_field(serializers.DecimalField(max_digits=12, decimal_places=2))
    def get_owed(self, case: ClandestineCase) -> str:
        return f"{clandestine_balance(case).owed:.2f}"

    @extend_schema_field(serializers.DecimalField(max_digits=12, decimal_places=2))
    def get_paid(self, case: ClandestineCase) -> str:
        return f"{clandestine_balance(case).paid:.2f}"


class ClandestineRecordApi(APIView):
    @extend_schema(request=ClandestineInput, responses={201: ClandestineOutput})
    def post(self, request: Request) -> Response:
        payload = ClandestineInput(data=request.data)
        payload.is_valid(raise_exception=True)
        case = clandestine_record(agent=request.user, **payload.validated_data)
        return Response(ClandestineOutput(case).data, status=status.HTTP_201_CREATED)


class ClandestineDetailApi(APIView):
    @extend_schema(responses=ClandestineOutput)
    def get(self, request: Request, pk: int) -> Response:
        case = get_object_or_404(
            within_visible_cases(ClandestineCase.objects.all(), request.user, case="pk"),
            pk=pk,
        )
        personal_data_read_case(
            actor=request.user, case=case, channel="api", path=request.path,
            what="auto clandestino",
        )
        return Response(ClandestineOutput(case).data)
