"""Notification endpoints: list (scoped), record posting, attempts and the AR; resend."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _l
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import PermissionDenied
from rest_framework.generics import get_object_or_404
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.roles import is_staff_member
from accounts.services import personal_data_read
from core.dates import ACTED_ON, UNDER_THE_LAW, LegalDateField
from core.paging import PageQuery, api_keyset_page, with_next_link
from notifications.models import Notification, Receiver, ReturnReason
from notifications.post import (
    Witness,
    letter_record_attempt,
    letter_record_posting,
    letter_record_receipt,
    notice_deliver_in_person,
)
from notifications.selectors import (
    NOTIFICATION_ORDER,
    NOTIFICATION_ROW_COLUMNS,
    letters_in_scope,
    notification_records_for,
)
from notifications.services import notification_resend


class NotificationOutput(serializers.ModelSerializer):
    case_number = serializers.CharField(source="case.number")

    class Meta:
        model = Notification
        fields = ["id", "case", "case_number", *NOTIFICATION_ROW_COLUMNS]


class NotificationListApi(APIView):
    @extend_schema(responses=NotificationOutput(many=True), parameters=[PageQuery])
    def get(self, request: Request) -> Response:
        """Newest first, one page (`page_size` 1 to 200, 50 by default); the `Link: <…>;
        rel="next"` header carries the next page's URL, as the queue's does."""
        page = api_keyset_page(
            request, notification_records_for(request.user), order=NOTIFICATION_ORDER
        )
        rows = page.rows
        # Each notice carries its addressee's name and address: staff reading the list
        # are logged, once per addressee.
        personal_data_read(
            actor=request.user,
            drivers=[n.recipient for n in rows],
            case=None,
            channel="api",
            path=request.path,
            what="notificações",
            purpose="notice",
        )
        return with_next_link(Response(NotificationOutput(rows, many=True).data), request, page)


# Issue 19: nothing happens to a letter before it is written (Art. 46): the posting, a
# delivery attempt, the delivery, the visit and the AR are refused the day before.
AFTER_WRITING = UNDER_THE_LAW.after("created_at", _l("a notificação, escrita"))


class PostingInput(serializers.Serializer):
    tracking_code = serializers.CharField(max_length=20)
    posted_on = LegalDateField(bound=AFTER_WRITING)


class AttemptInput(serializers.Serializer):
    attempted_on = LegalDateField(bound=AFTER_WRITING)
    note = serializers.CharField(required=False, allow_blank=True, default="", max_length=200)


class ReceiptInput(serializers.Serializer):
    ar_attached_on = LegalDateField(bound=AFTER_WRITING)
    delivered_on = LegalDateField(
        bound=AFTER_WRITING, required=False, allow_null=True, default=None
    )
    receiver_name = serializers.CharField(
        required=False, allow_blank=True, default="", max_length=200
    )
    receiver_document = serializers.CharField(
        required=False, allow_blank=True, default="", max_length=40
    )
    return_reason = serializers.ChoiceField(
        choices=ReturnReason.choices, required=False, allow_blank=True, default=""
    )
    visit_on = LegalDateField(bound=AFTER_WRITING, required=False, allow_null=True, default=None)
    scan = serializers.FileField(required=False, allow_null=True, default=None)
    confirm_closed_windows = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Confirma um AR cuja data faz terminar de imediato algum prazo (Art. 46).",
    )


def _notification(request: Request, pk: int) -> Notification:
    return get_object_or_404(letters_in_scope(request.user), pk=pk)


class PostingApi(APIView):
    @extend_schema(request=PostingInput, responses=NotificationOutput)
    def post(self, request: Request, pk: int) -> Response:
        notification = _notification(request, pk)
        data = PostingInput(data=request.data, context={ACTED_ON: notification})
        data.is_valid(raise_exception=True)
        row = letter_record_posting(
            notification=notification, actor=request.user, **data.validated_data
        )
        return Response(NotificationOutput(row).data)


class AttemptApi(APIView):
    @extend_schema(request=AttemptInput, responses=NotificationOutput)
    def post(self, request: Request, pk: int) -> Response:
        notification = _notification(request, pk)
        data = AttemptInput(data=request.data, context={ACTED_ON: notification})
        data.is_valid(raise_exception=True)
        attempt = letter_record_attempt(
            notification=notification, actor=request.user, **data.validated_data
        )
        return Response(NotificationOutput(attempt.notification).data, status=201)


class ReceiptApi(APIView):
    parser_classes = [MultiPartParser, FormParser, JSONParser]

    @extend_schema(request=ReceiptInput, responses=NotificationOutput)
    def post(self, request: Request, pk: int) -> Response:
        notification = _notification(request, pk)
        data = ReceiptInput(data=request.data, context={ACTED_ON: notification})
        data.is_valid(raise_exception=True)
        row = letter_record_receipt(
            notification=notification, actor=request.user, **data.validated_data
        )
        return Response(NotificationOutput(row).data)


class PersonalDeliveryInput(serializers.Serializer):
    delivered_on = LegalDateField(bound=AFTER_WRITING)
    receiver = serializers.ChoiceField(
        choices=Receiver.choices,
        required=False,
        help_text="Art. 46: o próprio notificado (padrão), seu procurador com mandato, ou a "
        "recusa presenciada por duas testemunhas. `refused=true` equivale a `refused`.",
    )
    receiver_name = serializers.CharField(
        max_length=200,
        required=False,
        allow_blank=True,
        default="",
        help_text="O procurador; para o notificado, se informado, deve ser o seu nome.",
    )
    receiver_document = serializers.CharField(
        max_length=40, required=False, allow_blank=True, default=""
    )
    receipt = serializers.FileField(required=False, help_text="Art. 46: o recibo assinado.")
    mandate = serializers.FileField(required=False, help_text="A procuração do procurador.")
    refused = serializers.BooleanField(required=False, default=False)
    witness_name = serializers.CharField(required=False, allow_blank=True, default="")
    witness_cpf = serializers.CharField(required=False, allow_blank=True, default="")
    witness_document = serializers.CharField(
        required=False, allow_blank=True, default="", help_text="Antigo nome de witness_cpf."
    )
    second_witness_name = serializers.CharField(required=False, allow_blank=True, default="")
    second_witness_cpf = serializers.CharField(required=False, allow_blank=True, default="")
    confirm_closed_windows = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Confirma uma data que faz terminar de imediato um prazo que ela abre.",
    )


class PersonalDeliveryApi(APIView):
    """Art. 46: the notice delivered in person against a receipt (or a witnessed refusal)."""

    parser_classes = [MultiPartParser, FormParser]

    @extend_schema(request=PersonalDeliveryInput, responses=NotificationOutput)
    def post(self, request: Request, pk: int) -> Response:
        notification = _notification(request, pk)  # an unknown notice is 404 whatever the body
        data = PersonalDeliveryInput(data=request.data, context={ACTED_ON: notification})
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        refused = values.pop("refused")
        receiver = values.pop("receiver", None) or (
            Receiver.REFUSED if refused else Receiver.ADDRESSEE
        )
        first_cpf = values.pop("witness_cpf") or values.pop("witness_document")
        values.pop("witness_document", None)
        witnesses = [
            Witness(values.pop("witness_name"), first_cpf),
            Witness(values.pop("second_witness_name"), values.pop("second_witness_cpf")),
        ]
        row = notice_deliver_in_person(
            notification=notification,
            actor=request.user,
            receiver=receiver,
            witnesses=witnesses if receiver == Receiver.REFUSED else (),
            **values,
        )
        return Response(NotificationOutput(row).data)


class ResendApi(APIView):
    @extend_schema(request=None, responses=NotificationOutput)
    def post(self, request: Request, pk: int) -> Response:
        if not is_staff_member(request.user):
            raise PermissionDenied
        row = notification_resend(notification=_notification(request, pk))
        return Response(NotificationOutput(row).data)
