"""Who may see which cases — decided here once, for pages, the API and exports alike."""

from __future__ import annotations

import datetime as dt
import math
import time
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cache
from typing import TypeVar

from django.conf import settings
from django.core.exceptions import EmptyResultSet
from django.db import connection
from django.db.models import (
    BooleanField,
    Exists,
    F,
    Func,
    Max,
    Model,
    OuterRef,
    Q,
    QuerySet,
)
from django.db.models.lookups import GreaterThan, LessThan
from django.db.models.query import RawQuerySet
from django.utils import timezone

from accounts.models import User
from accounts.policy import HANDLING, JUDGING, OWNER, PARTY, Record, relations_granted
from accounts.roles import STAFF_ROLES, Role, roles_of
from cases.facts import fact_relations
from cases.models import AuditEvent, Case, Deadline, Document, ProcessingTime, queue_due_key
from cases.workflow import all_workflows, workflow_for
from core.db import rows_by_key
from core.paging import BadCursor as BadCursor  # re-exported: the queue's callers catch it
from core.paging import Cursor

_Row = TypeVar("_Row", bound=Model)

URGENT_DAYS = 7
"""The queue's "due soon": within a week (a work screen's horizon, not a legal term)."""


def cases_visible_to(user: User | None) -> QuerySet[Case]:
    """The cases `user` may open, as the access policy's row for cases says
    (accounts.policy): every case for the staff who handle them, what it judges for the
    commission, a driver's own and those naming him."""
    if user is None or not user.is_authenticated:
        return Case.objects.none()
    scope = _case_scope(user)
    return Case.objects.all() if scope is None else Case.objects.filter(scope)


def _case_scope(user: User, kind: str | None = None) -> Q | None:
    """What a case must be for `user` to see it (None: anything), of the cases of `kind`
    when given: the commission sees all of a kind it decides and none of a kind its cases
    reach nothing of, which is known before any row is read."""
    relations = relations_granted(user, Record.CASE)
    if HANDLING in relations:
        return None
    scope = Q(pk__in=[])
    if JUDGING in relations:
        workflow = workflow_for(kind) if kind is not None else None
        if workflow is not None and workflow.commission_sees:
            return None
        if workflow is None or workflow.commission_scope:
            scope |= cases_judged()
    if OWNER in relations or PARTY in relations:
        scope |= _own_cases(user, owner=OWNER in relations, party=PARTY in relations)
    return scope


def cases_of_person(user: User | None) -> QuerySet[Case]:
    """The cases that are `user`'s own as a person — his requests, his Termo's, those
    naming him — whatever his role: the portal's "my cases". A clerk's portal lists his
    own, not the municipality's (which his queue shows)."""
    if user is None or not user.is_authenticated:
        return Case.objects.none()
    return Case.objects.filter(_own_cases(user, owner=True, party=True))


def _own_cases(user: User, *, owner: bool, party: bool) -> Q:
    # One indexed lookup per path, united, then the cases by primary key: an OR of the
    # joins would make PostgreSQL join every case before filtering (issue 13).
    paths = []
    if owner:
        paths += [
            Case.objects.filter(applicant__user=user).values("pk").order_by(),
            Case.objects.filter(authorization__holder__user=user).values("pk").order_by(),
        ]
    if party:
        for workflow in all_workflows():
            for lookup in workflow.driver_scope:
                reached = Case.objects.filter(kind=workflow.kind, **{lookup: user})
                paths.append(reached.values("pk").order_by())
    if not paths:
        return Q(pk__in=[])
    return Q(pk__in=paths[0].union(*paths[1:]))


def cases_judged() -> Q:
    """The cases before the appeal commission (Art. 52): the kinds it decides, and what
    each kind's table says it reaches (the notice behind an appeal) — the rule as
    `Case.before_commission` stores it (cases.services.commission). One column, which the
    commission's partial indexes hold: as the rule itself, an OR over the kinds and the
    appeals' notices, each of its lists and counts tested a sixth of the cases (issue 25)."""
    return Q(before_commission=True)


def _sees_every_case(roles: frozenset[str]) -> bool:
    return bool(roles & (STAFF_ROLES - {Role.COMMISSION_MEMBER}))


# The largest primary key PostgreSQL's bigint holds: beyond, no case has it.
_PK_MAX = 2**63 - 1


