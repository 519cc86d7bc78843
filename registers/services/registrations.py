"""The IM (Inscrição Municipal) register: issuing one supersedes the ones it replaces."""

from __future__ import annotations

import datetime as dt

from django.db import transaction

from core.sequences import sequence_next
from law.deadlines import REGISTRATION_TERM, due_date
from registers.models import (
    Authorization,
    MunicipalRegistration,
    RegistrationSequence,
    Vehicle,
)


def registration_create(
    *, authorization: Authorization, vehicle: Vehicle, valid_from: dt.date
) -> MunicipalRegistration:
    """Write the IM for one year (Arts. 17, 18) in the caller's transaction.

    The IMs of the authorization it replaces are superseded; the number is the next of
    the year's gap-free series. The IM card and the renewal cycle are the caller's
    (`workflows.renewal.services.registration_issue`).
    """
    with transaction.atomic():
        for old in MunicipalRegistration.objects.select_for_update().filter(
            authorization=authorization,
            status__in=[MunicipalRegistration.Status.VALID, MunicipalRegistration.Status.EXPIRED],
        ):
            old.supersede()
            old.save(update_fields=["status"])
        year = valid_from.year
        number = sequence_next(RegistrationSequence, year=year)
        return MunicipalRegistration.objects.create(
            number=f"IM-{year}/{number:05d}",
            authorization=authorization,
            vehicle=vehicle,
            valid_from=valid_from,
            valid_until=registration_valid_until(valid_from),
        )


def registration_valid_until(valid_from: dt.date) -> dt.date:
    """Art. 18: one year; the last valid day is the eve of the same date a year later."""
    return due_date(REGISTRATION_TERM, valid_from)
