"""Reads of the suspension on request (Art. 24) that other kinds and the holds ask."""

from __future__ import annotations

import datetime as dt

from django.db.models import OuterRef, QuerySet

from registers.models import Authorization
from workflows.suspension.models import SuspensionCase, SuspensionState

HOLDING_STATES = (SuspensionState.IN_EFFECT, SuspensionState.EXTENSION_REQUESTED)
"""A suspension in these states keeps the authorization out of service (Art. 24)."""


def suspensions_holding(authorization: Authorization | OuterRef) -> QuerySet[SuspensionCase]:
    """The suspensions on request in effect for the authorization (Art. 24); `OuterRef`
    for a subquery over many."""
    return SuspensionCase.objects.filter(authorization=authorization, state__in=HOLDING_STATES)


def suspension_covering(authorization: Authorization, *, on: dt.date) -> SuspensionCase | None:
    """The suspension in effect on `on` that ends last, if any (Art. 24)."""
    return suspensions_holding(authorization).filter(end_on__gte=on).order_by("-end_on").first()
