"""Reads of the renewal kind: the IM a renewal replaces (Art. 18)."""

from __future__ import annotations

from typing import Any

from registers.models import IN_FORCE, Authorization, Driver, MunicipalRegistration

RENEWABLE = (MunicipalRegistration.Status.VALID, MunicipalRegistration.Status.EXPIRED)
"""The IMs a renewal may replace: valid, or expired and not yet superseded."""


def registration_to_renew(authorization: Authorization) -> MunicipalRegistration | None:
    """The authorization's IM a renewal replaces: the latest one not yet superseded.

    `registration_issue` supersedes every valid or expired IM of the authorization, so at
    most one is left in either status.
    """
    return (
        MunicipalRegistration.objects.filter(authorization=authorization, status__in=RENEWABLE)
        .order_by("-valid_until", "-pk")
        .first()
    )


def renewal_filing_context(user: Any, driver: Driver) -> dict[str, Any]:
    """What the renewal page shows beside its form: the IM a renewal would replace."""
    authorization = Authorization.objects.filter(holder=driver, status__in=IN_FORCE).first()
    return {"registration": registration_to_renew(authorization) if authorization else None}
