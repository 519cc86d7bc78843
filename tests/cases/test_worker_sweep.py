"""A real Celery worker on Redis runs the sweep and brings a suspended taxi back (Art. 24)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from cases.models import Deadline
from cases.services.transitions import case_act
from cases.tasks import sweep_deadlines
from registers.models import Authorization
from workflows.suspension.models import SuspensionCase, SuspensionState
from workflows.suspension.services import suspension_approve, suspension_file

pytestmark = pytest.mark.worker


def test_worker_ends_a_finished_suspension_and_reactivates_art24(
    celery_worker_process, driver, clerk, mayor
):
    today = timezone.localdate()
    case = suspension_file(actor=driver.user, driver=driver, ground="IV", days=30)
    case_act(case=case, action="accept", actor=clerk)
    # Approved 40 days ago for 30 days: its last day has passed.
    suspension_approve(case=case, actor=mayor, today=today - dt.timedelta(days=40))
    authorization = driver.authorizations.get()
    assert authorization.status == Authorization.Status.SUSPENDED

    celery_worker_process.send(sweep_deadlines)

    celery_worker_process.wait_for(
        lambda: Authorization.objects.get(pk=authorization.pk).status == Authorization.Status.ACTIVE
    )
    assert SuspensionCase.objects.get(pk=case.pk).state == SuspensionState.ENDED
    assert Deadline.objects.get(case=case).state == Deadline.State.DONE
