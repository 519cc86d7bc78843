"""Reads of the complaint kind: who sees complaints. The taxi a complaint names is found by
`workflows.violation.selectors`, as the agent's page finds it."""

from __future__ import annotations

from django.db.models import QuerySet

from accounts.models import User
from accounts.roles import is_staff_member
from cases.selectors import within_visible_cases
from workflows.complaint.models import ComplaintCase, ComplaintState


def complaints_visible_to(user: User) -> QuerySet[ComplaintCase]:
    """Staff who see every case see complaints; drivers and the commission never do."""
    if not is_staff_member(user):
        return ComplaintCase.objects.none()
    return within_visible_cases(ComplaintCase.objects.all(), user, case="pk").select_related(
        "taxi__holder", "taxi__vehicle", "assignee"
    )


def complaints_forwarded_visible_to(user: User) -> QuerySet[ComplaintCase]:
    """Complaints forwarded to the fiscal agents, that the user may see (Art. 39): those a
    notice may be issued from."""
    return complaints_visible_to(user).filter(state=ComplaintState.FORWARDED)


def complaints_forwarded() -> QuerySet[ComplaintCase]:
    return ComplaintCase.objects.filter(state=ComplaintState.FORWARDED)