# What a case page asks besides its case: whether the case has rows of a model (by the
# model's `case` key), as `has_<name>` → model.
Probes = Mapping[str, type[Model]]


@cache
def _probe_statement(vendor: str, probes: tuple[tuple[str, type[Model]], ...], kind: bool) -> str:
    """A case's probes by its key — whether it has rows of each probed model — and its
    `kind` when asked: one statement, written once per set of probes (and per database:
    its quoting), where Django would compile a subquery a probe at each request."""
    del vendor  # the cache's key: the quoting below is the connection's
    quote = connection.ops.quote_name
    columns = ["c.kind"] if kind else []
    columns += [
        f"EXISTS(SELECT 1 FROM {quote(model._meta.db_table)} AS probed"
        f" WHERE probed.{quote(model._meta.get_field('case').column)} = c.id)"
        for _name, model in probes
    ]
    return f"SELECT {', '.join(columns)} FROM {quote(Case._meta.db_table)} AS c WHERE c.id = %s"


def _by_key(statement: str, pk: int) -> tuple[object, ...] | None:
    with connection.cursor() as cursor:
        cursor.execute(statement, [pk])
        return cursor.fetchone()


def _kind_of(user: User | None, pk: int, probes: Probes) -> tuple[str, dict[str, bool]] | None:
    """The kind of case `pk` if `user` may see it, and its `probes` (`has_<name>`). This
    read opens every case page and case API request: staff who see every case read the
    kind and the probes in one statement written once (`_probe_statement`); anyone else
    reads the kind through his scope, then the probes of the case he may see."""
    names = [f"has_{name}" for name in probes]
    if user is not None and user.is_authenticated and _sees_every_case(roles_of(user)):
        if not 0 < pk <= _PK_MAX:
            return None
        row = _by_key(_probe_statement(connection.vendor, tuple(probes.items()), True), pk)
    else:
        rows = cases_visible_to(user).filter(pk=pk).order_by().values_list("kind", flat=True)
        kind = next(iter(rows[:1]), None)
        if kind is None:
            return None
        found = (
            _by_key(_probe_statement(connection.vendor, tuple(probes.items()), False), pk)
            if probes
            else ()
        )
        if found is None:
            return None  # gone since its kind was read
        row = (kind, *found)
    if row is None:
        return None
    return str(row[0]), {name: bool(value) for name, value in zip(names, row[1:], strict=True)}


def case_visible(
    user: User | None,
    pk: int,
    *,
    probes: Probes | None = None,
    assignee: bool = True,
) -> Case | None:
    """Case `pk` as its kind's model, with the people and the authorization its pages
    show read along, if `user` may see it (None otherwise, as for a case that does not
    exist). Two indexed reads whatever the kind; `probes`, which of the case's side lists
    the caller would read (`has_<name>` on the case, asked in the first: most cases have
    no letter, inspection or document of their own, and a page that reads a list only
    when it has rows spares a statement); `assignee`: his account read along (the API
    shows his username; the page names him with everyone else it names,
    `accounts.display.person_labels`)."""
    found = _kind_of(user, pk, probes or {})
    if found is None:
        return None
    kind, has = found
    # The holder is not joined: the pages show the Termo's number and status, and the
    # LGPD log reads the holder only when he is not the applicant (each join here costs
    # Django more to compile than PostgreSQL to run). The kind's related facts are
    # joined: the case API and the page draw each of them (one statement apiece else).
    model = workflow_for(kind).model
    people = ("applicant", "assignee") if assignee else ("applicant",)
    rows = model.objects.select_related(*people, "authorization", *fact_relations(model))
    case = next(iter(rows.filter(pk=pk).order_by()[:1]), None)
    if case is not None:
        for name, value in has.items():
            setattr(case, name, value)
    return case


@dataclass(frozen=True)
class QueueFilter:
    kind: str = ""
    state: str = ""
    assignee: str = ""  # "", "me", "none" or a user id
    urgency: str = ""  # "", "overdue", "week"


# A page of the queue; the API may ask for up to QUEUE_PAGE_MAX rows.
QUEUE_PAGE_SIZE = 50
QUEUE_PAGE_MAX = 200
# Counting every match would scan them: the count stops here and says "more than".
COUNT_CAP = 1000


