"""Issue 12 §2: an id beyond the database's integer range answers 404 on every page and
API route (it names no row), never a 500."""

from __future__ import annotations

import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from accounts.roles import Role
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

HUGE = "99999999999999999999"


def _routes(patterns=None, prefix=""):
    for pattern in patterns if patterns is not None else get_resolver().url_patterns:
        if isinstance(pattern, URLResolver):
            yield from _routes(pattern.url_patterns, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            yield prefix + str(pattern.pattern)


def _with_huge_ids(route: str) -> str | None:
    if "<int:" not in route or route.startswith("admin/") or "^" in route:
        return None
    path = re.sub(r"<int:[^>]+>", HUGE, route)
    path = re.sub(r"<slug:[^>]+>", "x", path)
    path = re.sub(r"<str:[^>]+>", "x", path)
    return "/" + path if "<" not in path else None


ROUTES = sorted({p for r in _routes() if (p := _with_huge_ids(r))})


def test_the_scan_covers_the_kinds_named_in_the_audit():
    joined = " ".join(ROUTES)
    for fragment in ("/api/cases/", "/api/appeals/", "/api/clandestine", "/api/complaints/"):
        assert fragment in joined, fragment
    assert len(ROUTES) > 20


@pytest.mark.parametrize("role", [Role.CLERK, Role.COMMISSION_MEMBER, Role.FISCAL_AGENT])
def test_every_route_answers_404_for_an_id_past_bigint(client, role):
    client.force_login(UserFactory(role=role))
    answers = {}
    for path in ROUTES:
        for method in ("get", "post"):
            response = getattr(client, method)(path)
            if response.status_code not in (404, 405):
                answers[(method, path)] = response.status_code
    assert answers == {}
