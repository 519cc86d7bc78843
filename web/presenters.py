"""What a page row shows, computed once per row: the queue's template draws each row's
values (web/templates/web/queue.html)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Model
from django.utils import timezone
from django.utils.html import format_html

from accounts.display import person_label
from cases.models import Case
from cases.selectors import case_is_overdue
from cases.workflow import state_label
from core.paths import pk_path
from law.i18n import format_date


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
class CaseListRow:
    """A case as the lists of cases show it (workspace/_case_rows.html: the search, the
    commission's decisions, a register file)."""

    url: str
    number: str
    kind: str
    state: str
    applicant_url: str  # "" for a case without an applicant
    applicant: str
    opened: str  # dd/mm/aaaa, local time
    closed: str  # dd/mm/aaaa, or "" while open

    def __html__(self) -> str:
        """The row's `<tr>`, every value escaped: written here, as Django's admin writes
        its lists' cells, since fifty rows through the template engine's nodes were a
        tenth of a broad search's page (issue 25)."""
        applicant = (
            format_html('<a href="{}">{}</a>', self.applicant_url, self.applicant)
            if self.applicant_url
            else "—"
        )
        return format_html(
            '<tr><td><a href="{}">{}</a></td><td>{}</td><td>{}</td>'
            '<td class="hide-sm">{}</td><td class="hide-sm">{}</td>'
            '<td class="hide-sm">{}</td></tr>',
            self.url,
            self.number,
            self.kind,
            self.state,
            applicant,
            self.opened,
            self.closed or "—",
        )

    __str__ = __html__


def case_list_rows(cases: Iterable[Case]) -> list[CaseListRow]:
    """Each case's row, its kind's and state's labels translated once per page: fifty rows
    drawn by the template's tags and filters, each label translated again, were two fifths
    of a broad search's page (issue 25)."""
    labels: dict[tuple[str, str], tuple[str, str]] = {}
    rows = []
    for case in cases:
        key = (case.kind, case.state)
        if key not in labels:
            labels[key] = (case.get_kind_display(), state_label(case.kind, case.state))
        kind, state = labels[key]
        rows.append(
            CaseListRow(
                url=pk_path("case", case.pk),
                number=case.number,
                kind=kind,
                state=state,
                applicant_url=pk_path("workspace-driver", case.applicant_id)
                if case.applicant_id
                else "",
                applicant=case.applicant.name if case.applicant_id else "",
                opened=_local_day(case.opened_at),
                closed=_local_day(case.closed_at) if case.closed_at else "",
            )
        )
    return rows


def _local_day(moment: dt.datetime) -> str:
    return format_date(timezone.localtime(moment) if timezone.is_aware(moment) else moment)


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
