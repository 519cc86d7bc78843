"""Where each role lands, and what awaits a role's decision.

"What awaits the mayor" is read from the workflow tables, not listed by hand: a case
awaits a role when it sits in a state from which one of the kind's edges that role may
take leaves. A new kind, or a new mayoral edge, shows up here by itself.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace

from django.db.models import Q, QuerySet
from django.urls import reverse

from accounts.models import User
from accounts.roles import Role, roles_of
from cases.models import Case, CaseKind, Deadline
from cases.selectors import (
    COUNT_CAP,
    URGENT_DAYS,
    CountStatement,
    QueueFilter,
    cases_visible_to,
    count_statement,
    queue_count_lists,
    shared_count_statement,
    within_visible_cases,
)
from cases.workflow import all_workflows
from workflows.violation.models import ViolationNotice
from workspace import search

# A user with several roles lands where the first of them works.
_LANDING = (
    (Role.CLERK, "queue"),
    (Role.MAYOR, "workspace-decisions"),
    (Role.COMMISSION_MEMBER, "workspace-commission"),
    (Role.FISCAL_AGENT, "agent-issue"),
    (Role.ADMINISTRATOR, "workspace-dashboard"),
    (Role.DRIVER, "portal"),
)


def landing_url(user: User) -> str:
    mine = roles_of(user)
    for role, url_name in _LANDING:
        if role in mine:
            return reverse(url_name)
    return reverse("portal")


def states_awaiting(role: str) -> dict[str, frozenset[str]]:
    """Kind → the states from which an edge this role may take leaves (from the tables)."""
    out: dict[str, frozenset[str]] = {}
    for workflow in all_workflows():
        names = {e.name for e in workflow.edges if role in e.roles and not e.internal}
        if not names:
            continue
        state_field = workflow.model._meta.get_field("state")
        sources: set[str] = set()
        for transition in state_field.get_all_transitions(workflow.model):  # type: ignore[attr-defined]
            if transition.name in names and transition.source not in ("*", "+"):
                sources.add(str(transition.source))
        sources -= set(workflow.final_states)
        if sources:
            out[workflow.kind] = frozenset(sources)
    return out


def cases_awaiting(user: User, role: str) -> QuerySet[Case]:
    """Open cases the user may see that wait for an action of `role`, oldest first."""
    condition = Q(pk__in=[])
    for kind, states in states_awaiting(role).items():
        condition |= Q(kind=kind, state__in=sorted(states))
    return (
        cases_visible_to(user)
        .filter(condition, closed_at__isnull=True)
        .select_related("applicant", "authorization", "assignee")
        .order_by("opened_at", "id")
    )


def cases_awaiting_keys(user: User, role: str, *, depth: int) -> QuerySet[Case]:
    """The `(opened_at, id)` of `cases_awaiting(user, role)`, oldest first, for paging: the
    first `depth` of each kind and state, which holds any page and count within `depth`.

    One branch per kind and state, each read in order from `case_line_idx` (kind, state,
    opened_at, id; open cases) and stopped at `depth`, united. As one OR of the kinds'
    states it read every case waiting (36,000 revocations at a million cases) and sorted
    them for fifty (issue 25)."""
    scope = cases_visible_to(user)
    branches = [
        scope.filter(kind=kind, state=state, closed_at__isnull=True)
        .order_by("opened_at", "id")
        .values_list("opened_at", "id")[:depth]
        for kind, states in sorted(states_awaiting(role).items())
        for state in sorted(states)
    ]
    if not branches:
        return scope.none().values_list("opened_at", "id")
    # The branches never share a case (a case has one kind and one state): UNION ALL.
    return branches[0].union(*branches[1:], all=True).order_by("opened_at", "id")


def cases_awaiting_page(user: User, role: str, *, number: int, per_page: int) -> search.Page:
    """Page `number` of `cases_awaiting(user, role)` and its count (to the cap
    `search.page_of` counts to): its keys by `cases_awaiting_keys`, then its cases by primary key,
    with the applicant their rows name, in that order."""
    number = max(1, number)
    depth = max(number * per_page, search.COUNT_CAP + 1)
    keys = cases_awaiting_keys(user, role, depth=depth)
    page = search.page_of(keys, number=number, per_page=per_page)
    ids = [pk for _opened, pk in page.rows]
    # What workspace/_case_rows.html shows of a case and its applicant, not their rows.
    found = (
        Case.objects.filter(pk__in=ids)
        .select_related("applicant")
        .only(*search.CASE_ROW_FIELDS)
        .in_bulk()
    )
    return replace(page, rows=[found[pk] for pk in ids])


def commission_appeals(user: User) -> QuerySet[Case]:
    """Open appeals the commission member may see, with the notice each is about."""
    return (
        cases_visible_to(user)
        .filter(kind=CaseKind.APPEAL, closed_at__isnull=True)
        .select_related("applicant", "appealcase__notice")
        .only(*COMMISSION_ROW_FIELDS)
        .order_by("opened_at", "id")
    )


# What a row of the commission's page shows: the appeal's number, state and day, the
# appellant's name and the notice's number. The whole case, appellant, appeal and notice
# (the notice a case again) were four wide rows a line, a fifth of the page (issue 25).
COMMISSION_ROW_FIELDS = (
    "number",
    "kind",
    "state",
    "opened_at",
    "applicant__name",
    "appealcase__notice",
    "appealcase__notice__number",
)


DECIDED_WITHOUT_ME_DAYS = 30
"""How far back the commission's page shows the appeals decided without the member's vote."""


def decided_without_my_vote(user: User, today: dt.date) -> QuerySet[Case]:
    """Appeals decided in the last `DECIDED_WITHOUT_ME_DAYS` days on which this member did
    not vote: two concurring votes decided before his seat's turn (Art. 52). He sees the
    decision rather than an appeal that vanished from his list (issue 19, item 15)."""
    since = today - dt.timedelta(days=DECIDED_WITHOUT_ME_DAYS)
    return (
        cases_visible_to(user)
        .filter(kind=CaseKind.APPEAL, appealcase__decided_on__gte=since)
        .exclude(appealcase__votes__member=user)
        .select_related("appealcase", "appealcase__notice")
        .order_by("-appealcase__decided_on", "-id")
    )


def notices_issued_by(user: User) -> QuerySet[ViolationNotice]:
    """The violation notices this agent issued, newest first, with the vehicle a row shows.

    Read from the notices' own table (the kind's rows, scoped by `within_visible_cases`):
    the page's count, up to COUNT_CAP, is then the notices' agent index alone. Read as
    cases of the violation kind, it joined each of them to its case (57 ms for the agent
    of 77,000 notices at a million cases, issue 25)."""
    return (
        within_visible_cases(ViolationNotice.objects.filter(agent=user), user, case="pk")
        .select_related("vehicle")
        .order_by("-opened_at", "-id")
    )


@dataclass(frozen=True)
class QueueCounts:
    overdue: int
    week: int
    failed: int
    cap: int = COUNT_CAP
    urgent_days: int = URGENT_DAYS


def queue_counts(user: User, *, today: dt.date) -> QueueCounts:
    """What the clerk's queue holds that is overdue, due within 7 days, or failed."""


    def build() -> CountStatement:
        failing = Deadline.objects.filter(state=Deadline.State.FAILED, case__isnull=False)
        # One statement for the three (the header is on every page of the queue). The
        # failed ones unordered: found from the few failed rows, not by walking the queue.
        return count_statement(
            queue_count_lists(user=user, filters=QueueFilter(urgency="overdue"), today=today),
            queue_count_lists(user=user, filters=QueueFilter(urgency="week"), today=today),
            cases_visible_to(user)
            .filter(closed_at__isnull=True, pk__in=failing.values("case_id"))
            .order_by(),
        )

    statement = shared_count_statement(user, ("queue header", today), build)
    (overdue, _), (week, _), (failed, _) = statement.run()
    return QueueCounts(overdue=overdue, week=week, failed=failed)
