"""Who may see which cases — decided here once, for pages, the API and exports alike."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import BooleanField, Count, ExpressionWrapper, F, Min, Q, QuerySet

from accounts.models import User
from accounts.roles import STAFF_ROLES, Role, roles_of
from cases.models import AuditEvent, Case, Deadline
from cases.workflow import all_workflows, workflow_for


def cases_visible_to(user: User | None) -> QuerySet[Case]:
    if user is None or not user.is_authenticated:
        return Case.objects.none()
    roles = roles_of(user)
    if roles & (STAFF_ROLES - {Role.COMMISSION_MEMBER}):
        return Case.objects.all()
    # Every other staff role sees every kind; the commission what each kind's table says
    # it decides; a driver his own cases and what a kind's lookups reach.
    scope = Q(pk__in=[])
    if Role.COMMISSION_MEMBER in roles:
        scope |= Q(kind__in=[w.kind for w in all_workflows() if w.commission_sees])
        for workflow in all_workflows():
            for lookup in workflow.commission_scope:
                reached = Case.objects.filter(**{f"{lookup}__isnull": False}).values("pk")
                scope |= Q(kind=workflow.kind, pk__in=reached)
    if Role.DRIVER in roles:
        scope |= Q(applicant__user=user) | Q(authorization__holder__user=user)
        for workflow in all_workflows():
            for lookup in workflow.driver_scope:
                scope |= Q(kind=workflow.kind, **{lookup: user})
    return Case.objects.filter(scope)


@dataclass(frozen=True)
class QueueFilter:
    kind: str = ""
    state: str = ""
    assignee: str = ""  # "", "me", "none" or a user id
    urgency: str = ""  # "", "overdue", "week"


def case_queue(*, user: User, filters: QueueFilter, today: dt.date) -> QuerySet[Case]:
    """Open cases ordered by nearest pending deadline; overdue ones first."""
    pending = Q(deadlines__state=Deadline.State.PENDING)
    rows = (
        cases_visible_to(user)
        .filter(closed_at__isnull=True)
        .select_related("applicant", "assignee", "authorization")
        .annotate(
            next_due=Min("deadlines__due_on", filter=pending),
            failed_deadlines=Count("deadlines", filter=Q(deadlines__state=Deadline.State.FAILED)),
            # Computed here, not per row: a kind's overdue lookup may join its own table.
            in_overdue_state=ExpressionWrapper(_in_overdue_states(), output_field=BooleanField()),
        )
    )
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
    if filters.urgency == "overdue":
        rows = rows.filter(Q(next_due__lt=today) | _in_overdue_states())
    elif filters.urgency == "week":
        rows = rows.filter(next_due__lte=today + dt.timedelta(days=7))

    return rows.order_by(F("next_due").asc(nulls_last=True), "opened_at", "id")


def _in_overdue_states() -> Q:
    condition = Q(pk__in=[])
    for workflow in all_workflows():
        if workflow.overdue_states:
            condition |= Q(kind=workflow.kind, state__in=list(workflow.overdue_states))
        if workflow.overdue_lookup:
            condition |= Q(kind=workflow.kind, **workflow.overdue_lookup)
    return condition


def case_is_overdue(case: Case, today: dt.date) -> bool:
    due = getattr(case, "next_due", None)
    if due is not None and due < today:
        return True
    annotated = getattr(case, "in_overdue_state", None)
    if annotated is not None:
        return bool(annotated)
    workflow = workflow_for(case.kind)
    if case.state in workflow.overdue_states:
        return True
    return bool(
        workflow.overdue_lookup
        and Case.objects.filter(pk=case.pk, **workflow.overdue_lookup).exists()
    )


def case_timeline(case: Case) -> QuerySet[AuditEvent]:
    return case.events.select_related("actor").order_by("at", "id")


def case_get_for(user: User, pk: int) -> Case:
    """The case if the user may see it (raises Case.DoesNotExist otherwise)."""
    return (
        cases_visible_to(user)
        .select_related("applicant", "authorization", "authorization__vehicle", "assignee")
        .get(pk=pk)
    )
