"""Audit events are append-only: PostgreSQL itself refuses to change or delete them."""

from __future__ import annotations

import pytest
from django.db import ProgrammingError, connection, transaction

from cases.models import AuditEvent
from workflows.suspension.services import suspension_file

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(driver):
    case = suspension_file(actor=driver.user, driver=driver, ground="IV", days=10)
    return AuditEvent.objects.get(case=case)


def test_the_database_refuses_to_update_an_event(event):
    with pytest.raises(ProgrammingError, match="Cannot update or delete"), transaction.atomic():
        AuditEvent.objects.filter(pk=event.pk).update(note="rewritten history")
    event.refresh_from_db()
    assert event.note == ""


def test_the_database_refuses_to_delete_an_event(event):
    with pytest.raises(ProgrammingError, match="Cannot update or delete"), transaction.atomic():
        AuditEvent.objects.filter(pk=event.pk).delete()
    assert AuditEvent.objects.filter(pk=event.pk).exists()


def test_raw_sql_is_refused_too(event):
    with pytest.raises(ProgrammingError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("UPDATE cases_auditevent SET note = 'x' WHERE id = %s", [event.pk])


def test_opening_writes_its_event_in_the_same_transaction(driver):
    case = suspension_file(actor=driver.user, driver=driver, ground="IV", days=10)
    event = AuditEvent.objects.get(case=case)
    assert (event.transition, event.from_state, event.to_state, event.article, event.actor) == (
        "open",
        "",
        "filed",
        "Art. 24",
        driver.user,
    )
