"""Whether a search's words name more than `workspace.search.FEW` drivers (a broad search,
walked instead of listed) is remembered for `SEARCH_BROAD_CACHE_SECONDS` (issue 25: asking
costs a GIN lookup of every driver the commonest word names, 2-3 ms at a million cases,
and a person pages through the same words). Only a "yes" is kept: it changes how the
cases are found, never which."""

from __future__ import annotations

import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.roles import Role
from tests.factories import DriverFactory, SuspensionCaseFactory, UserFactory
from workspace import search as search_module
from workspace.search import CaseFilter, Matches, search

pytestmark = pytest.mark.django_db


@pytest.fixture
def surname():
    # The cache is shared by the test processes: words of this test's own.
    return "x" + uuid.uuid4().hex[:10]


@pytest.fixture
def clerk():
    return UserFactory(role=Role.CLERK)


def _probes(clerk, words: str) -> tuple[bool, int]:
    """Whether `words` are broad, and how many statements asked the drivers to say so."""
    with CaptureQueriesContext(connection) as ctx:
        broad = Matches(clerk, words).broad
    return broad, sum('FROM "registers_driver"' in q["sql"] for q in ctx.captured_queries)


def test_broad_words_are_asked_of_the_register_once(settings, monkeypatch, clerk, surname):
    settings.SEARCH_BROAD_CACHE_SECONDS = 600
    monkeypatch.setattr(search_module, "FEW", 2)
    cases = [
        SuspensionCaseFactory(applicant=DriverFactory(name=f"Ana {surname}")) for _ in range(3)
    ]

    assert _probes(clerk, f"ana {surname}") == (True, 1)
    assert _probes(clerk, f"ana {surname}") == (True, 0)
    # The same cases in the same order, found by the walk the remembered answer chose.
    found = search(
        user=clerk, filters=CaseFilter(q=f"ana {surname}", status="all"), page=1, per_page=50
    )
    assert found.page.walked
    assert [c.pk for c in found.page.rows] == [c.pk for c in reversed(cases)]


def test_words_naming_few_drivers_are_asked_each_time(settings, monkeypatch, clerk, surname):
    settings.SEARCH_BROAD_CACHE_SECONDS = 600
    monkeypatch.setattr(search_module, "FEW", 2)
    DriverFactory(name=f"Bia {surname}")

    # Their answer is the drivers themselves, handed on as a list: nothing to remember.
    assert _probes(clerk, f"bia {surname}") == (False, 1)
    assert _probes(clerk, f"bia {surname}") == (False, 1)


def test_nothing_is_remembered_with_the_setting_at_zero(settings, monkeypatch, clerk, surname):
    settings.SEARCH_BROAD_CACHE_SECONDS = 0
    monkeypatch.setattr(search_module, "FEW", 2)
    for _ in range(3):
        DriverFactory(name=f"Caio {surname}")

    assert _probes(clerk, f"caio {surname}") == (True, 1)
    assert _probes(clerk, f"caio {surname}") == (True, 1)
