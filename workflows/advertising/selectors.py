"""Reads of the advertising kind (Art. 67): what is in force on a taxi."""

from __future__ import annotations

import datetime as dt

from django.db.models import QuerySet
from django.utils.translation import gettext

from law.i18n import format_date
from registers.models import Authorization
from workflows.advertising.models import AdvertisingCase, AdvertisingState


def advertising_public_facts(
    authorization: Authorization, today: dt.date
) -> list[tuple[str, str]]:
    """For the public verification page: each advertisement authorized on the taxi and in
    force today, where it goes and until when (Art. 67: anything else on the car is not
    authorized). Neither the advertiser nor the text: only what lets a passenger or an
    agent compare the car with its authorization."""
    return [
        (
            gettext("Publicidade autorizada (Art. 67)"),
            gettext("%(placement)s, até %(end)s (processo %(number)s)")
            % {
                "placement": ad.get_placement_display(),
                "end": format_date(ad.end_on),
                "number": ad.number,
            },
        )
        # The three columns shown: the public page reads this on every verification (a
        # third of the statement's cost was the ~40 columns it did not show, issue 25).
        for ad in advertisements_in_force(authorization, on=today).only(
            "placement", "end_on", "number"
        )
    ]


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
        .order_by("end_on", "pk")
    )