_QUEUE_CURSOR = (dt.date, dt.datetime, int)
_HISTORY_CURSOR = (dt.datetime, int)


@dataclass(frozen=True)
class Page:
    rows: list[Case]
    next_cursor: str | None
    count: int  # exact when not `count_capped`, else COUNT_CAP
    count_capped: bool


def _row(*values: object) -> Func:
    return Func(*values, function="ROW", output_field=BooleanField())


# What a list row shows (the queue page's web.presenters.QueueRow, the API's CaseOutput),
# and nothing more: a page of fifty builds three model instances a row, and every column
# loaded is one more value converted and set on each (a third of the queue API's time).
LIST_ROW_FIELDS = (
    "number", "kind", "state", "opened_at", "closed_at", "next_due_on", "overdue_by_rule",
    "applicant__name", "assignee__username", "assignee__first_name", "assignee__last_name",
)


def _list_rows(rows: QuerySet[Case]) -> QuerySet[Case]:
    failed = Deadline.objects.filter(case=OuterRef("pk"), state=Deadline.State.FAILED)
    return (
        rows.select_related("applicant", "assignee")
        .only(*LIST_ROW_FIELDS)
        .annotate(has_failed_deadline=Exists(failed))
    )


def case_queue(*, user: User, filters: QueueFilter, today: dt.date) -> QuerySet[Case]:
    """Open cases ordered by nearest pending deadline (no deadline last), then age.

    Every filter and the order are served by a partial index on open cases
    (`Case.Meta.indexes`): the next due date and the overdue flag are columns of the case,
    kept by the services that change them."""
    return _list_rows(_queue_cases(user=user, filters=filters, today=today))


def _queue_cases(*, user: User, filters: QueueFilter, today: dt.date) -> QuerySet[Case]:
    """The queue's cases in its order, without what a row shows (what its counts walk)."""
    rows = cases_visible_to(user).filter(closed_at__isnull=True).annotate(due_key=queue_due_key())
    if filters.kind:
        rows = rows.filter(kind=filters.kind)
    if filters.state:
        rows = rows.filter(state=filters.state)
    if filters.assignee == "me":
        rows = rows.filter(assignee=user)
    elif filters.assignee == "none":
        rows = rows.filter(assignee__isnull=True)
    elif filters.assignee.isdigit():
        rows = rows.filter(assignee_id=int(filters.assignee))
    # On the order's first column, not on `next_due_on`: the same dates (no deadline is
    # the last day there is), but a range the index can stop at.
    if filters.urgency == "overdue":
        rows = rows.filter(Q(due_key__lt=today) | Q(overdue_by_rule=True))
    elif filters.urgency == "week":
        rows = rows.filter(due_key__lte=today + dt.timedelta(days=URGENT_DAYS))
    return rows.order_by("due_key", "opened_at", "id")


def case_queue_count(*, user: User, filters: QueueFilter, today: dt.date) -> tuple[int, bool]:
    """How many cases the queue holds, up to COUNT_CAP (and whether there are more), in one
    statement that reads each list's index in the queue's order and stops at the cap or at
    the end of its range — never the whole queue."""
    if filters.assignee == "me":  # his own: the statement names him
        return capped_counts(queue_count_lists(user=user, filters=filters, today=today))[0]
    statement = shared_count_statement(
        user,
        ("queue", filters, today),
        lambda: count_statement(queue_count_lists(user=user, filters=filters, today=today)),
    )
    return statement.run()[0]


def queue_count_lists(
    *, user: User, filters: QueueFilter, today: dt.date
) -> list[QuerySet[Case]]:
    """Disjoint lists whose counts add up to the queue's. The overdue list is two: past
    the date (a range of the order's index), and held by the kind's rule while not past it
    (its own partial index); as one OR, the count would walk every open case to be sure."""
    if filters.urgency != "overdue":
        return [_queue_cases(user=user, filters=filters, today=today)]
    every = _queue_cases(user=user, filters=replace(filters, urgency=""), today=today)
    return [every.filter(due_key__lt=today), every.filter(overdue_by_rule=True, due_key__gte=today)]


