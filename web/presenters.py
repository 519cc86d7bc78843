"""What a page row shows, computed in Python once per row.

The queue renders 50 rows on every request; through the template engine each variable,
tag and filter of a row costs a lookup chain (the case's URL alone a `reverse` per row),
which was most of the page's time beyond its API (bench/, issue 13). A row writes its own
`<tr>` (`{{ row.html }}`), every value escaped.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Iterable
from dataclasses import dataclass
from html import escape  # Django's escape is this, wrapped for lazy strings: none here

from django.db import connection
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext

from accounts.display import person_label
from cases.models import Case
from cases.selectors import case_is_overdue
from cases.workflow import state_label

# A case id no case has: the URL is reversed once and the real id put in its place.
_MARKER = 9_876_543_210


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

    def html(self) -> SafeString:
        late, failed = _badges(get_language())
        due = (
            f'<span class="{"overdue" if self.late else ""}">{escape(self.due)}</span>'
            if self.due
            else "—"
        )
        if self.late:
            due += late
        if self.failed:
            due += failed
        return mark_safe(  # noqa: S308 -- every value escaped here
            f'<tr><td><a href="{escape(self.url)}">{escape(self.number)}</a></td>'
            f"<td>{escape(self.kind)}</td><td>{escape(self.state)}</td>"
            f'<td class="hide-sm">{escape(self.applicant or "—")}</td>'
            f'<td class="hide-sm">{escape(self.assignee or "—")}</td><td>{due}</td></tr>'
        )


@functools.cache
def _badges(language: str | None) -> tuple[str, str]:
    return (
        f' <span class="overdue">{escape(gettext("vencido"))}</span>',
        f' <span class="badge bad">{escape(gettext("prazo com falha"))}</span>',
    )


def queue_rows(cases: Iterable[Case], today: dt.date) -> list[QueueRow]:
    url = reverse("case", args=[_MARKER])
    return [
        QueueRow(
            url=url.replace(str(_MARKER), str(case.pk)),
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


def case_lists(case: Case) -> CaseLists:
    """One statement that tells which side lists of the case page have rows, so the page
    reads (through their scoped selectors) only those: most cases have no letter, no
    inspection and no document of their own, and each list read costs a query."""
    from cases.models import Document
    from documents.models import OfficialDocument
    from inspections.models import Inspection
    from notifications.models import Notification

    probes = [
        f"EXISTS (SELECT 1 FROM {model._meta.db_table} "
        f"WHERE {model._meta.get_field('case').column} = %s)"
        for model in (Document, OfficialDocument, Notification, Inspection)
    ]
    with connection.cursor() as cursor:
        cursor.execute("SELECT " + ", ".join(probes), [case.pk] * len(probes))
        return CaseLists(*cursor.fetchone())
