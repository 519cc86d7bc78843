"""Case endpoints: one view per operation; each validates, calls a service, serializes."""

from __future__ import annotations

from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.generics import get_object_or_404
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.display import person_labels
from accounts.roles import is_staff_member
from accounts.services import personal_data_read_case
from cases.action_inputs import action_serializer, split_note
from cases.errors import RuleViolation
from cases.explanations import deadline_explanations
from cases.facts import case_facts
from cases.models import AuditEvent, Case, Deadline, Document
from cases.selectors import (
    BadCursor,
    Page,
    QueueFilter,
    case_deadlines,
    case_history_page,
    case_is_overdue,
    case_queue_page,
    case_submitted_documents,
    case_timeline,
    case_visible,
    cases_visible_to,
)
from cases.services.transitions import available_edges, case_act, case_claim
from cases.workflow import all_workflows, describe, state_label, workflow_for
from core.db import generic_plans
from core.serializers import FieldsBuiltOnce
from law.calendar import DayOff


class CaseOutput(FieldsBuiltOnce, serializers.ModelSerializer):
    state_label = serializers.SerializerMethodField()
    kind_label = serializers.CharField(source="get_kind_display")
    applicant_name = serializers.CharField(source="applicant.name", default=None)
    assignee_username = serializers.CharField(source="assignee.username", default=None)
    next_due = serializers.DateField(source="next_due_on", read_only=True, allow_null=True)
    overdue = serializers.SerializerMethodField()

    class Meta:
        model = Case
        fields = [
            "id",
            "number",
            "kind",
            "kind_label",
            "state",
            "state_label",
            "applicant_name",
            "assignee_username",
            "opened_at",
            "closed_at",
            "next_due",
            "overdue",
        ]

    def get_state_label(self, case: Case) -> str:
        return state_label(case.kind, case.state)

    def get_overdue(self, case: Case) -> bool:
        return case_is_overdue(case, timezone.localdate())


class EventOutput(FieldsBuiltOnce, serializers.ModelSerializer):
    """An event of `cases.selectors.case_timeline`. The actor is the person as the pages
    name him, his name and the body he acts for (`accounts.display.person_label`), never
    his login (issue 24 §6); the context's `people` maps actor ids to those labels."""

    actor = serializers.SerializerMethodField(
        help_text='The person who acted, "name (body)"; null for the system.'
    )

    class Meta:
        model = AuditEvent
        fields = ["at", "actor", "from_state", "to_state", "transition", "article", "note", "data"]

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_actor(self, event: AuditEvent) -> str | None:
        if event.actor_id is None:
            return None
        return self.context["people"].get(event.actor_id)


class SkippedDayOutput(serializers.Serializer):
    day = serializers.DateField()
    reason = serializers.ChoiceField(choices=[d.value for d in DayOff])
    label = serializers.CharField(help_text="The reason in words, with the name or the act.")
    name = serializers.CharField(help_text="The holiday's name or the closing act, if any.")


class ExplanationOutput(serializers.Serializer):
    """How the last day was counted (`cases.explanations`, issue 24 §3)."""

    starts_on = serializers.DateField(allow_null=True)
    start_basis = serializers.CharField(help_text="law.deadlines.StartBasis; empty if fixed.")
    start_basis_label = serializers.CharField()
    rule = serializers.CharField(help_text="The law.deadlines rule; empty for a fixed date.")
    length = serializers.IntegerField(allow_null=True)
    count_from = serializers.DateField(allow_null=True)
    first_counted_day = serializers.DateField(allow_null=True)
    skipped = SkippedDayOutput(many=True)
    lines = serializers.ListField(child=serializers.CharField())


class DeadlineOutput(FieldsBuiltOnce, serializers.ModelSerializer):
    """A deadline row; the context's `explanations` maps row ids to their explanation."""

    explanation = serializers.SerializerMethodField()

    class Meta:
        model = Deadline
        fields = ["kind", "label", "due_on", "counting", "article", "state", "explanation"]

    @extend_schema_field(ExplanationOutput)
    def get_explanation(self, row: Deadline) -> dict[str, object]:
        return ExplanationOutput(self.context["explanations"][row.pk]).data  # type: ignore[return-value]