@dataclass(frozen=True)
class CountStatement:
    """Capped counts asked in one statement: each group's count up to COUNT_CAP and
    whether it has more (`run`)."""

    sql: str
    params: tuple[object, ...]
    sizes: tuple[int, ...]

    def run(self) -> list[tuple[int, bool]]:
        with connection.cursor() as cursor:
            cursor.execute(self.sql, self.params)
            counts = list(cursor.fetchone())
        result = []
        for size in self.sizes:
            total, counts = sum(counts[:size]), counts[size:]
            result.append((min(total, COUNT_CAP), total > COUNT_CAP))
        return result


def count_statement(*groups: QuerySet[Case] | list[QuerySet[Case]]) -> CountStatement:
    """The statement of `capped_counts`. A group is a list, or disjoint lists whose counts
    add up; each list is counted in its own order (an index walked until the cap), so a
    list should be ordered as its index is."""
    parts: list[str] = []
    params: list[object] = []
    sizes: list[int] = []
    for group in groups:
        lists = group if isinstance(group, list) else [group]
        sizes.append(len(lists))
        for rows in lists:
            try:
                sql, values = rows.values("pk")[: COUNT_CAP + 1].query.sql_with_params()
            except EmptyResultSet:  # `none()`: a list this user has none of
                parts.append("0")
                continue
            parts.append(f"(SELECT COUNT(*) FROM ({sql}) AS capped_{len(parts)})")
            params += values
    return CountStatement("SELECT " + ", ".join(parts), tuple(params), tuple(sizes))


def capped_counts(*groups: QuerySet[Case] | list[QuerySet[Case]]) -> list[tuple[int, bool]]:
    """Each group's count up to COUNT_CAP and whether it has more, in one statement."""
    return count_statement(*groups).run()


# Count statements of lists that are the same for everyone who shares a scope (every case;
# the cases before the commission), built once a day (their date is a parameter) by each
# process: building the queue's counts — five lists for its header — cost Django more than
# PostgreSQL takes to count them (issue 25).
_KEPT_STATEMENTS: dict[Hashable, CountStatement] = {}
_KEPT_MAX = 64


def _shared_scope(user: User) -> str | None:
    """A name for `user`'s case scope (`_case_scope`) when it is the same for everyone who
    has it; None when it names him (a driver's own cases, a member's who is also a party)."""
    relations = relations_granted(user, Record.CASE)
    if HANDLING in relations:
        return "every case"
    if relations == {JUDGING}:
        return "before the commission"
    return None


def shared_count_statement(
    user: User, key: Hashable, build: Callable[[], CountStatement]
) -> CountStatement:
    """`build()`, kept under `key` (with the scope, date and cap the statement carries) when
    `user`'s scope is everyone's who shares it — his lists are theirs — built anew
    otherwise. `key` must name everything else `build` depends on."""
    scope = _shared_scope(user)
    if scope is None:
        return build()
    key = (connection.vendor, scope, key, COUNT_CAP)
    kept = _KEPT_STATEMENTS.get(key)
    if kept is None:
        if len(_KEPT_STATEMENTS) >= _KEPT_MAX:
            _KEPT_STATEMENTS.clear()
        kept = _KEPT_STATEMENTS[key] = build()
    return kept


def case_queue_page(
    *,
    user: User,
    filters: QueueFilter,
    today: dt.date,
    cursor: str = "",
    size: int | None = None,
) -> Page:
    """One page of the queue after `cursor` (raises BadCursor), with a capped count.

    Two queries whatever the size (three for the overdue filter): the rows, and the count;
    the count is not asked when the first page holds the whole list.
    """
    size = max(1, min(size or QUEUE_PAGE_SIZE, QUEUE_PAGE_MAX))
    rows = case_queue(user=user, filters=filters, today=today)
    if cursor:
        after = Cursor.decode(cursor, *_QUEUE_CURSOR)
        rows = rows.filter(
            GreaterThan(_row(queue_due_key(), F("opened_at"), F("id")), _row(*after.values))
        )
    if filters.urgency == "overdue":
        # "Past its date or held by its kind's rule": two index ranges merged here, since
        # one OR would make PostgreSQL sort every overdue case for each page.
        by_date = list(rows.filter(due_key__lt=today)[: size + 1])
        by_rule = list(rows.filter(overdue_by_rule=True)[: size + 1])
        merged = {case.pk: case for case in [*by_date, *by_rule]}
        page = sorted(merged.values(), key=lambda c: (c.due_key, c.opened_at, c.pk))
        page = page[: size + 1]
    else:
        page = list(rows[: size + 1])
    more = len(page) > size
    page = page[:size]
    last = page[-1] if page and more else None
    if not cursor and not more:
        # The whole list is its first page (a driver's few cases): its rows are its count.
        count, capped = min(len(page), COUNT_CAP), len(page) > COUNT_CAP
    else:
        count, capped = case_queue_count(user=user, filters=filters, today=today)
    return Page(
        rows=page,
        next_cursor=Cursor((last.due_key, last.opened_at, last.pk)).encode() if last else None,
        count=count,
        count_capped=capped,
    )


