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
from registers.numbers import registration_number, registration_number_parse


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
            number=registration_number(year, number),
            authorization=authorization,
            vehicle=vehicle,
            valid_from=valid_from,
            valid_until=registration_valid_until(valid_from),
        )


def registration_valid_until(valid_from: dt.date) -> dt.date:
    """Art. 18: one year; the last valid day is the eve of the same date a year later."""
    return due_date(REGISTRATION_TERM, valid_from)


def registration_number_claim(text: str, *, year: int) -> str:
    """An IM number given before the system (Art. 69), in the register's style, with the
    year's series moved past it so the register never issues it again; `year` is the one
    its validity starts in, for a number written without its year."""
    parsed = registration_number_parse(text, year=year)
    if parsed is None:
        return text.strip()
    series_year, sequence = parsed
    RegistrationSequence.objects.bulk_create(
        [RegistrationSequence(year=series_year, last=0)], ignore_conflicts=True
    )
    RegistrationSequence.objects.filter(year=series_year, last__lt=sequence).update(
        last=sequence
    )
    return registration_number(series_year, sequence)
