"""One module per register; all of them are one Django app's models."""

from municipal.models.calendar import CalendarReminder
from municipal.models.cooperatives import Association, ExecutiveUse, ExecutiveVehicle, Membership
from municipal.models.lost_property import LostItem, LostItemSequence
from municipal.models.roster import RosterEntry
from municipal.models.stands import Stand, StandArrival, StandAssignment, StandWaiting
from municipal.models.tariffs import TariffItem, TariffReminder, TariffTable

__all__ = [
    "Association",
    "CalendarReminder",
    "ExecutiveUse",
    "ExecutiveVehicle",
    "LostItem",
    "LostItemSequence",
    "Membership",
    "RosterEntry",
    "Stand",
    "StandArrival",
    "StandAssignment",
    "StandWaiting",
    "TariffItem",
    "TariffReminder",
    "TariffTable",
]