def case_history_page(*, user: User, cursor: str = "", size: int | None = None) -> Page:
    """Every case the user may see, open or closed, newest first, one page after `cursor`."""
    size = max(1, min(size or QUEUE_PAGE_SIZE, QUEUE_PAGE_MAX))
    rows = _list_rows(cases_visible_to(user)).order_by("-opened_at", "-id")
    if cursor:
        before = Cursor.decode(cursor, *_HISTORY_CURSOR)
        rows = rows.filter(LessThan(_row(F("opened_at"), F("id")), _row(*before.values)))
    page = list(rows[: size + 1])
    more = len(page) > size
    page = page[:size]
    last = page[-1] if page and more else None
    [(count, capped)] = capped_counts(cases_visible_to(user).order_by("-opened_at", "-id"))
    return Page(
        rows=page,
        next_cursor=Cursor((last.opened_at, last.pk)).encode() if last else None,
        count=count,
        count_capped=capped,
    )


def case_is_overdue(case: Case, today: dt.date) -> bool:
    """Past its next due date, or held overdue by its kind's rule; no query."""
    if case.closed_at is not None:
        return False
    return case.overdue_by_rule or (case.next_due_on is not None and case.next_due_on < today)


def case_timeline(case: Case) -> RawQuerySet[AuditEvent]:
    """The case's audit events, oldest first. Who acted is his `actor_id`: the page and the
    API name everyone they show at once (`accounts.display.person_labels`). Read by a
    statement written once (`core.db.rows_by_key`), as are the case's other lists below:
    every case page and case API request reads them."""
    return rows_by_key(AuditEvent, "case", case.pk, order=("at", "id"))


def authorization_open_cases(
    authorization_id: int, kinds: Iterable[str], exclude: Case | None = None
) -> list[Case]:
    """The open cases of `kinds` about one authorization (other than `exclude`), oldest
    first, each with who filed it: what may still act on the authorization (a cancellation
    asks which block it, a transfer which hold it)."""
    rows = Case.objects.filter(
        authorization_id=authorization_id, kind__in=list(kinds), closed_at__isnull=True
    ).select_related("filed_by")
    if exclude is not None:
        rows = rows.exclude(pk=exclude.pk)
    return list(rows.order_by("opened_at", "id"))


def case_deadlines(case: Case) -> RawQuerySet[Deadline]:
    """Every deadline row of the case (pending, met, cancelled, failed), soonest first."""
    return rows_by_key(Deadline, "case", case.pk, order=("due_on", "id"))


def case_submitted_documents(case: Case) -> RawQuerySet[Document]:
    """The files sent for the case's checklist items, in the order they arrived."""
    return rows_by_key(Document, "case", case.pk, order=("uploaded_at", "id"))


