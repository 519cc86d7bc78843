"""A case's overdue flag by its kind's rule, stored so the queue reads it from an index.

A kind declares when its cases are overdue whatever their deadlines say
(`Workflow.overdue_states`, `Workflow.overdue_lookup`: an IM that expired without a
renewal). The rule is evaluated when the case or what the rule reads changes — in
`case_step` for every transition, and by the kind's own steps that change what its lookup
reads (the renewal cycle's expiry, a new IM) — and stored in `Case.overdue_by_rule`. The
nightly `cases_overdue_refresh` recomputes the flag for every open case as a safety net.

"A deadline has passed" is not stored: it is `next_due_on < today`, which needs no
refresh when the day changes.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db.models import Case as SqlCase
from django.db.models import Exists, F, OuterRef, Q, Value, When

from cases.models import Case
from cases.workflow import Workflow, all_workflows, workflow_for


def overdue_by_rule(case: Case, workflow: Workflow | None = None) -> bool:
    """Whether the kind's rule holds the case overdue now (an open case only)."""
    return overdue_by_rule_all([case], workflow or workflow_for(case.kind))[0]


def overdue_by_rule_all(cases: Sequence[Case], workflow: Workflow) -> list[bool]:
    """`overdue_by_rule` for many cases of one kind, with at most one query."""
    flagged: set[int] = set()
    lookup_for = [
        c.pk for c in cases if c.closed_at is None and c.state not in workflow.overdue_states
    ]
    if workflow.overdue_lookup and lookup_for:
        flagged = set(
            Case.objects.filter(pk__in=lookup_for, **workflow.overdue_lookup).values_list(
                "pk", flat=True
            )
        )
    return [
        case.closed_at is None and (case.state in workflow.overdue_states or case.pk in flagged)
        for case in cases
    ]


def case_overdue_refresh(*, case: Case) -> bool:
    """Store the rule's answer for one case, in the caller's transaction; returns it."""
    flag = overdue_by_rule(case)
    if flag != case.overdue_by_rule:
        Case.objects.filter(pk=case.pk).update(overdue_by_rule=flag)
        case.overdue_by_rule = flag
    return flag


def _rule_condition() -> Q:
    condition = Q(pk__in=[])
    for workflow in all_workflows():
        if workflow.overdue_states:
            condition |= Q(kind=workflow.kind, state__in=list(workflow.overdue_states))
        if workflow.overdue_lookup:
            matching = Case.objects.filter(pk=OuterRef("pk"), **workflow.overdue_lookup)
            condition |= Q(kind=workflow.kind) & Q(Exists(matching))
    return condition


def cases_overdue_refresh() -> int:
    """Recompute the flag of every open case in one statement; the number corrected."""
    rule = SqlCase(When(_rule_condition(), then=Value(True)), default=Value(False))
    open_cases = Case.objects.filter(closed_at__isnull=True)
    wrong = open_cases.annotate(rule=rule).exclude(rule=F("overdue_by_rule"))
    ids = list(wrong.values_list("pk", flat=True))
    if ids:
        Case.objects.filter(pk__in=ids).update(overdue_by_rule=rule)
    # A closed case is never overdue.
    closed = Case.objects.filter(closed_at__isnull=False, overdue_by_rule=True).update(
        overdue_by_rule=False
    )
    return len(ids) + closed
