"""What the law says about one vehicle (Arts. 10 §2, 12, 70): white or not, its last day to
serve, whether the repaint period applies."""

from __future__ import annotations

import datetime as dt

from law import vehicles as law_vehicles
from law.citations import (
    ART_12,
    ART_12_AND_70,
)
from law.statute import PUBLICATION_DATE
from registers.models import Authorization, Vehicle
from registers.requirements import vehicle_requirements_unmet
from registers.selectors import vehicle_in_service_at_publication
from workflows.substitution.tracking.common import (
    COLOUR_REQUIREMENT,
)


def vehicle_is_white(vehicle: Vehicle, *, on: dt.date) -> bool:
    """Art. 10 II e, read from the register's colour as the requirements check reads it."""
    return all(
        unmet.article != COLOUR_REQUIREMENT for unmet in vehicle_requirements_unmet(vehicle, on=on)
    )


def colour_last_day() -> dt.date:
    """Arts. 10 §2 and 70: 28 July 2026, moved to a business day (Código Civil art. 132 §1)."""
    return law_vehicles.colour_change_last_day(PUBLICATION_DATE)


def colour_grace_applies(authorization: Authorization, *, on: dt.date) -> bool:
    """Arts. 10 §2 and 70: the holder of an authorization existing at the publication has
    36 months from it (until 28 July 2026) to have a white vehicle; a new vehicle of
    another colour may enter service within them and must be repainted by their end."""
    return authorization.predates_law and on <= colour_last_day()


def vehicle_age_last_day(authorization: Authorization, vehicle: Vehicle) -> tuple[dt.date, str]:
    """The last day `vehicle` may serve `authorization`, and the article that sets it.

    The date of Art. 12 (or of the Art. 70 transition, when later), moved to the next
    business day (Código Civil art. 132 §1)."""
    in_service = vehicle_in_service_at_publication(authorization, vehicle)
    year = vehicle.manufacture_year
    last_day = law_vehicles.age_deadline(year, in_service_at_publication=in_service)
    nominal = law_vehicles.nominal_age_deadline(year, in_service_at_publication=in_service)
    if nominal != law_vehicles.must_leave_service_by(year):
        return last_day, ART_12_AND_70
    return last_day, ART_12
