"""A web process keeps the measured processing times it read for
PROCESSING_TIMES_KEPT_SECONDS (issue 25): they are measured once a night, and every open
case's page showed one with a statement of its own. A new night's figures are shown
that much later; with 0 they are read at each request."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from cases import selectors
from cases.models import ProcessingTime
from cases.selectors import decision_outlooks, measured_times, processing_times
from tests.factories import SuspensionCaseFactory
from workflows.suspension.models import SuspensionState

pytestmark = pytest.mark.django_db


@pytest.fixture
def kept(settings):  # type: ignore[no-untyped-def]
    settings.PROCESSING_TIMES_KEPT_SECONDS = 300
    selectors._measured.clear()
    yield
    selectors._measured.clear()


@pytest.fixture
def clock(monkeypatch):  # type: ignore[no-untyped-def]
    """The process's monotonic clock, moved by the test."""
    now = [1000.0]
    monkeypatch.setattr(selectors.time, "monotonic", lambda: now[0])
    return now


def _measure(median: str) -> None:
    ProcessingTime.objects.all().delete()
    ProcessingTime.objects.create(
        kind="suspension",
        state=SuspensionState.FILED,
        samples=12,
        median_days=Decimal(median),
        p90_days=20,
        computed_at=timezone.now(),
    )


def _expected_on(case) -> dt.date | None:  # type: ignore[no-untyped-def]
    return decision_outlooks([case])[case.pk].expected_on


def test_an_open_cases_outlook_reads_the_kept_figures_without_a_statement(kept, clock):
    _measure("5")
    case = SuspensionCaseFactory(state=SuspensionState.FILED)
    first = _expected_on(case)
    with CaptureQueriesContext(connection) as ctx:
        again = _expected_on(case)
    assert again == first
    assert not [q for q in ctx.captured_queries if "cases_processingtime" in q["sql"]]


def test_a_new_nights_figures_are_shown_once_the_kept_ones_are_older_than_the_setting(kept, clock):
    _measure("5")
    case = SuspensionCaseFactory(state=SuspensionState.FILED)
    entered = timezone.localtime(case.opened_at).date()
    assert _expected_on(case) == entered + dt.timedelta(days=5)
    _measure("9")
    clock[0] += 299
    assert _expected_on(case) == entered + dt.timedelta(days=5)  # still the kept night
    clock[0] += 2
    assert _expected_on(case) == entered + dt.timedelta(days=9)


def test_with_zero_each_request_reads_the_table(settings):
    settings.PROCESSING_TIMES_KEPT_SECONDS = 0
    _measure("5")
    assert measured_times()[("suspension", SuspensionState.FILED)].median_days == 5
    _measure("9")
    assert measured_times()[("suspension", SuspensionState.FILED)].median_days == 9


def test_the_charter_reads_the_same_figures_by_kind_then_state(kept, clock):
    _measure("7")
    assert processing_times()["suspension"][SuspensionState.FILED].median_days == 7
