"""What the vehicle deadlines share: their kinds, the rules they are written from, the
articles they cite, the two tracks (age, Art. 12; colour, Arts. 10 §2 and 70)."""

from __future__ import annotations

from dataclasses import dataclass

from law import deadlines as law_deadlines
from law import vehicles as law_vehicles
from law.citations import ART_10_II_E, ART_10_P2_AND_70, ART_12, ART_59_V_F_AND_70
from law.statute import PUBLICATION_DATE
from workflows.substitution.models import (
    SubstitutionState,
    SubstitutionTrigger,
    VehicleDeadline,
)

AGE_DEADLINE = "substitution.vehicle_age"
AGE_REMINDER = "substitution.vehicle_age_reminder"
COLOUR_DEADLINE = "substitution.colour_change"
COLOUR_REMINDER = "substitution.colour_change_reminder"
VEHICLE_DEADLINE_KINDS = (AGE_DEADLINE, AGE_REMINDER, COLOUR_DEADLINE, COLOUR_REMINDER)
# The rule of law.deadlines each kind's rows are written from.
_KIND_RULES = {
    AGE_DEADLINE: law_deadlines.VEHICLE_AGE_LIMIT,
    AGE_REMINDER: law_deadlines.VEHICLE_DEADLINE_REMINDER,
    COLOUR_DEADLINE: law_deadlines.VEHICLE_COLOUR_CHANGE,
    COLOUR_REMINDER: law_deadlines.VEHICLE_DEADLINE_REMINDER,
}
REMINDER_DAYS = (90, 30)
"""Days before the last day on which the holder is reminded: a season to buy a vehicle,
then a month to finish the substitution or ask for the Art. 24 IV suspension."""
COLOUR_REQUIREMENT = ART_10_II_E
"""The article `law.vehicles` gives a vehicle that is not white."""
COLOUR_CHANGE_ENDS = law_vehicles.colour_change_deadline(PUBLICATION_DATE)
"""Arts. 10 §2 and 70: last day of the 36 months to repaint, 28 July 2026."""
REMINDER_EVENT = "vehicle_deadline_reminder"
HELD_EVENT = "vehicle_revocation_held"
HOLD_ENDED_EVENT = "vehicle_revocation_hold_ended"
UNDER_REVIEW = (
    SubstitutionState.FILED,
    SubstitutionState.INSPECTION_SCHEDULED,
    SubstitutionState.INSPECTION_FAILED,
    SubstitutionState.AWAITING_DECISION,
)
Purpose = VehicleDeadline.Purpose


@dataclass(frozen=True)
class _Track:
    deadline_kind: str
    reminder_kind: str
    trigger: str
    notice_article: str
    revocation_article: str


_TRACKS = {
    Purpose.AGE: _Track(AGE_DEADLINE, AGE_REMINDER, SubstitutionTrigger.AGE, ART_12, ART_12),
    Purpose.COLOUR: _Track(
        COLOUR_DEADLINE,
        COLOUR_REMINDER,
        SubstitutionTrigger.COLOUR,
        ART_10_P2_AND_70,
        ART_59_V_F_AND_70,
    ),
}
