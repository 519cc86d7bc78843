"""A case's timeline, deadlines and files, as every view of a case reads them: in order,
one statement each, and naming who acted. Each is `core.db.rows_by_key`, a statement
written once and read through `Model.objects.raw` (issue 25: Django compiled each at
every request in as long as PostgreSQL took to answer it); the rows are the ORM's."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from django.utils.html import escape

from accounts.display import person_label
from cases.models import AuditEvent, Deadline
from cases.selectors import case_deadlines, case_submitted_documents, case_timeline
from tests.factories import SubmittedDocumentFactory, SuspensionCaseFactory, UserFactory

pytestmark = pytest.mark.django_db

FIELDS = ["id", "at", "actor_id", "from_state", "to_state", "transition", "note", "data"]


def _case_with_history(clerk):  # type: ignore[no-untyped-def]
    case = SuspensionCaseFactory()
    later = timezone.now()
    # Written out of order: the read orders by time, then by id.
    AuditEvent.objects.create(case=case, actor=clerk, at=later, to_state="filed",
                              transition="claim", data={"note": {"nested": [1, 2]}})
    AuditEvent.objects.create(case=case, actor=None, at=later - dt.timedelta(days=1),
                              to_state="filed", transition="open", article="Art. 24")
    for days, kind in ((30, "b"), (10, "a")):
        Deadline.objects.create(case=case, kind=kind, label=kind, counting="calendar",
                                article="Art. 24", due_on=timezone.localdate() + dt.timedelta(days))
    SubmittedDocumentFactory(case=case)
    return case


def test_the_timeline_is_the_orms_with_who_acted(clerk):
    case = _case_with_history(clerk)
    other = SuspensionCaseFactory()
    AuditEvent.objects.create(case=other, at=timezone.now(), to_state="x", transition="y")
    read = list(case_timeline(case))
    orm = list(case.events.select_related("actor").order_by("at", "id"))
    assert [[getattr(e, f) for f in FIELDS] for e in read] == [
        [getattr(e, f) for f in FIELDS] for e in orm
    ]
    assert [e.transition for e in read] == ["open", "claim"]
    assert [e.actor_id for e in read] == [None, clerk.pk]
    assert read[1].data == {"note": {"nested": [1, 2]}}  # JSON read back as JSON


def test_deadlines_and_files_are_the_orms(clerk):
    case = _case_with_history(clerk)
    assert [(d.pk, d.kind, d.due_on, d.state) for d in case_deadlines(case)] == [
        (d.pk, d.kind, d.due_on, d.state) for d in case.deadlines.order_by("due_on", "id")
    ] == [(d.pk, d.kind, d.due_on, d.state) for d in case.deadlines.all()]
    assert [d.kind for d in case_deadlines(case)] == ["a", "b"]
    files = list(case_submitted_documents(case))
    assert [(f.pk, f.item, f.file.name, f.size) for f in files] == [
        (f.pk, f.item, f.file.name, f.size) for f in case.documents.all()
    ]


def test_each_read_is_one_statement_with_the_cases_key(clerk):
    case = _case_with_history(clerk)
    with CaptureQueriesContext(connection) as ctx:
        # What the API and the page show of each event: nothing is read lazily afterwards.
        shown = [(e.actor_id, e.transition, e.data, e.note) for e in case_timeline(case)]
    assert [row[:2] for row in shown] == [(None, "open"), (clerk.pk, "claim")]
    assert len(ctx.captured_queries) == 1
    assert str(case.pk) in ctx.captured_queries[0]["sql"]


def test_the_api_and_the_page_name_who_acted(client, clerk):
    case = _case_with_history(clerk)
    actor = UserFactory(username="fiscal.joana")
    AuditEvent.objects.create(case=case, actor=actor, at=timezone.now() + dt.timedelta(hours=1),
                              to_state="filed", transition="note")
    client.force_login(clerk)
    detail = client.get(f"/api/cases/{case.pk}/").json()
    # Issue 24 §6: the API names people as the pages do (name and body), never the login.
    assert [(e["transition"], e["actor"]) for e in detail["events"]] == [
        ("open", None), ("claim", person_label(clerk)), ("note", person_label(actor)),
    ]
    assert "fiscal.joana" not in str(detail["events"])
    assert clerk.username not in [e["actor"] for e in detail["events"]]
    assert [d["kind"] for d in detail["deadlines"]] == ["a", "b"]
    assert [d["original_name"] for d in detail["documents"]] == ["rg.pdf"]
    page = client.get(f"/processos/{case.pk}/").content.decode()
    # The page names people, not logins (issue 24 §6; accounts.display).
    assert escape(person_label(actor)) in page and "sistema" in page
    assert "fiscal.joana" not in page
