"""Art. 24: suspension on request, from filing to the authorization's automatic return."""

from __future__ import annotations

import datetime as dt

import pytest

from cases.models import AuditEvent, Deadline
from cases.services.deadlines import deadlines_sweep
from cases.services.transitions import case_act
from registers.models import Authorization
from workflows.suspension.models import SuspensionState
from workflows.suspension.services import (
    suspension_approve,
    suspension_file,
    suspension_grant_extension,
    suspension_request_extension,
)

pytestmark = pytest.mark.django_db


def test_approved_suspension_suspends_and_ends_by_itself_art24(driver, clerk, mayor):
    # Given a holder asking 30 days for a vehicle substitution (ground IV, no proof needed)
    case = suspension_file(actor=driver.user, driver=driver, ground="IV", days=30)
    # When the clerk accepts and the mayor approves on 2 March 2026
    case_act(case=case, action="accept", actor=clerk)
    case = suspension_approve(case=case, actor=mayor, today=dt.date(2026, 3, 2))
    # Then the authorization is suspended until 31 March inclusive, with an end deadline row
    authorization = Authorization.objects.get(pk=driver.authorizations.get().pk)
    assert authorization.status == Authorization.Status.SUSPENDED
    assert (case.start_on, case.end_on) == (dt.date(2026, 3, 2), dt.date(2026, 3, 31))
    deadline = Deadline.objects.get(case=case)
    assert (deadline.kind, deadline.due_on, deadline.article) == (
        "suspension.end",
        dt.date(2026, 3, 31),
        "Art. 24",
    )
    # And on its last day nothing happens yet
    assert deadlines_sweep(today=dt.date(2026, 3, 31)).processed == 0
    # When the day after the last day comes, the sweeper ends it and reactivates
    report = deadlines_sweep(today=dt.date(2026, 4, 1))
    assert report.applied == 1
    authorization.refresh_from_db()
    assert authorization.status == Authorization.Status.ACTIVE
    case.refresh_from_db()
    assert case.state == SuspensionState.ENDED
    assert case.closed_at is not None
    assert list(AuditEvent.objects.filter(case=case).values_list("transition", flat=True)) == [
        "open",
        "accept",
        "approve",
        "authorization_suspended",
        "end",
        "authorization_reactivated",
    ]


def test_one_extension_moves_the_end_art24(driver, clerk, mayor):
    case = suspension_file(actor=driver.user, driver=driver, ground="IV", days=20)
    case_act(case=case, action="accept", actor=clerk)
    case = suspension_approve(case=case, actor=mayor, today=dt.date(2026, 5, 4))
    case = suspension_request_extension(case=case, actor=driver.user, days=20)
    case = suspension_grant_extension(case=case, actor=mayor)
    assert case.end_on == dt.date(2026, 6, 12)
    rows = Deadline.objects.filter(case=case).order_by("id")
    assert [(r.state, r.due_on) for r in rows] == [
        (Deadline.State.CANCELLED, dt.date(2026, 5, 23)),
        (Deadline.State.PENDING, dt.date(2026, 6, 12)),
    ]
