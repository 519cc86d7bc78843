"""Reads of the substitution kind: the authorization's substitution case still open and
the day the holder filed the new vehicle (Art. 12)."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone

from cases.models import AuditEvent
from registers.models import Authorization
from workflows.substitution.models import SubstitutionCase


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
