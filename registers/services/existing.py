"""The authorizations that exist when the system starts (Arts. 8, 69), written as they are.

An IM or a Termo issued under the law gets the next number of its series; one that exists
already keeps the number the municipality gave it, and its validity as recorded.
"""

from __future__ import annotations

import datetime as dt

from django.db import transaction

from registers.models import (
    Authorization,
    AuxiliaryBinding,
    Driver,
    MunicipalRegistration,
    Vehicle,
)
from registers.services.registrations import registration_number_claim


def existing_authorization_record(
    *,
    number: str,
    holder: Driver,
    vehicle: Vehicle,
    granted_on: dt.date,
    registration_number: str,
    valid_from: dt.date,
    valid_until: dt.date,
    auxiliary: Driver | None = None,
) -> tuple[Authorization, MunicipalRegistration]:
    """Write a pre-existing authorization (Art. 69: kept; Art. 22 §2: counted in the fleet,
    never cut by the cap), its IM in force and its auxiliary's binding (Art. 27 §1)."""
    with transaction.atomic():
        authorization = Authorization.objects.create(
            number=number, holder=holder, vehicle=vehicle, granted_on=granted_on,
            predates_law=True,
        )
        registration = MunicipalRegistration.objects.create(
            # The municipality's number, in the register's style (issue 24 §6).
            number=registration_number_claim(registration_number, year=valid_from.year),
            authorization=authorization, vehicle=vehicle,
            valid_from=valid_from, valid_until=valid_until,
        )
        if auxiliary is not None:
            if auxiliary.titular_id != holder.pk or auxiliary.kind != Driver.Kind.AUXILIARY:
                auxiliary.titular, auxiliary.kind = holder, Driver.Kind.AUXILIARY
                auxiliary.save(update_fields=["titular", "kind"])
            AuxiliaryBinding.objects.create(
                authorization=authorization, auxiliary=auxiliary,
                valid_from=valid_from, valid_until=valid_until,
            )
    return authorization, registration
