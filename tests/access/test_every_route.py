"""Issue 20 §1: every route that takes an id, for every role, answers as the access
policy table says (accounts.policy.POLICY): with a record the user owns, one of a case he
is party to, and one of a stranger.

The routes are read from the URLconf, not listed here: a route that takes an id and has
no entry in `accounts.policy.ROUTES` (nor a reason in `PUBLIC_ROUTES`) fails
`test_every_route_with_an_id_declares_its_record`, so a new page cannot ship unscoped.
Refused means one status, the policy's: 403 where the route is closed to the user's roles
(`accounts.policy.route_closed_to`), 404 where his roles could reach the record but he
does not (or the login page, 401 under /api/, for someone not signed in); allowed means
anything else — for a GET, 200. On a POST (an action) an allowed user may still be
refused the act itself by the workflow's edge table (tests/permission_matrix.py), so a
403 there is not a scoping answer; a 404 is.

The same walk counts the LGPD read log's rows (DESIGN: "every read of a driver's personal
data is logged"): a staff member's GET that opens a page of a driver's record must write
one.

Each request runs in a savepoint rolled back after it, so the actions leave the world
as it was for the next.
"""

from __future__ import annotations

import re

import pytest
from django.db import transaction
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.test import APIClient

from accounts.models import PersonalDataAccess
from accounts.policy import PUBLIC_ROUTES, ROUTES, may_reach, route_closed_to
from accounts.roles import has_role, is_staff_member
from tests.access import world as access_world

pytestmark = pytest.mark.django_db

# Which target of the world each route's id names. A route added to ROUTES needs one.
TARGET = {
    "case": "case",
    "case-claim": "case",
    "case-action": "case",
    "api-case": "case",
    "api-case-claim": "case",
    "api-case-action": "case",
    "inspection-record": "inspection",
    "api-inspection-result": "inspection",
    "deadline-retry": "deadline",
    "api-complaint-convert": "complaint",
    "api-application": "application",
    "application-detail": "application",
    "api-appeal": "appeal",
    "api-appeal-vote": "appeal",
    "appeal-detail": "appeal",
    "api-clandestine": "clandestine",
    "clandestine-detail": "clandestine",
    "violation-penalties": "notice",
    "violation-payment-guide": "notice",
    "violation-impediment-lift": "penalty",
    "appeal-new": "appealable",
    "document": "upload",
    "official-document-pdf": "official",
    "document-preview": "official",
    "document-render-retry": "official",
    "workspace-driver": "driver",
    "workspace-driver-card": "driver",
    "workspace-vehicle": "vehicle",
    "workspace-authorization": "authorization",
    "workspace-export-job": "export",
    "workspace-export-progress": "export",
    "workspace-export-file": "export",
    "workspace-filter-delete": "saved_filter",
    "register-import-job": "import_job",
    "register-import-progress": "import_job",
    "register-import-report": "import_job",
    "register-import-confirm": "import_job",
    "stand-release": "assignment",
    "api-stand-release": "assignment",
    "stand-depart": "arrival",
    "api-stand-departure": "arrival",
    "member-end": "membership",
    "api-member-end": "membership",
    "use-start": "executive",
    "api-executive-use": "executive",
    "use-end": "use",
    "api-use-end": "use",
    "roster-remove": "roster_entry",
    "api-roster-entry": "roster_entry",
    **{name: "letter" for name in ROUTES if "notification" in name},
    **{
        name: "stand"
        for name in ROUTES
        if re.fullmatch(r"(api-)?stand(-\w+)?", name)
        and name
        not in ("stand-release", "stand-depart", "api-stand-release", "api-stand-departure")
    },
    **{name: "tariff" for name in ROUTES if "tariff" in name},
    **{name: "lost_item" for name in ROUTES if "lost-item" in name},
    **{
        name: "association"
        for name in ROUTES
        if name in ("association", "member-add", "parking-approve", "vehicle-add")
        or name.startswith("api-association")
    },
}


