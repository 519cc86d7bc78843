"""What `bin/bench` requests: every GET route of the URLconf, for every role that reaches
it, with values drawn at random from the seeded data.

The routes come from `django.urls.get_resolver()`, so a page or an API route added later
is measured without touching this file. A route whose path takes a value (`<int:pk>`,
`<str:plate>` …) needs a source of real values: `PK_TABLES` names the table whose ids a
route's one value is drawn from (`PK_QUERIES` the rows of it the route answers for),
`variants` draws the other parameters. A GET route with a parameter
that no source fills is reported (`unsampled`), and the smoke test fails on it: give it a
source here. A route whose view takes no GET (a form's POST, an action) is left out.

Each measured target is a route, a role and a list of at least `requests` paths; a
request takes the next path of the list (shuffled), so no page is timed on one id.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, urlencode

ROLES = ("clerk", "agent", "commission", "driver", "mayor", "public")
# The fiscal agent and the mayor see what the clerk sees (every case): each is measured
# where the clerk is not let in (the agent's stand lines and seizures, the mayor's
# decisions). A page the public reaches is measured as the public only (bench/run.py).
MEASURED_UNLESS = {"agent": ("clerk",), "mayor": ("clerk",)}
TRIVIAL = "api-workflows"
# Who sees only part of the registers and cases (the commission, the parties of the cases
# it judges; a driver, his own): a route's drawn ids are probed for them first, and their
# line measured over the ids they reach (bench/run.py).
SCOPED_ROLES = ("commission", "driver")

# Routes not measured, and why.
SKIPPED = {
    "api-schema": "the OpenAPI document: built from the code, reads no table",
    "api-docs": "Swagger UI's page, served from its CDN",
    "set_language": "POST only",
    "logout": "POST only",
    "signup-confirm": "a one-time token from an e-mail",
    "login-unlock": "a one-time token from an e-mail",
    "password_reset_confirm": "a one-time token from an e-mail",
    "identity-login": "a redirect to gov.br or Acesso Cidadão, configured only in production",
    "identity-callback": "the provider's answer to a login it was asked for",
    "identity-signup": "reads the person the provider's callback left in the session",
}
# The administrator's pages, measured as the administrator alone: of the admin site the
# LGPD read log; the documents whose seal is pending.
ADMIN_ROUTES = {"admin:accounts_personaldataaccess_changelist", "documents-signature-pending"}
# A page that answers a GET with another status than 200 by design: what it reached with.
STATUS = {"identity-level": 403}  # "your identity level is not enough": always a 403

# Routes whose values `variants` draws itself (plates, codes, days, datasets).
SPECIAL = frozenset(
    {
        "verify-plate",
        "verify-code",
        "api-verify-code",
        "service-charter",
        "official-document-pdf",
        "document-preview",
        "roster-day",
        "api-calendar-day",
        "workspace-export",
        "register-import-report",
    }
)
# The table whose ids fill a route's one path value (routes under the same prefix share one).
PK_TABLES = {
    "case": "cases_case",
    "api-case": "cases_case",
    "document": "cases_document",
    "workspace-driver": "registers_driver",
    "workspace-driver-card": "registers_driver",
    "workspace-vehicle": "registers_vehicle",
    "workspace-authorization": "registers_authorization",
    "stand": "municipal_stand",
    "api-stand": "municipal_stand",
    "api-stand-line": "municipal_stand",
    "stand-sign": "municipal_stand",
    "lost-item": "municipal_lostitem",
    "api-lost-item": "municipal_lostitem",
    "lost-item-receipt": "municipal_lostitem",
    "register-import-job": "register_import_importjob",
    "register-import-progress": "register_import_importjob",
    "register-import-report": "register_import_importjob",
    "violation-penalties": "workflows_violationnotice",
    "violation-payment-guide": "workflows_violationnotice",
    "appeal-detail": "appeal_appealcase",
    "api-appeal": "appeal_appealcase",
    "api-application": "application_applicationcase",
    "application-detail": "application_applicationcase",
    "clandestine-detail": "clandestine_clandestinecase",
    "api-clandestine": "clandestine_clandestinecase",
    "appeal-new": "workflows_violationnotice",
    "tariff": "municipal_tarifftable",
    "stand-edit": "municipal_stand",
    "notification-ar-scan": "notifications_notification",
    "notification-posting": "notifications_notification",
    "notification-attempt": "notifications_notification",
    "notification-receipt": "notifications_notification",
    "notification-resend": "notifications_notification",
    "tariff-print": "municipal_tarifftable",
    "association": "municipal_association",
    "api-association": "municipal_association",
    "api-roster-entry": "municipal_rosterentry",
    "workspace-export-job": "workspace_exportjob",
    "workspace-export-progress": "workspace_exportjob",
    "workspace-export-file": "workspace_exportjob",
}
# Routes that answer for some rows of their table only: the query of those rows' ids.
_BENCH_DRIVER = (
    "SELECT d.id FROM registers_driver d JOIN accounts_user u ON u.id = d.user_id"
    " WHERE u.username = 'bench-driver'"
)
_CLERK_EXPORTS = (
    "SELECT j.id FROM workspace_exportjob j JOIN accounts_user u ON u.id = j.owner_id"
    " WHERE u.username = 'bench-clerk' AND j.status = 'done'"
)
_PUBLISHED_TARIFFS = "SELECT id FROM municipal_tarifftable WHERE status = 'published'"
PK_QUERIES = {
    # The notices the bench's driver may appeal (Art. 63): notified, not yet final.
    "appeal-new": "SELECT v.case_ptr_id FROM workflows_violationnotice v"
    " JOIN cases_case c ON c.id = v.case_ptr_id"
    " WHERE c.state IN ('notified', 'overdue', 'paid_appeal_open')"
    f" AND v.received_on IS NOT NULL AND c.applicant_id IN ({_BENCH_DRIVER})",
    # A fine due (Art. 55): the notices the guide is issued for.
    "violation-payment-guide": "SELECT v.case_ptr_id FROM workflows_violationnotice v"
    " JOIN cases_case c ON c.id = v.case_ptr_id"
    " WHERE c.state IN ('notified', 'overdue', 'final', 'upheld')",
    "lost-item-receipt": "SELECT id FROM municipal_lostitem WHERE receipt_number IS NOT NULL",
    # The tables in force or that were (the public's); a proposal is the staff's.
    "tariff": _PUBLISHED_TARIFFS,
    "tariff-print": _PUBLISHED_TARIFFS,
    "notification-ar-scan": "SELECT id FROM notifications_notification WHERE ar_scan <> ''",
    # Each person sees his own exports; the bench's are the clerk's.
    "workspace-export-job": _CLERK_EXPORTS,
    "workspace-export-progress": _CLERK_EXPORTS,
    "workspace-export-file": _CLERK_EXPORTS,
}


@dataclass
class Target:
    """One measured line: a route as a role, over many paths."""

    label: str
    route: str
    role: str
    paths: list[str]
    kind: str = "page"  # "page", "api", "search", "export", "admin"
    status: int = 200  # what the route answers when reached (STATUS)
    position: int = 0
    shuffled: bool = field(default=False, repr=False)

    def next_path(self) -> str:
        path = self.paths[self.position % len(self.paths)]
        self.position += 1
        return path


@dataclass(frozen=True)
class Route:
    name: str
    pattern: str  # "processos/<int:pk>/"
    params: tuple[str, ...]
    callback: Callable[..., Any]

    @property
    def bare(self) -> str:
        """The name without its namespace ("municipal:stand" → "stand")."""
        return self.name.rsplit(":", 1)[-1]

    def takes_get(self) -> bool:
        """False when the view's class has no `get` (a DRF or Django class view): a POST
        endpoint. A function view may still answer 405; the probe finds that out."""
        view_class = getattr(self.callback, "view_class", None) or getattr(
            self.callback, "cls", None
        )
        if view_class is None:
            return True
        return hasattr(view_class, "get") or hasattr(view_class, "list")

    def path(self, values: dict[str, Any]) -> str:
        out = "/" + self.pattern
        for name in self.params:
            out = re.sub(rf"<(?:\w+:)?{name}>", quote(str(values[name]), safe=""), out)
        return out


_PARAM = re.compile(r"<(?:(\w+):)?(\w+)>")


def url_routes() -> Iterator[Route]:
    """Every named route of the URLconf, with its full pattern."""
    from django.urls import URLPattern, URLResolver, get_resolver

    def walk(patterns: list[Any], prefix: str, namespace: str) -> Iterator[Route]:
        for p in patterns:
            if isinstance(p, URLResolver):
                space = f"{namespace}{p.namespace}:" if p.namespace else namespace
                yield from walk(p.url_patterns, prefix + str(p.pattern), space)
            elif isinstance(p, URLPattern) and p.name:
                pattern = prefix + str(p.pattern)
                if pattern.startswith("^") or "(?P" in pattern:
                    continue  # the admin's regex routes: not ours, none of them measured
                params = tuple(m[2] for m in _PARAM.finditer(pattern))
                yield Route(f"{namespace}{p.name}", pattern, params, p.callback)

    yield from walk(get_resolver().url_patterns, "", "")


class Samples:
    """Real values drawn from the seeded database, each list shuffled."""

    def __init__(self, cursor: Any, count: int, seed: int = 1764) -> None:
        self.cursor = cursor
        self.count = count
        self.rng = random.Random(seed)
        self._cache: dict[str, list[Any]] = {}

    def column(self, sql: str) -> list[Any]:
        """Up to `count` values of the first column of `sql` (which must end before its
        ORDER BY / LIMIT): a random sample, read once."""
        if sql not in self._cache:
            self.cursor.execute(f"{sql} ORDER BY random() LIMIT {self.count}")
            values = [row[0] for row in self.cursor.fetchall()]
            self.rng.shuffle(values)
            self._cache[sql] = values
        return self._cache[sql]

    def ids(self, table: str) -> list[int]:
        self.cursor.execute("SELECT to_regclass(%s)", [table])
        if self.cursor.fetchone()[0] is None:
            return []
        pk = "case_ptr_id"  # a case kind's table: its key is the case's
        self.cursor.execute(
            "SELECT column_name FROM information_schema.columns "
            "WHERE table_name = %s AND column_name = 'id'",
            [table],
        )
        if self.cursor.fetchone():
            pk = "id"
        return self.column(f"SELECT {pk} FROM {table}")  # noqa: S608 — names from this file


def _queries(base: str, params: list[dict[str, str]]) -> list[str]:
    return [f"{base}?{urlencode(p)}" for p in params]


def variants(route: Route, samples: Samples) -> dict[str, list[str]]:
    """The labelled lists of paths of one route ({} when it has no source of values)."""
    s = samples
    if route.name in ("verify-plate",):
        return {
            "": [route.path({"plate": p}) for p in s.column("SELECT plate FROM registers_vehicle")]
        }
    if route.name == "verify":
        ims = s.column("SELECT number FROM registers_municipalregistration")
        return {"by IM number": _queries("/verificar/", [{"q": im.lower()} for im in ims])}
    if route.name == "service-charter":
        kinds = s.column("SELECT kind FROM (SELECT DISTINCT kind FROM cases_case) AS kinds")
        return {"": [route.path({"kind": kind}) for kind in kinds]}
    if route.name in ("verify-code", "api-verify-code", "official-document-pdf",
                      "document-preview"):
        codes = s.column("SELECT verification_code FROM documents_officialdocument")
        return {"": [route.path({"code": c}) for c in codes]}
    if route.bare in ("roster-day", "api-calendar-day"):
        import datetime as dt

        from django.utils import timezone

        today = timezone.localdate()
        days = [
            (today + dt.timedelta(days=s.rng.randint(-180, 180))).isoformat()
            for _ in range(s.count)
        ]
        return {"": [route.path({"day": d}) for d in days]}
    if route.name == "workspace-export":
        from workspace.dashboard import BUILDERS

        # Every table as CSV; the case list (the one long table) as XLSX too.
        out = {}
        for dataset, fmt in [*((d, "csv") for d in [*BUILDERS, "cases"]), ("cases", "xlsx")]:
            out[f"{dataset}.{fmt}"] = [route.path({"dataset": dataset, "fmt": fmt})]
        return out
    if route.name in ("api-search", "workspace-search"):
        return _search_variants(route, s)
    if route.name == "api-cases":
        return _queue_variants(s)
    if route.name == "complaint-received":
        receipts = _complaint_receipts(route, s)
        return {"": receipts} if receipts else {}
    if route.name in KEYSET_LISTS:
        return _keyset_variants(route, s)
    if route.name == "admin:accounts_personaldataaccess_changelist":
        base = route.path({})
        cpfs = s.column("SELECT cpf FROM registers_driver")
        numbers = s.column("SELECT number FROM cases_case")
        return {
            "": [base],
            "by CPF": _queries(base, [{"q": c} for c in cpfs]),
            "by case number": _queries(base, [{"q": n} for n in numbers]),
            "by user": _queries(base, [{"q": "bench-agent"}]),
        }
    if not route.params:
        return {"": [route.path({})]}
    if len(route.params) == 1 and route.bare in PK_TABLES:
        query = PK_QUERIES.get(route.bare)
        ids = s.column(query) if query else s.ids(PK_TABLES[route.bare])
        return {"": [route.path({route.params[0]: i}) for i in ids]} if ids else {}
    if route.bare == "register-import-report":
        ids = s.ids(PK_TABLES[route.bare])
        return {"": [route.path({"pk": i, "fmt": "csv"}) for i in ids]} if ids else {}
    return {}


def _complaint_receipts(route: Route, s: Samples) -> list[str]:
    """The receipt's address as the complaint form redirects to it: the number of a
    complaint, signed (the bench's server has the bench's SECRET_KEY)."""
    from django.core import signing

    from workflows.complaint.views import RECEIPT_SALT

    numbers = s.column("SELECT number FROM cases_case WHERE kind = 'complaint'")
    base = route.path({})
    return _queries(base, [{"r": signing.dumps(n, salt=RECEIPT_SALT)} for n in numbers])


def _search_variants(route: Route, s: Samples) -> dict[str, list[str]]:
    base = route.path({})
    names = s.column("SELECT name FROM registers_driver")
    plates = s.column("SELECT plate FROM registers_vehicle")
    numbers = s.column("SELECT number FROM cases_case")
    cpfs = s.column("SELECT cpf FROM registers_driver")
    extra = {"status": "all"}
    return {
        "name": _queries(base, [{"q": n.lower(), **extra} for n in names]),
        # "condutor 12": thousands of drivers match a short number (issue 25).
        "broad name": _queries(
            base, [{"q": f"condutor {s.rng.randint(10, 99)}", **extra} for _ in range(s.count)]
        ),
        "plate": _queries(base, [{"q": f"{p[:3]}-{p[3:]}", **extra} for p in plates]),
        "CPF": _queries(base, [{"q": c, **extra} for c in cpfs]),
        "case number": _queries(base, [{"q": n, **extra} for n in numbers]),
    }


def _queue_variants(s: Samples) -> dict[str, list[str]]:
    from cases.selectors import Cursor

    s.cursor.execute(
        "SELECT coalesce(next_due_on, '9999-12-31'::date), opened_at, id FROM cases_case "
        "WHERE closed_at IS NULL"
        f" ORDER BY random() LIMIT {s.count}"
    )
    cursors = [Cursor(tuple(row)).encode() for row in s.cursor.fetchall()]
    return {
        "first page": ["/api/cases/"],
        "kind": [f"/api/cases/?kind={k}" for k in ("renewal", "violation", "suspension")],
        "state=filed": ["/api/cases/?state=filed"],
        "assignee=none": ["/api/cases/?assignee=none"],
        "urgency=overdue": ["/api/cases/?urgency=overdue"],
        "urgency=week": ["/api/cases/?urgency=week"],
        "all cases (closed=1)": ["/api/cases/?closed=1"],
        "page by cursor": [f"/api/cases/?cursor={c}" for c in cursors],
    }


# The lists paged by `core.paging.keyset_page`: the values of a row in each one's order,
# whose cursors make the "page by cursor" variant (a page at a random depth, issue 25).
KEYSET_LISTS = {
    name: sql
    for names, sql in [
        (("municipal:lost-items", "municipal:api-lost-items"),
         "SELECT found_on, id FROM municipal_lostitem"),
        (("my-notices", "api-notifications"),
         "SELECT created_at, id FROM notifications_notification"),
        (("appeal-notices", "api-appeals"),
         "SELECT c.opened_at, c.id FROM cases_case c"
         " JOIN appeal_appealcase a ON a.case_ptr_id = c.id"),
    ]
    for name in names
}


def _keyset_variants(route: Route, s: Samples) -> dict[str, list[str]]:
    from core.paging import Cursor

    base = route.path({})
    s.cursor.execute(f"{KEYSET_LISTS[route.name]} ORDER BY random() LIMIT {s.count}")
    cursors = [Cursor(tuple(row)).encode() for row in s.cursor.fetchall()]
    out = {"first page": [base]}
    if cursors:
        out["page by cursor"] = _queries(base, [{"cursor": c} for c in cursors])
    return out


def kind_of(route: Route, label: str) -> str:
    if "search" in route.name:
        return "search"
    if route.name == "workspace-export" or route.pattern.endswith((".pdf", ".csv")):
        return "export"
    if route.name.startswith("admin:"):
        return "admin"
    return "api" if route.pattern.startswith("api/") else "page"


# Targets of issue 25 on the p95 ratio at the larger size, by route (first match wins),
# and for every other page and API route.
P95_TARGETS: tuple[tuple[Callable[[Target], bool], float, str], ...] = (
    (lambda t: t.route in ("case", "api-case"), 2.0, "case page/API ≤ 2×"),
    (lambda t: t.route.startswith(("verify", "api-verify")), 2.0, "verification ≤ 2×"),
    (lambda t: t.route in ("queue", "api-cases"), 3.0, "queue ≤ 3×"),
    (lambda t: t.kind == "search", 4.0, "search ≤ 4×"),
    (lambda t: t.kind in ("page", "api", "admin"), 4.0, "page/API ≤ 4×"),
)
GROWTH_TARGET = 0.25


def p95_target(target: Target) -> tuple[float, str] | None:
    for matches, limit, text in P95_TARGETS:
        if matches(target):
            return limit, text
    return None
