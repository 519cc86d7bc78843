"""Endpoints: file a complaint (public, throttled), convert one into notices.

One view per operation: validate, call a service, serialize. Bad input is answered like a
broken rule — HTTP 400 `{"detail", "code", "article"}` — naming the article that asks for
the missing piece (Art. 47 for a notice), so an agent's app can show it as it is.
"""

from __future__ import annotations

from django.conf import settings
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.generics import get_object_or_404
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import BaseThrottle
from rest_framework.views import APIView

from documents.ratelimit import client_ip, rate_limit_hit
from workflows.complaint.selectors import complaints_visible_to
from workflows.complaint.services import MAX_LENGTHS, complaint_convert, complaint_file
from workflows.complaint.views import RATE_DEFAULT, RATE_PERIOD, RATE_SCOPE, RATE_SETTING
from workflows.violation.api import NOTICE_FIELD_ARTICLES, NoticeFields, NoticeOutput, input_valid
from workflows.violation.services import require_fiscal_agent


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
    plate = serializers.CharField(max_length=10)
    occurred_at = serializers.DateTimeField()
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


# --- Conversion into notices -----------------------------------------------------------


class ConversionInput(NoticeFields):
    place = serializers.CharField(
        max_length=250,
        required=False,
        allow_blank=True,
        default="",
        help_text="Vazio: o local informado pelo passageiro.",
    )
    occurred_at = serializers.DateTimeField(
        required=False,
        allow_null=True,
        default=None,
        help_text="Vazio: a data e hora informadas pelo passageiro.",
    )
    note = serializers.CharField(required=False, allow_blank=True, default="")


class ConversionOutput(serializers.Serializer):
    complaint = serializers.CharField(help_text="Número da reclamação")
    complaint_state = serializers.CharField()
    notices = NoticeOutput(many=True)


class ComplaintConvertApi(APIView):
    """A fiscal agent turns a forwarded complaint into notices (Arts. 41, 46, 47)."""

    @extend_schema(request=ConversionInput, responses={201: ConversionOutput})
    def post(self, request: Request, pk: int) -> Response:
        complaint = get_object_or_404(complaints_visible_to(request.user), pk=pk)
        require_fiscal_agent(request.user)
        data = input_valid(ConversionInput(data=request.data), NOTICE_FIELD_ARTICLES)
        complaint, notices = complaint_convert(case=complaint, actor=request.user, **data)
        return Response(
            {
                "complaint": complaint.number,
                "complaint_state": complaint.state,
                "notices": NoticeOutput(notices, many=True).data,
            },
            status=status.HTTP_201_CREATED,
        )
