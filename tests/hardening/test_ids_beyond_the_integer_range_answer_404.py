"""Issue 12 §2: an id beyond the database's integer range answers 404 on every page and
API route (it names no row), never a 500."""

from __future__ import annotations

import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, resolve

from accounts.policy import route_closed_to
from accounts.roles import Role
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

HUGE = "99999999999999999999"
MISSING = "987654321"


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


def _expected(user, path: str, method: str, response) -> int:
    """The one answer for an id that names no row: 403 on a route the access policy closes
    to the role (before any lookup), 405 for a method the route does not take (its Allow
    header names the others), 404 otherwise."""
    if route_closed_to(user, resolve(path.replace(HUGE, MISSING)).url_name or "", method.upper()):
        return 403
    allow = response.get("Allow", "")
    if response.status_code == 405 and allow and method.upper() not in allow.upper():
        return 405
    return 404


@pytest.mark.parametrize("role", [Role.CLERK, Role.COMMISSION_MEMBER, Role.FISCAL_AGENT])
def test_every_route_answers_404_for_an_id_past_bigint(client, role):
    """A huge id answers exactly as an id that fits but names no row: 404 (or the 403 of a
    page the role may not use at all, or 405 for a method the route does not take), never
    a 500."""
    user = UserFactory(role=role)
    client.force_login(user)
    answers = {}
    for path in ROUTES:
        for method in ("get", "post"):
            huge = getattr(client, method)(path)
            missing = getattr(client, method)(path.replace(HUGE, MISSING)).status_code
            expected = _expected(user, path, method, huge)
            if huge.status_code != expected or missing != expected:
                answers[(method, path)] = (huge.status_code, missing, expected)
    assert answers == {}, "\n".join(f"{k} {v}" for k, v in sorted(answers.items()))