def within_visible_cases(
    rows: QuerySet[_Row], user: User | None, *, case: str = "case", of_case: int | None = None
) -> QuerySet[_Row]:
    """`rows` narrowed to those whose case (the relation `case`, or "pk" for a case kind's
    own rows) `user` may see: the one scope every list of case-bound rows goes through.
    `of_case`: only the rows of that case, the scope asked of it alone.

    For the staff who see every case there is no filter: `case_id IN (every case)` is always
    true and makes PostgreSQL read every case id before the first row (issue 25)."""
    if of_case is not None:
        rows = rows.filter(**{case: of_case})
    if sees_every_case(user):
        # One case's rows have a case; a list's must not be those of none.
        bound = case == "pk" or of_case is not None
        return rows if bound else rows.filter(**{f"{case}__isnull": False})
    visible = cases_visible_to(user)
    if of_case is not None:
        # One case: the scope asked of it by its key, not the list of every case the user
        # sees (the commission's, 1,001 ids read to learn it is a long one; issue 25).
        return rows.filter(**{f"{case}__in": visible.filter(pk=of_case).values("pk")})
    kind = getattr(rows.model, "KIND", None) if case == "pk" else None
    if kind is not None and user is not None and user.is_authenticated:
        # A kind's own rows: the scope of that kind, which for the commission is all of
        # an appeal's or none of an application's — as the whole scope, PostgreSQL read
        # every case before the commission to find the applications among them (issue 25).
        scope = _case_scope(user, kind)
        if scope is None:
            return rows
        visible = Case.objects.filter(scope)
    visible = visible.order_by().values_list("pk", flat=True)
    # A driver's few cases are handed on as a list: as a subquery PostgreSQL joins every
    # row of `rows` (and what it selects along) before it learns that four remain.
    few = list(visible[: VISIBLE_AS_LIST + 1])
    if len(few) <= VISIBLE_AS_LIST:
        return rows.filter(**{f"{case}__in": few})
    return rows.filter(**{f"{case}__in": visible})


VISIBLE_AS_LIST = 1000
"""Up to this many visible cases, `within_visible_cases` filters by their list of ids."""


def sees_every_case(user: User | None) -> bool:
    """Whether `cases_visible_to(user)` is every case: a read for such a user needs no
    scope, and an always-true scope over a million ids costs more than the read (issue 25)."""
    return bool(user is not None and user.is_authenticated and _sees_every_case(roles_of(user)))


@dataclass(frozen=True)
class Outlook:
    """When an open case is expected to be decided, and where it stands in line (issue 24
    §2): from the day it entered its state, the days the closed cases of its kind took from
    that state to their decision (median and 90th percentile, `ProcessingTime`), and the
    legal deadline running on it, if any."""

    entered_on: dt.date
    samples: int = 0
    expected_on: dt.date | None = None
    latest_on: dt.date | None = None
    # Its place among the open cases of the kind waiting in the same state, by arrival;
    # None when the case waits for its requester or for a date, not for a queue.
    position: int | None = None
    in_line: int | None = None
    legal_due: dt.date | None = None
    legal_article: str = ""
    legal_label: str = ""

    @property
    def line_cap(self) -> int:
        return LINE_COUNT_CAP

    @property
    def line_capped(self) -> bool:
        """More than `LINE_COUNT_CAP` cases wait in the line: its length is not told."""
        return self.in_line is not None and self.in_line > LINE_COUNT_CAP

    @property
    def ahead_capped(self) -> bool:
        """More than `LINE_COUNT_CAP` cases wait ahead: the position is not told."""
        return self.position is not None and self.position > LINE_COUNT_CAP + 1


LINE_COUNT_CAP = 1000
"""A position in line is counted up to this many cases (a municipality's lines are tens)."""


