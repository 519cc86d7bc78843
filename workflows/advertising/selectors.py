"""Reads of the advertising kind (Art. 67): what is in force on a taxi."""

from __future__ import annotations

import datetime as dt

from django.db.models import QuerySet

from registers.models import Authorization
from workflows.advertising.models import AdvertisingCase, AdvertisingState


def advertisements_in_force(
    authorization: Authorization, *, on: dt.date
) -> QuerySet[AdvertisingCase]:
    """The advertisements authorized for the taxi and in force on `on` (Art. 67)."""
    return (
        AdvertisingCase.objects.filter(
            authorization=authorization,
            state=AdvertisingState.AUTHORIZED,
            authorized_from__lte=on,
            end_on__gte=on,
        )
        .select_related("vehicle")
        .order_by("end_on", "pk")
    )
