"""A deadline that failed for good is visible to clerks, who can put it back in the sweep."""

from __future__ import annotations

import datetime as dt

import pytest

from cases.models import Deadline
from tests.factories import SuspensionCaseFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def failed_row():
    return Deadline.objects.create(
        case=SuspensionCaseFactory(), kind="suspension.end", label="Fim da suspensão",
        due_on=dt.date(2026, 3, 1), counting=Deadline.Counting.FIXED_DATE, article="Art. 24",
        state=Deadline.State.FAILED, attempts=5, last_error="OperationalError: boom",
    )


def test_the_queue_flags_a_case_with_a_failed_deadline(client, clerk, failed_row):
    client.force_login(clerk)
    page = client.get("/processos/").content.decode()
    assert failed_row.case.number in page
    assert "prazo com falha" in page


def test_a_clerk_puts_a_failed_deadline_back_in_the_sweep(client, clerk, failed_row):
    client.force_login(clerk)
    page = client.get(f"/processos/{failed_row.case_id}/").content.decode()
    assert "OperationalError: boom" in page
    client.post(f"/prazos/{failed_row.pk}/reprocessar/")
    failed_row.refresh_from_db()
    assert (failed_row.state, failed_row.attempts) == (Deadline.State.PENDING, 0)


def test_a_driver_cannot_retry_a_deadline(client, failed_row):
    client.force_login(failed_row.case.applicant.user)
    client.post(f"/prazos/{failed_row.pk}/reprocessar/")
    failed_row.refresh_from_db()
    assert failed_row.state == Deadline.State.FAILED
