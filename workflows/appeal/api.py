"""Appeal endpoints: file, read, vote. One view per operation; each validates, calls a
service, serializes. Which appeals and notices a user may reach is the selectors' call."""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.generics import get_object_or_404
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.services import personal_data_read_case
from cases.workflow import state_label
from core.paging import PageQuery, api_keyset_page, with_next_link
from documents.signing.keys import SIGNING_PASSWORD
from registers.selectors import drivers_visible_to
from workflows.appeal.models import AppealCase, AppealWitness, Diligence, FilerKind, Outcome, Vote
from workflows.appeal.selectors import (
    APPEAL_ORDER,
    WINDOW_ORDER,
    appeal_records_for,
    appealable_notices_for,
    appeals_visible_to,
    notices_appealable_by,
    windows_of,
)
from workflows.appeal.services import WitnessInput, appeal_file, appeal_vote

# --- Output ---------------------------------------------------------------------------


class WitnessOutput(serializers.ModelSerializer):
    class Meta:
        model = AppealWitness
        fields = ["position", "name", "qualification"]


class DiligenceOutput(serializers.ModelSerializer):
    class Meta:
        model = Diligence
        fields = ["number", "origin", "description", "status", "decision_reason", "result"]


class VoteOutput(serializers.ModelSerializer):
    member = serializers.SerializerMethodField()

    class Meta:
        model = Vote
        fields = ["seat", "member", "vote", "fine_vrte", "reason", "cast_at"]

    def get_member(self, vote: Vote) -> str:
        return vote.member.get_full_name() or vote.member.username


class AppealOutput(serializers.ModelSerializer):
    state_label = serializers.SerializerMethodField()
    notice_number = serializers.CharField(source="notice.number")
    appellant = serializers.CharField(source="applicant.name", default=None)
    witnesses = WitnessOutput(many=True, read_only=True)
    diligences = DiligenceOutput(many=True, read_only=True)
    votes = VoteOutput(many=True, read_only=True)

    class Meta:
        model = AppealCase
        fields = [
            "id",
            "number",
            "state",
            "state_label",
            "notice_number",
            "appellant",
            "filer_kind",
            "attorney_name",
            "filed_on",
            "qualification",
            "facts_and_law",
            "evidence",
            "witnesses",
            "diligences",
            "votes",
            "outcome",
            "fine_kept_vrte",
            "decided_on",
            "summary",
        ]

    def get_state_label(self, appeal: AppealCase) -> str:
        return state_label(appeal.kind, appeal.state)


class AppealListOutput(AppealOutput):
    """AppealOutput, field for field, of the rows `appeal_records_for` reads: the
    witnesses, diligences and votes from the lists it prefetched."""

    witnesses = WitnessOutput(many=True, read_only=True, source="witness_list")
    diligences = DiligenceOutput(many=True, read_only=True, source="diligence_list")
    votes = VoteOutput(many=True, read_only=True, source="vote_list")


# --- Filing -----------------------------------------------------------------------------


class WitnessInputSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=200, allow_blank=True)
    qualification = serializers.CharField(max_length=400, allow_blank=True)


class AppealInput(serializers.Serializer):
    # Texts are optional here on purpose: the service refuses a missing one naming its
    # article (Art. 64), which a serializer's "required" cannot.
    notice = serializers.IntegerField(help_text="O auto de infração recorrido.")
    qualification = serializers.CharField(
        required=False, allow_blank=True, default="", help_text="Art. 64 I."
    )
    facts_and_law = serializers.CharField(
        required=False, allow_blank=True, default="", help_text="Art. 64 II."
    )
    evidence = serializers.CharField(
        required=False, allow_blank=True, default="", help_text="Art. 64 III."
    )
    diligences = serializers.ListField(
        child=serializers.CharField(), required=False, default=list, help_text="Art. 64 III."
    )
    witnesses = WitnessInputSerializer(
        many=True, required=False, default=list, help_text="Art. 64 §1: até 3."
    )
    documents = serializers.ListField(
        child=serializers.FileField(), required=False, default=list, help_text="Art. 64 §1."
    )
    filer_kind = serializers.ChoiceField(
        choices=FilerKind.choices,
        required=False,
        allow_blank=True,
        default="",
        help_text="Somente no balcão (servidores).",
    )
    appellant = serializers.IntegerField(
        required=False, default=None, help_text="Somente no balcão: o taxista recorrente."
    )
    attorney_name = serializers.CharField(required=False, allow_blank=True, default="")
    attorney_document = serializers.CharField(required=False, allow_blank=True, default="")
    mandate = serializers.FileField(required=False, default=None, help_text="Art. 63 §2.")


