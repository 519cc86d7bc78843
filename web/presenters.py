"""What a page row shows, computed in Python once per row.

The queue renders 50 rows on every request; through the template engine each variable,
tag and filter of a row costs a lookup chain (the case's URL alone a `reverse` per row),
which was most of the page's time beyond its API (bench/, issue 13). A row writes its own
`<tr>` (`{{ row.html }}`), every value escaped.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext

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
        if self.due:
            late = "overdue" if self.late else ""
            due = format_html('<span class="{}">{}</span>', late, self.due)
        else:
            due = SafeString("—")
        if self.late:
            due += format_html(' <span class="overdue">{}</span>', gettext("vencido"))
        if self.failed:
            due += format_html(' <span class="badge bad">{}</span>', gettext("prazo com falha"))
        return format_html(
            '<tr><td><a href="{}">{}</a></td><td>{}</td><td>{}</td>'
            '<td class="hide-sm">{}</td><td class="hide-sm">{}</td><td>{}</td></tr>',
            self.url,
            self.number,
            self.kind,
            self.state,
            self.applicant or "—",
            self.assignee or "—",
            due,
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
            assignee=case.assignee.username if case.assignee_id else "",
            due=case.next_due_on.strftime("%d/%m/%Y") if case.next_due_on else "",
            late=case_is_overdue(case, today),
            failed=bool(getattr(case, "has_failed_deadline", False)),
        )
        for case in cases
    ]
