"""Inspection endpoint: record the result of a scheduled inspection."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.generics import get_object_or_404
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cases.selectors import within_visible_cases
from inspections.models import Inspection
from inspections.services import inspection_record_for_case


class InspectionOutput(serializers.ModelSerializer):
    class Meta:
        model = Inspection
        fields = ["id", "case", "vehicle", "scheduled_for", "place", "status", "items", "notes",
                  "performed_at"]


class InspectionResultInput(serializers.Serializer):
    items = serializers.DictField(child=serializers.BooleanField())
    notes = serializers.CharField(required=False, allow_blank=True, default="")
    confirm_early = serializers.BooleanField(
        required=False, default=False,
        help_text="Confirma uma vistoria feita hoje, antes da data agendada.",
    )


class InspectionRecordApi(APIView):
    @extend_schema(request=InspectionResultInput, responses=InspectionOutput)
    def post(self, request: Request, pk: int) -> Response:
        inspection = get_object_or_404(
            within_visible_cases(Inspection.objects.all(), request.user), pk=pk
        )
        data = InspectionResultInput(data=request.data)
        data.is_valid(raise_exception=True)
        row = inspection_record_for_case(inspection=inspection, actor=request.user,
                                         **data.validated_data)
        return Response(InspectionOutput(row).data)
