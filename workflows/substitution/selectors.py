"""Reads of the substitution kind: the authorization's substitution case still open and
the day the holder filed the new vehicle (Art. 12)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.utils import timezone

from cases.models import AuditEvent, Deadline
from registers.models import IN_FORCE, Authorization, Driver
from registers.selectors import authorizations_visible_to
from workflows.substitution.models import SubstitutionCase
from workflows.substitution.tracking.common import AGE_DEADLINE, COLOUR_DEADLINE


def substitution_case_in_progress(authorization: Authorization) -> SubstitutionCase | None:
    """The authorization's substitution case still open, if any (one at a time)."""
    return (
        SubstitutionCase.objects.filter(authorization=authorization, closed_at__isnull=True)
        .order_by("opened_at", "id")
        .first()
    )


def substitution_filed_on(case: SubstitutionCase) -> dt.date:
    """The local day the holder filed the new vehicle (the `file` step of the timeline)."""
    filed = (
        AuditEvent.objects.filter(case=case, transition="file")
        .order_by("at", "id")
        .values_list("at", flat=True)
        .first()
    )
    return timezone.localtime(filed or case.opened_at).date()


def substitution_filing_context(user: Any, driver: Driver) -> dict[str, Any]:
    """What the substitution page shows beside its form: the authorization in force and its
    vehicle's pending deadlines of age and colour (Arts. 10 II b and e, 12)."""
    authorization = (
        authorizations_visible_to(user).filter(holder=driver, status__in=IN_FORCE).first()
    )
    deadlines = (
        Deadline.objects.filter(
            authorization=authorization,
            kind__in=[AGE_DEADLINE, COLOUR_DEADLINE],
            state=Deadline.State.PENDING,
        )
        if authorization
        else Deadline.objects.none()
    )
    return {"authorization": authorization, "deadlines": deadlines}