class DocumentOutput(FieldsBuiltOnce, serializers.ModelSerializer):
    class Meta:
        model = Document
        fields = [
            "id",
            "item",
            "original_name",
            "content_type",
            "size",
            "review",
            "review_note",
            "uploaded_at",
        ]


class FactOutput(serializers.Serializer):
    field = serializers.CharField()
    label = serializers.CharField()
    value = serializers.CharField(help_text="As a person reads it (labels, dd/mm/aaaa).")
    raw = serializers.JSONField(help_text="As stored: ISO dates, a related row's id.")


class ActionOutput(serializers.Serializer):
    name = serializers.CharField()
    label = serializers.CharField()
    article = serializers.CharField()
    inputs = serializers.ListField(child=serializers.CharField())


class CasePageQuery(serializers.Serializer):
    """The queue's page size: one declaration for the schema and the check."""

    page_size = serializers.IntegerField(
        required=False, min_value=1, max_value=200, help_text="1 to 200 (50)"
    )


class CaseListApi(APIView):
    """The open-case queue (or, with `closed=1`, every case, newest first), one page.

    Keyset pagination: the `Link: <…>; rel="next"` header carries the next page's URL
    (with `cursor`); `page_size` is 1 to 200 (50 by default). `X-Total-Count` is exact up
    to 1000; beyond, it reads 1000 and `X-Total-Count-Capped: true` says there are more.
    """

    @extend_schema(
        responses=CaseOutput(many=True),
        parameters=[
            OpenApiParameter("kind", str),
            OpenApiParameter("state", str),
            OpenApiParameter("assignee", str, description='"me", "none" or a user id'),
            OpenApiParameter("urgency", str, description='"overdue" or "week"'),
            OpenApiParameter("closed", str, description='"1": every case, newest first'),
            CasePageQuery,
            OpenApiParameter("cursor", str, description='from the "next" Link header'),
        ],
    )
    def get(self, request: Request) -> Response:
        params = request.query_params
        filters = QueueFilter(
            kind=params.get("kind", ""),
            state=params.get("state", ""),
            assignee=params.get("assignee", ""),
            urgency=params.get("urgency", ""),
        )
        paging = CasePageQuery(data={k: v for k, v in params.items() if k == "page_size" and v})
        paging.is_valid(raise_exception=True)
        size = paging.validated_data.get("page_size")
        cursor = params.get("cursor", "")
        try:
            if params.get("closed") == "1":
                page = case_history_page(user=request.user, cursor=cursor, size=size)
            else:
                page = case_queue_page(
                    user=request.user,
                    filters=filters,
                    today=timezone.localdate(),
                    cursor=cursor,
                    size=size,
                )
        except BadCursor:
            raise RuleViolation(
                _("Cursor de página inválido: use o link da página anterior.")
            ) from None
        response = Response(CaseOutput(page.rows, many=True).data)
        _page_headers(response, request, page)
        return response


def _page_headers(response: Response, request: Request, page: Page) -> None:
    response["X-Total-Count"] = str(page.count)
    if page.count_capped:
        response["X-Total-Count-Capped"] = "true"
    if page.next_cursor:
        query = request.query_params.copy()
        query["cursor"] = page.next_cursor
        url = request.build_absolute_uri(f"{request.path}?{query.urlencode()}")
        response["Link"] = f'<{url}>; rel="next"'