def decision_outlooks(
    cases: list[Case],
    *,
    in_line: set[int] | frozenset[int] = frozenset(),
    nearest: dict[int, Deadline | None] | None = None,
    events: Iterable[AuditEvent] | None = None,
) -> dict[int, Outlook]:
    """The outlook of each open case in `cases`, by primary key; `in_line` names those
    waiting for the administration, whose position in line is counted; `nearest`, each
    case's soonest pending deadline, and `events`, every audit event of the cases, when
    the caller has read them already (the case page). Three reads for the list (one with
    both) and one statement for every line."""
    open_cases = [c for c in cases if c.closed_at is None]
    if not open_cases:
        return {}
    entries: dict[tuple[int, str], dt.datetime] = {}
    if events is None:
        for case_id, to_state, last in (
            AuditEvent.objects.filter(case__in=[c.pk for c in open_cases])
            .exclude(to_state=F("from_state"))
            .order_by()
            .values("case_id", "to_state")
            .annotate(last=Max("at"))
            .values_list("case_id", "to_state", "last")
        ):
            entries[(case_id, to_state)] = last
    else:
        # The same figure from the rows at hand: when the case last entered each state.
        for event in events:
            if event.to_state != event.from_state:
                key = (event.case_id, event.to_state)
                if key not in entries or event.at > entries[key]:
                    entries[key] = event.at
    measured = measured_times()
    if nearest is None:
        nearest = {}
        for deadline in Deadline.objects.filter(
            case__in=[c.pk for c in open_cases], state=Deadline.State.PENDING
        ).order_by("-due_on", "-id"):
            nearest[deadline.case_id] = deadline  # the soonest is written last
    lines = _places_in_line([c for c in open_cases if c.pk in in_line])
    result: dict[int, Outlook] = {}
    for case in open_cases:
        since = entries.get((case.pk, case.state)) or case.opened_at
        entered_on = timezone.localtime(since).date()
        time = measured.get((case.kind, case.state))
        position, total = lines.get(case.pk, (None, None))
        deadline = nearest.get(case.pk)
        result[case.pk] = Outlook(
            entered_on=entered_on,
            samples=time.samples if time else 0,
            expected_on=entered_on + dt.timedelta(days=math.ceil(time.median_days))
            if time
            else None,
            latest_on=entered_on + dt.timedelta(days=time.p90_days) if time else None,
            position=position,
            in_line=total,
            legal_due=deadline.due_on if deadline else None,
            legal_article=deadline.article if deadline else "",
            legal_label=deadline.label if deadline else "",
        )
    return result


# A line's first LINE_COUNT_CAP + 1 cases by arrival, read from `case_line_idx` alone: how
# many there are, and how many of them arrived before the case (its place, up to the cap).
_LINE_SQL = (
    "SELECT %s, COUNT(*), COUNT(*) FILTER (WHERE (line.opened_at, line.id) < (%s, %s))"
    " FROM (SELECT opened_at, id FROM {table} WHERE closed_at IS NULL AND kind = %s"
    " AND state = %s ORDER BY opened_at, id LIMIT %s) AS line"
)


def _places_in_line(cases: list[Case]) -> dict[int, tuple[int, int]]:
    """Each case's (position, cases in line) among the open cases of its kind waiting in
    its state, by arrival, both counted up to the cap (past it the page says "more than",
    and the count's cost stays bounded however long the line grows: issue 25).

    One statement for every case: the line's first LINE_COUNT_CAP + 1 cases in order tell
    both figures, the cases ahead being the first of them. Counted apart, the line and the
    cases ahead were two walks of the index per case and two statements (issue 25)."""
    if not cases:
        return {}
    sql = _LINE_SQL.format(table=Case._meta.db_table)
    params: list[object] = []
    for case in cases:
        arrived = connection.ops.adapt_datetimefield_value(case.opened_at)
        params += [case.pk, arrived, case.pk, case.kind, case.state, LINE_COUNT_CAP + 1]
    with connection.cursor() as cursor:
        cursor.execute(" UNION ALL ".join([sql] * len(cases)), params)
        return {pk: (ahead + 1, total) for pk, total, ahead in cursor.fetchall()}


# What a process read of the measured times, by database: (when, rows by kind and state).
_measured: dict[str, tuple[float, dict[tuple[str, str], ProcessingTime]]] = {}


def measured_times() -> dict[tuple[str, str], ProcessingTime]:
    """Every measured time, by (kind, state). The figures are measured once a night
    (`processing_times_refresh`), and every open case's page and the portal show one: a
    process keeps what it read for PROCESSING_TIMES_KEPT_SECONDS (a statement of its own
    on each of those pages, issue 25), so a page shows a new night's figures that much
    later. The rows are shared: read them, never change them."""
    kept_for = settings.PROCESSING_TIMES_KEPT_SECONDS
    database = connection.settings_dict["NAME"]
    now = time.monotonic()
    kept = _measured.get(database)
    if kept is not None and now - kept[0] < kept_for:
        return kept[1]
    rows = {(t.kind, t.state): t for t in ProcessingTime.objects.all()}
    if kept_for > 0:
        _measured[database] = (now, rows)
    return rows


def processing_times() -> dict[str, dict[str, ProcessingTime]]:
    """Every measured time, by kind then state (the Carta de Serviços)."""
    grouped: dict[str, dict[str, ProcessingTime]] = {}
    for (kind, state), row in sorted(measured_times().items()):
        grouped.setdefault(kind, {})[state] = row
    return grouped
