"""The fiscal agent's endpoint: issue notices at the roadside (Arts. 47, 50, 51).

One view per operation: validate, call a service, serialize. Bad input is answered like a
broken rule — HTTP 400 `{"detail", "code", "article"}` — naming the article that asks for
the missing piece (Art. 47 for a notice), so an agent's app can show it as it is.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.generics import get_object_or_404
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cases.action_inputs import input_valid
from cases.errors import RuleViolation
from cases.workflow import state_label
from core.dates import LegalDateTimeField
from documents.signing.keys import SIGNING_PASSWORD
from law.citations import ART_47_II, ART_47_III, ART_47_V, ART_50
from law.infractions import INFRACTIONS
from registers.selectors import authorizations_visible_to
from workflows.complaint.selectors import complaints_visible_to
from workflows.complaint.services import complaint_convert
from workflows.violation.models import Conductor, ViolationNotice
from workflows.violation.selectors import notice_penalty, taxi_find
from workflows.violation.services import require_fiscal_agent, violation_notices_issue_for_conductor

# Which article asks for each field of a notice, for the 400 answers.
NOTICE_FIELD_ARTICLES = {
    "taxi": ART_47_II,
    "authorization": ART_47_II,
    "items": ART_47_III,
    "occurred_at": ART_47_V,
    "place": ART_47_V,
    "conductor": ART_50,
}


# --- Notices --------------------------------------------------------------------------


class NoticeFields(serializers.Serializer):
    items = serializers.ListField(
        child=serializers.CharField(max_length=6),
        allow_empty=False,
        help_text="Itens do Art. 58 (I a XXIX, exceto XXI); um auto por item (Art. 51).",
    )
    conductor = serializers.ChoiceField(choices=Conductor.choices)
    place = serializers.CharField(max_length=250)
    occurred_at = LegalDateTimeField()
    offender_signed = serializers.BooleanField(required=False, default=False)
    description = serializers.CharField(
        max_length=4000, required=False, allow_blank=True, default=""
    )
    password = serializers.CharField(
        max_length=256,
        write_only=True,
        trim_whitespace=False,
        help_text=(
            "Senha do agente ou código do seu segundo fator: com ela ele assina cada auto "
            "eletronicamente (Lei 14.063/2020); em branco (400) ou errada (403), nenhum auto "
            "é lavrado; depois de erros seguidos, 429 por um tempo."
        ),
        error_messages={
            "required": SIGNING_PASSWORD.required_message,
            "blank": SIGNING_PASSWORD.required_message,
        },
    )


class NoticeInput(NoticeFields):
    confirm_duplicate = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Lavrar mesmo havendo auto do mesmo veículo, dispositivo e minuto (Art. 51).",
    )
    taxi = serializers.CharField(
        max_length=40, required=False, help_text="Placa, número do Termo ou da IM."
    )
    authorization = serializers.IntegerField(required=False)


class PenaltyOutput(serializers.Serializer):
    """The penalty in full, as the notice's papers tell it (documents.penalties)."""

    kind = serializers.ChoiceField(
        choices=["warning", "fine", "none"],
        help_text="warning: advertência escrita sem multa (Art. 59 I); fine: multa (Art. 59 II).",
    )
    summary = serializers.CharField()
    warning = serializers.BooleanField()
    has_fine = serializers.BooleanField(help_text="Falso: não há guia nem prazo de pagamento.")
    fine_vrte = serializers.DecimalField(max_digits=9, decimal_places=2)
    fine_reais = serializers.DecimalField(max_digits=12, decimal_places=2, allow_null=True)
    vrte_year = serializers.IntegerField(allow_null=True)
    doubled = serializers.BooleanField()
    points = serializers.DecimalField(max_digits=5, decimal_places=1)
    suspension_days = serializers.IntegerField()
    impediment_days = serializers.IntegerField()
    revocation = serializers.BooleanField()
    lines = serializers.ListField(child=serializers.CharField())


class NoticeOutput(serializers.ModelSerializer):
    article = serializers.SerializerMethodField()
    penalty = serializers.SerializerMethodField()
    group = serializers.SerializerMethodField()
    points = serializers.SerializerMethodField()
    state_label = serializers.SerializerMethodField()

    class Meta:
        model = ViolationNotice
        fields = [
            "id",
            "number",
            "item",
            "article",
            "group",
            "points",
            "fine_vrte",
            "fine_reais",
            "penalty",
            "state",
            "state_label",
            "place",
            "occurred_at",
            "issued_on",
        ]

    def get_article(self, notice: ViolationNotice) -> str:
        return INFRACTIONS[notice.item].article

    def get_group(self, notice: ViolationNotice) -> int:
        return INFRACTIONS[notice.item].group

    def get_points(self, notice: ViolationNotice) -> int:
        return int(notice.assessment.get("points", INFRACTIONS[notice.item].points))

    @extend_schema_field(PenaltyOutput)
    def get_penalty(self, notice: ViolationNotice) -> dict[str, object]:
        return notice_penalty(notice).as_dict()

    def get_state_label(self, notice: ViolationNotice) -> str:
        return state_label(notice.kind, notice.state)


class ViolationIssueApi(APIView):
    """A fiscal agent issues one notice per item (Arts. 47, 51); the taxi by plate, Termo or
    IM number (`taxi`) or by id (`authorization`)."""

    @extend_schema(request=NoticeInput, responses={201: NoticeOutput(many=True)})
    def post(self, request: Request) -> Response:
        require_fiscal_agent(request.user)
        data = input_valid(NoticeInput(data=request.data), NOTICE_FIELD_ARTICLES)
        if data.get("authorization") is not None:
            taxi = get_object_or_404(
                authorizations_visible_to(request.user), pk=data.pop("authorization")
            )
        elif data.get("taxi"):
            taxi = taxi_find(data["taxi"])
            if taxi is None:
                raise RuleViolation(
                    _("Nenhum táxi com a placa, o Termo ou a IM “%(query)s”.")
                    % {"query": data["taxi"]},
                    article=ART_47_II,
                    code="taxi_not_found",
                )
        else:
            raise RuleViolation(
                _("Informe o táxi: placa, Termo ou IM (campo taxi) ou o id (authorization)."),
                article=ART_47_II,
                code="taxi_required",
            )
        data.pop("taxi", None)
        data.pop("authorization", None)
        notices = violation_notices_issue_for_conductor(
            agent=request.user, authorization=taxi, **data
        )
        return Response(NoticeOutput(notices, many=True).data, status=status.HTTP_201_CREATED)


# --- Conversion into notices -----------------------------------------------------------


class ConversionInput(NoticeFields):
    place = serializers.CharField(
        max_length=250,
        required=False,
        allow_blank=True,
        default="",
        help_text="Vazio: o local informado pelo passageiro.",
    )
    occurred_at = LegalDateTimeField(
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