class CaseDetailOutput(CaseOutput):
    details = serializers.SerializerMethodField(
        help_text="The kind's own description of the case (a notice: its penalty in full, "
        "`details.penalty`); empty for a kind without one."
    )
    facts = serializers.SerializerMethodField()
    events = serializers.SerializerMethodField()
    deadlines = serializers.SerializerMethodField()
    documents = serializers.SerializerMethodField()
    actions = serializers.SerializerMethodField()

    class Meta(CaseOutput.Meta):
        fields = [
            *CaseOutput.Meta.fields,
            "details",
            "facts",
            "events",
            "deadlines",
            "documents",
            "actions",
        ]

    @extend_schema_field(serializers.DictField())
    def get_details(self, case: Case) -> dict[str, object]:
        describe_case = workflow_for(case.kind).details
        return dict(describe_case(case)) if describe_case else {}

    @extend_schema_field(FactOutput(many=True))
    def get_facts(self, case: Case) -> list[dict[str, object]]:
        staff = is_staff_member(self.context["request"].user)
        return [
            {"field": f.field, "label": f.label, "value": f.value, "raw": f.raw}
            for f in case_facts(case, staff=staff)
        ]

    @extend_schema_field(EventOutput(many=True))
    def get_events(self, case: Case) -> list[dict[str, object]]:
        events = list(case_timeline(case))
        people = person_labels(e.actor_id for e in events)
        return EventOutput(events, many=True, context={"people": people}).data  # type: ignore[return-value]

    @extend_schema_field(DeadlineOutput(many=True))
    def get_deadlines(self, case: Case) -> list[dict[str, object]]:
        rows = list(case_deadlines(case))
        return DeadlineOutput(  # type: ignore[return-value]
            rows, many=True, context={"explanations": deadline_explanations(rows)}
        ).data

    @extend_schema_field(DocumentOutput(many=True))
    def get_documents(self, case: Case) -> list[dict[str, object]]:
        # Read with the case (`CaseDetailApi`): most cases have none.
        if not getattr(case, "has_documents", True):
            return []
        rows = case_submitted_documents(case)
        return DocumentOutput(rows, many=True).data  # type: ignore[return-value]

    @extend_schema_field(ActionOutput(many=True))
    def get_actions(self, case: Case) -> list[dict[str, object]]:
        return [
            {
                "name": e.name,
                "label": str(e.label),
                "article": e.article,
                "inputs": [f.name for f in e.inputs],
            }
            for e in available_edges(case, self.context["request"].user)
        ]


def _detail(case: Case, request: Request) -> dict[str, object]:
    return CaseDetailOutput(case, context={"request": request}).data  # type: ignore[return-value]


class CaseDetailApi(APIView):
    @extend_schema(responses=CaseDetailOutput)
    def get(self, request: Request, pk: int) -> Response:
        # Every read here is by ids: each statement planned once per connection.
        with generic_plans():
            case = case_visible(request.user, pk, probes={"documents": Document})
            if case is None:
                raise Http404
            personal_data_read_case(actor=request.user, case=case, channel="api", path=request.path)
            return Response(_detail(case, request))


class CaseClaimApi(APIView):
    @extend_schema(request=None, responses=CaseOutput)
    def post(self, request: Request, pk: int) -> Response:
        case = get_object_or_404(cases_visible_to(request.user), pk=pk)
        case = case_claim(case=case, actor=request.user)
        return Response(CaseOutput(case).data)


class CaseActionApi(APIView):
    """Take an action on a case; its inputs are those the action's edge declares."""

    parser_classes = [MultiPartParser, FormParser, JSONParser]

    @extend_schema(request=None, responses=CaseDetailOutput)
    def post(self, request: Request, pk: int, action: str) -> Response:
        case = get_object_or_404(cases_visible_to(request.user), pk=pk)
        workflow = workflow_for(case.kind)
        action = workflow.canonical_action(action)
        if not any(edge.name == action for edge in workflow.edges):
            raise RuleViolation(_("Ação desconhecida: %(action)s.") % {"action": action})
        # The case as its kind's row: the facts its action's dates are bound to are there.
        acted_on = workflow.model.objects.filter(pk=case.pk).first()
        payload = action_serializer(workflow.edge(action), request.data, case=acted_on)
        payload.is_valid(raise_exception=True)
        note, inputs = split_note(dict(payload.validated_data))
        case = case_act(case=case, action=action, actor=request.user, note=note, **inputs)
        return Response(_detail(Case.objects.get(pk=case.pk), request))


class WorkflowOutput(serializers.Serializer):
    kind = serializers.CharField()
    states = serializers.ListField(child=serializers.DictField())
    edges = serializers.ListField(child=serializers.DictField())


class WorkflowListApi(APIView):
    @extend_schema(responses=WorkflowOutput(many=True))
    def get(self, request: Request) -> Response:
        return Response([describe(w) for w in all_workflows()])
