"""GET /api/search/: the search box over the API, with the same filters and scoping."""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cases.workflow import state_label
from core.query_schema import form_query_parameters, query_form
from workspace.forms import CaseSearchForm
from workspace.search import search_logged


class SearchCaseSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.CharField()
    kind = serializers.CharField()
    # A method, not `source="get_kind_display"`: DRF asks `inspect` whether a source is a
    # callable without arguments, on every row.
    kind_label = serializers.SerializerMethodField()
    state = serializers.CharField()
    state_label = serializers.SerializerMethodField()
    applicant = serializers.CharField(source="applicant.name", default=None, allow_null=True)
    opened_at = serializers.DateTimeField()
    closed_at = serializers.DateTimeField(allow_null=True)
    url = serializers.SerializerMethodField()

    def get_kind_label(self, case: object) -> str:
        return case.get_kind_display()  # type: ignore[attr-defined]

    def get_state_label(self, case: object) -> str:
        return state_label(case.kind, case.state)  # type: ignore[attr-defined]

    def get_url(self, case: object) -> str:
        return reverse("case", args=[case.pk])  # type: ignore[attr-defined]


class SearchResultSerializer(serializers.Serializer):
    count = serializers.IntegerField(help_text="Quantos processos (até o limite de contagem).")
    capped = serializers.BooleanField(help_text="Há mais do que `count` (contagem limitada).")
    page = serializers.IntegerField()
    pages = serializers.IntegerField()
    results = SearchCaseSerializer(many=True)
    drivers = serializers.ListField(child=serializers.DictField())
    vehicles = serializers.ListField(child=serializers.DictField())
    authorizations = serializers.ListField(child=serializers.DictField())


class SearchApi(APIView):
    """Cases (and registers) matching a number, name, CPF, plate, IM or Termo, scoped to
    what the caller may see."""

    @extend_schema(
        # From the form that checks them: its choices, lengths and bounds.
        parameters=form_query_parameters(CaseSearchForm()),
        responses=SearchResultSerializer,
    )
    def get(self, request: Request) -> Response:
        # As the schema states it (a box is true or false, a page a whole number, each
        # once), then as the form checks it; 400 by parameter otherwise.
        form = query_form(CaseSearchForm, request.query_params)
        found = search_logged(
            user=request.user,
            asked=form,
            path=request.get_full_path(),
            what="resultado de busca (API)",
        )
        page, hits = found.page, found.hits
        return Response(
            {
                "count": page.total,
                "capped": page.capped,
                "page": page.number,
                "pages": page.pages,
                "results": SearchCaseSerializer(page.rows, many=True).data,
                "drivers": [
                    {"id": d.pk, "name": d.name, "url": reverse("workspace-driver", args=[d.pk])}
                    for d in hits.drivers
                ],
                "vehicles": [
                    {
                        "id": v.pk,
                        "plate": v.display_plate,
                        "url": reverse("workspace-vehicle", args=[v.pk]),
                    }
                    for v in hits.vehicles
                ],
                "authorizations": [
                    {
                        "id": a.pk,
                        "number": a.number,
                        "url": reverse("workspace-authorization", args=[a.pk]),
                    }
                    for a in hits.authorizations
                ],
            }
        )
