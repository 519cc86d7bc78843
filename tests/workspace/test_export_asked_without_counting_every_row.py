"""Asking for the cases export decides "file now or background job" by counting the
matching cases no further than one past EXPORT_SYNC_ROWS (issue 25: counting every one
took the request 0.1 s at a million cases). Exactly the limit is still a file at once,
with its reading logged; one more is a job, with nothing logged until the worker writes
it."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import PersonalDataAccess
from tests.factories import AuthorizationFactory, SuspensionCaseFactory
from workspace.models import ExportJob

pytestmark = pytest.mark.django_db

LIMIT = 3


@pytest.fixture
def limit(settings):
    settings.EXPORT_SYNC_ROWS = LIMIT
    return LIMIT


def _cases(n):
    return [SuspensionCaseFactory(authorization=AuthorizationFactory()) for _ in range(n)]


def _counts(queries) -> list[str]:
    return [q["sql"] for q in queries if re.search(r"\bCOUNT\(", q["sql"], re.IGNORECASE)]


def test_one_past_the_limit_is_queued_without_counting_every_case(clerk_client, clerk, limit):
    _cases(limit + 2)

    with CaptureQueriesContext(connection) as queries:
        response = clerk_client.get("/painel/exportar/cases.csv", {"status": "all"})

    assert response.status_code == 302
    assert ExportJob.objects.filter(owner=clerk, dataset="cases").count() == 1
    counts = _counts(queries.captured_queries)
    assert counts, "the cases were not counted at all"
    # Every count of the request stops one past the limit.
    assert all(re.search(rf"\bLIMIT {limit + 1}\b", sql) for sql in counts), counts
    assert not PersonalDataAccess.objects.filter(user=clerk, channel="export").exists()


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_exactly_the_limit_is_a_file_at_once_with_its_reading_logged(
    clerk_client, clerk, limit, fmt
):
    cases = _cases(limit)

    response = clerk_client.get(f"/painel/exportar/cases.{fmt}", {"status": "all"})

    assert response.status_code == 200
    assert response["Content-Disposition"].startswith('attachment; filename="cases-')
    assert not ExportJob.objects.filter(owner=clerk).exists()
    if fmt == "csv":
        lines = response.content.decode("utf-8-sig").splitlines()
        assert len(lines) == limit + 1  # the header and each case
        assert {line.split(";")[0] for line in lines[1:]} == {c.number for c in cases}
    logged = PersonalDataAccess.objects.filter(user=clerk, channel="export")
    assert sorted(logged.values_list("driver_id", flat=True)) == sorted(
        c.applicant_id for c in cases
    )
