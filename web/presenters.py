"""What a page row shows, computed once per row: the queue's template draws each row's
values (web/templates/web/queue.html)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Model

from accounts.display import person_label
from cases.models import Case
from cases.selectors import case_is_overdue
from cases.workflow import state_label
from core.paths import pk_path


@dataclass(frozen=True, slots=True)
class QueueRow:
    url: str
    number: str
    kind: str
    state: str
    applicant: str
    assignee: str
    due: str  # dd/mm/aaaa, or "" with no pending deadline
    late: bool
    failed: bool


def queue_rows(cases: Iterable[Case], today: dt.date) -> list[QueueRow]:
    return [
        QueueRow(
            url=pk_path("case", case.pk),
            number=case.number,
            kind=case.get_kind_display(),
            state=state_label(case.kind, case.state),
            applicant=case.applicant.name if case.applicant_id else "",
            # Staff only: the name without the body, read with the row (no query per row).
            assignee=person_label(case.assignee, with_role=False) if case.assignee_id else "",
            due=case.next_due_on.strftime("%d/%m/%Y") if case.next_due_on else "",
            late=case_is_overdue(case, today),
            failed=bool(getattr(case, "has_failed_deadline", False)),
        )
        for case in cases
    ]


@dataclass(frozen=True, slots=True)
class CaseLists:
    """Which of a case's side lists have any row (whoever may see them)."""

    documents: bool
    official_documents: bool
    notifications: bool
    inspections: bool


def case_list_probes() -> dict[str, type[Model]]:
    """What the case page asks with the case (`case_visible(probes=)`): which of its side
    lists have any row, so the page reads (through their scoped selectors) only those.
    Most cases have no letter, no inspection and no document of their own, and each list
    read costs a query."""
    from cases.models import Document
    from documents.models import OfficialDocument
    from inspections.models import Inspection
    from notifications.models import Notification

    return {
        "documents": Document,
        "official_documents": OfficialDocument,
        "notifications": Notification,
        "inspections": Inspection,
    }


def case_lists(case: Case) -> CaseLists:
    """The side lists of a case read with `case_list_probes`."""
    return CaseLists(
        **{name: getattr(case, f"has_{name}") for name in case_list_probes()}
    )