def _routes(patterns=None, prefix=""):
    for pattern in patterns if patterns is not None else get_resolver().url_patterns:
        if isinstance(pattern, URLResolver):
            yield from _routes(pattern.url_patterns, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            yield prefix + str(pattern.pattern), pattern.name


ROUTES_WITH_IDS = sorted(
    (name, route) for route, name in _routes() if "<" in route and not route.startswith("admin/")
)


def test_every_route_with_an_id_declares_its_record():
    """A route that takes an id must say, in accounts.policy.ROUTES, which kind of record
    it shows (or, in PUBLIC_ROUTES, why it names none); and the walk must know a record
    to name with it."""
    undeclared = [
        (name, route)
        for name, route in ROUTES_WITH_IDS
        if name not in ROUTES and name not in PUBLIC_ROUTES
    ]
    assert undeclared == []
    assert sorted(set(ROUTES) - set(TARGET)) == []
    assert len(ROUTES_WITH_IDS) > 80


def _path(route: str, kwargs: dict) -> str:
    def value(match: re.Match) -> str:
        converter, name = match.group(1), match.group(2)
        if name in kwargs:
            return str(kwargs[name])
        if name in ("pk", "notice_pk"):
            return str(kwargs["pk"])
        if name == "fmt":
            return "csv"
        raise AssertionError(f"no value for <{converter}:{name}> in {route}")

    return "/" + re.sub(r"<(\w+):(\w+)>", value, route)


def _refused(status: int, response, me, name: str, path: str, method: str) -> bool:
    """The one refusal the policy gives: to someone not signed in, the login (401 with
    the API); to a role the route is closed to (a staff page, a page for fewer roles, a
    kind of record the role reaches through no relation), 403; to a user whose roles
    could reach the record but who does not, 404 — the record is not shown to exist."""
    if me is None:
        if path.startswith("/api/"):
            return status == 401
        return status == 302 and "/entrar/" in response.get("Location", "")
    return status == (403 if route_closed_to(me, name, method) else 404)


@pytest.mark.parametrize("role", access_world.ROLES)
def test_every_route_answers_as_the_policy_table_says(role, settings):
    settings.RATELIMIT_ENABLE = False
    me, targets = access_world.build(role)
    client = APIClient()
    if me is not None:
        client.force_login(me)
    wrong = []
    for name, route in ROUTES_WITH_IDS:
        if name in PUBLIC_ROUTES:
            continue
        declared = ROUTES[name]
        for target in targets[TARGET[name]]:
            path = _path(route, target.kwargs)
            staff = is_staff_member(me)
            expected = (
                may_reach(me, declared.record, target.relations(me, role))
                and not (declared.staff_page and not staff)
                and (not declared.only or has_role(me, *declared.only))
            )
            # A savepoint, not an atomic block: the services open durable blocks, which
            # may nest only in the test case's own.
            savepoint = transaction.savepoint()
            reads_before = PersonalDataAccess.objects.count()
            response = client.get(path)
            method = "GET"
            if response.status_code == 405:
                method = "POST"
                response = client.post(
                    path, {}, format="json" if path.startswith("/api/") else None
                )
            logged = PersonalDataAccess.objects.count() > reads_before
            transaction.savepoint_rollback(savepoint)
            status = response.status_code
            refused = _refused(status, response, me, name, path, method)
            if expected and (method == "POST" or declared.action):
                # The act itself may still be refused to the role (403), or the input (400)
                # or the state (409): what scoping must not do is hide the record.
                ok = status != 404 and status < 500
            elif expected:
                ok = status not in (401, 403, 404) and status < 500 and "/entrar/" not in (
                    response.get("Location", "")
                )
            else:
                ok = refused
            # DESIGN, "every read of a driver's personal data is logged": the same walk
            # counts the log's rows. Staff opening a page of a driver's record write one.
            shows_a_driver = any(hasattr(owner, "driver") for owner in target.owners)
            read = ok and method == "GET" and status == 200 and staff and shows_a_driver
            if read and declared.personal and not logged:
                wrong.append(("GET", path, name, target.label, status, "not logged"))
            if not ok:
                wrong.append(
                    (method, path, name, target.label, status, "allowed" if expected else "refused")
                )
    assert not wrong, "\n".join(" ".join(map(str, w)) for w in wrong)