class AppealListApi(APIView):
    """GET: the appeals the user may see. POST: file one (portal or counter)."""

    parser_classes = [MultiPartParser, FormParser, JSONParser]

    @extend_schema(responses=AppealOutput(many=True), parameters=[PageQuery])
    def get(self, request: Request) -> Response:
        """Newest first, one page (`page_size` 1 to 200, 50 by default); the `Link: <…>;
        rel="next"` header carries the next page's URL, as the queue's does."""
        page = api_keyset_page(request, appeal_records_for(request.user), order=APPEAL_ORDER)
        rows = AppealListOutput(page.rows, many=True).data
        return with_next_link(Response(rows), request, page)

    @extend_schema(request=AppealInput, responses={201: AppealOutput})
    def post(self, request: Request) -> Response:
        payload = AppealInput(data=request.data)
        payload.is_valid(raise_exception=True)
        data = dict(payload.validated_data)
        notice = get_object_or_404(notices_appealable_by(request.user), pk=data.pop("notice"))
        appellant_id = data.pop("appellant")
        appellant = (
            get_object_or_404(drivers_visible_to(request.user), pk=appellant_id)
            if appellant_id
            else None
        )
        witnesses = [WitnessInput(**row) for row in data.pop("witnesses")]
        case = appeal_file(
            actor=request.user, notice=notice, appellant=appellant, witnesses=witnesses, **data
        )
        appeal = appeals_visible_to(request.user).get(pk=case.pk)
        return Response(AppealOutput(appeal).data, status=status.HTTP_201_CREATED)


class AppealDetailApi(APIView):
    @extend_schema(responses=AppealOutput)
    def get(self, request: Request, pk: int) -> Response:
        appeal = get_object_or_404(appeals_visible_to(request.user), pk=pk)
        personal_data_read_case(actor=request.user, case=appeal, channel="api", path=request.path)
        return Response(AppealOutput(appeal).data)


# --- Voting -----------------------------------------------------------------------------


class VoteInput(serializers.Serializer):
    vote = serializers.ChoiceField(choices=Outcome.choices)
    reason = serializers.CharField(allow_blank=True)
    fine_vrte = serializers.DecimalField(
        max_digits=9,
        decimal_places=2,
        required=False,
        default=None,
        help_text="Somente no provimento parcial: a multa mantida em VRTE.",
    )
    password = serializers.CharField(
        max_length=256,
        write_only=True,
        trim_whitespace=False,
        help_text=(
            "Senha do membro ou código do seu segundo fator: com ela ele assina o voto (e a "
            "decisão, se o voto a decide) eletronicamente (Lei 14.063/2020); em branco (400) "
            "ou errada (403), nenhum voto é registrado; depois de erros seguidos, 429."
        ),
        error_messages={
            "required": SIGNING_PASSWORD.required_message,
            "blank": SIGNING_PASSWORD.required_message,
        },
    )


class AppealVoteApi(APIView):
    """A sitting member's vote (Art. 52); 403 for anyone else, 409 for a second vote."""

    @extend_schema(request=VoteInput, responses={201: AppealOutput})
    def post(self, request: Request, pk: int) -> Response:
        appeal = get_object_or_404(appeals_visible_to(request.user), pk=pk)
        payload = VoteInput(data=request.data)
        payload.is_valid(raise_exception=True)
        appeal_vote(case=appeal, actor=request.user, **payload.validated_data)
        appeal = appeals_visible_to(request.user).get(pk=pk)
        return Response(AppealOutput(appeal).data, status=status.HTTP_201_CREATED)


# --- Notices open to appeal -------------------------------------------------------------


class AppealWindowOutput(serializers.Serializer):
    notice = serializers.IntegerField(source="notice.pk")
    number = serializers.CharField(source="notice.number")
    item = serializers.CharField(source="notice.item")
    received_on = serializers.DateField(source="notice.received_on")
    closes_on = serializers.DateField(help_text="Art. 63: último dia para recorrer.")
    open = serializers.BooleanField()


class AppealWindowListApi(APIView):
    @extend_schema(responses=AppealWindowOutput(many=True), parameters=[PageQuery])
    def get(self, request: Request) -> Response:
        """The notices the user may appeal, oldest notification first, one page
        (`page_size` 1 to 200, 50 by default); the `Link: <…>; rel="next"` header carries
        the next page's URL, as the queue's does."""
        page = api_keyset_page(request, appealable_notices_for(request.user), order=WINDOW_ORDER)
        rows = windows_of(page.rows, today=timezone.localdate())
        return with_next_link(Response(AppealWindowOutput(rows, many=True).data), request, page)
