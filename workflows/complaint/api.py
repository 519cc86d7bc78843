"""Endpoint: file a complaint (public, throttled). Converting one into notices is the
violation notice's endpoint (workflows.violation.api).

One view per operation: validate, call a service, serialize. Bad input is answered like a
broken rule — HTTP 400 `{"detail", "code", "article"}` — naming the article that asks for
the missing piece (Art. 47 for a notice), so an agent's app can show it as it is.
"""

from __future__ import annotations

from django.conf import settings
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import BaseThrottle
from rest_framework.views import APIView

from cases.action_inputs import input_valid
from core.dates import LegalDateTimeField
from documents.ratelimit import client_ip, rate_limit_hit
from registers.fields import PlateField
from workflows.complaint.services import MAX_LENGTHS, complaint_file
from workflows.complaint.views import RATE_DEFAULT, RATE_PERIOD, RATE_SCOPE, RATE_SETTING


class ComplaintFilingThrottle(BaseThrottle):
    """The public form's counter (documents.ratelimit), shared with the page: a client gets
    PUBLIC_COMPLAINT_RATE filings per ten minutes however it sends them."""

    def allow_request(self, request: Request, view: APIView) -> bool:
        limit = int(getattr(settings, RATE_SETTING, RATE_DEFAULT))
        allowed, self._wait = rate_limit_hit(
            scope=RATE_SCOPE, client=client_ip(request), limit=limit, period=RATE_PERIOD
        )
        return allowed

    def wait(self) -> float | None:
        return float(getattr(self, "_wait", RATE_PERIOD))


# --- Complaints -----------------------------------------------------------------------


class ComplaintInput(serializers.Serializer):
    plate = PlateField()
    occurred_at = LegalDateTimeField()
    place = serializers.CharField(max_length=MAX_LENGTHS["place"])
    account = serializers.CharField(max_length=MAX_LENGTHS["account"])
    passenger_name = serializers.CharField(
        max_length=MAX_LENGTHS["passenger_name"], required=False, allow_blank=True, default=""
    )
    passenger_contact = serializers.CharField(
        max_length=MAX_LENGTHS["passenger_contact"],
        required=False,
        allow_blank=True,
        default="",
        help_text="Visível somente a servidores (LGPD).",
    )


class ComplaintReceipt(serializers.Serializer):
    number = serializers.CharField(help_text="AAAA/NNNNNN")


class ComplaintFileApi(APIView):
    """File a complaint (Art. 39 IV, VI): no login; answers only the complaint's number."""

    permission_classes = [AllowAny]
    throttle_classes = [ComplaintFilingThrottle]

    @extend_schema(request=ComplaintInput, responses={201: ComplaintReceipt})
    def post(self, request: Request) -> Response:
        data = input_valid(ComplaintInput(data=request.data), {})
        case = complaint_file(
            actor=request.user if request.user.is_authenticated else None,
            channel="api",
            **data,
        )
        return Response({"number": case.number}, status=status.HTTP_201_CREATED)
