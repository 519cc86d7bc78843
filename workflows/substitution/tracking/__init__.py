"""Vehicle age and colour-change deadlines of each authorization (Arts. 10 §2, 12, 59 V f, 70).

For the vehicle that currently serves an authorization in force the registers keep:

- an **age** row (`substitution.vehicle_age`) ending on the last day the vehicle may serve:
  31 December of the year it turns 8 (Art. 12, wording of Lei nº 1.799/2024); for a
  vehicle already in service when the law was published, the later of that day and
  28 July 2026 (Art. 70 transition) — `law.vehicles.age_deadline`;
- for a vehicle that is not white and serves under the transition (an authorization that
  predates the law), a **colour** row (`substitution.colour_change`) ending on 28 July 2026,
  36 months from the publication (Arts. 10 §2 and 70) — `law.vehicles.colour_change_deadline`;
- **reminder** rows 90 and 30 days before each (`REMINDER_DAYS`).

They are `cases.Deadline` rows of the authorization (`authorization=`, no case); a
`VehicleDeadline` names the vehicle each is about, so a handler can tell under the lock
whether that vehicle still serves.

When reminders go out: a row falls due once its day has ended (the sweeper takes rows with
`due_on < today`). A reminder meant to reach the holder when N days remain (the last day
counted, the sending day not) is sent on `last day − N`, so its row ends the day before:
`due_on = last day − N − 1`. For 31/12/2026: sent on 02/10/2026 (90) and 01/12/2026 (30).
A reminder whose sending day has already passed when the rows are set is not written.

What a reminder does: it needs a case to hang the e-mail on (a notification belongs to a
case), and the holder needs something to act on; so the first reminder opens a
substitution case in `awaiting_vehicle` (opened by the system, with the legal last day)
that the holder completes by filing the new vehicle. A later reminder reuses the open
substitution case of the authorization, whatever its state.

What the last day's passing does (the day after it): under the authorization's lock the
handler re-checks that the vehicle still serves the authorization in force (and, for the
colour row, that it is still not white); if so it opens a revocation case —
`revocation_open(article="Art. 12")` for age, `"Art. 59 V f; Art. 70"` for colour — and
closes the notice as lapsed. Otherwise the row is moot. One exception: while a suspension
on request (Art. 24, whatever the ground: theft, destruction, seizure or the substitution
itself, IV) is in effect the vehicle is out of service, so the row is replaced by one
ending on the suspension's last day, and the check runs again when the authorization is
back in service. A substitution filed by the last day and still under review also holds
it: the holder did what Art. 12 asks of him in time, and the Secretaria's review time is
not his (the hold is a `vehicle_revocation_held` entry on the substitution case and a
notice to the holder; when the filing is rejected, denied or withdrawn,
`vehicle_revocation_hold_release` writes a re-check row for the next sweep). A
substitution filed after the last day does not hold it; the revocation's reason names it.

The last days are `law.vehicles.age_deadline` and `colour_change_last_day`: the date the
law names, moved to the next business day when the offices are closed on it (Código Civil
art. 132 §1) — 31/12/2028, a Sunday, ends on 02/01/2029. A day declared closed after the
row was set is caught by the handler, which recomputes the last day under the lock and
moves the row instead of revoking.
"""

from __future__ import annotations

# Re-exported for the kind's views, which read it from here.
from registers.models import IN_FORCE
from workflows.substitution.selectors import substitution_case_in_progress
from workflows.substitution.tracking.common import (
    AGE_DEADLINE,
    AGE_REMINDER,
    COLOUR_CHANGE_ENDS,
    COLOUR_DEADLINE,
    COLOUR_REMINDER,
    COLOUR_REQUIREMENT,
    HELD_EVENT,
    HOLD_ENDED_EVENT,
    REMINDER_DAYS,
    REMINDER_EVENT,
    UNDER_REVIEW,
    VEHICLE_DEADLINE_KINDS,
    Purpose,
)
from workflows.substitution.tracking.handlers import (
    colour_change_expire,
    colour_change_remind,
    vehicle_age_expire,
    vehicle_age_remind,
    vehicle_revocation_hold_release,
)
from workflows.substitution.tracking.rows import (
    BackfillReport,
    vehicle_age_deadlines_set,
    vehicle_colour_deadlines_set,
    vehicle_deadlines_backfill,
    vehicle_deadlines_replace,
    vehicle_deadlines_set,
)
from workflows.substitution.tracking.vehicle import (
    colour_grace_applies,
    colour_last_day,
    vehicle_age_last_day,
    vehicle_is_white,
)

__all__ = [
    "IN_FORCE",
    "AGE_DEADLINE",
    "AGE_REMINDER",
    "BackfillReport",
    "COLOUR_CHANGE_ENDS",
    "COLOUR_DEADLINE",
    "COLOUR_REMINDER",
    "COLOUR_REQUIREMENT",
    "HELD_EVENT",
    "HOLD_ENDED_EVENT",
    "Purpose",
    "REMINDER_DAYS",
    "REMINDER_EVENT",
    "UNDER_REVIEW",
    "VEHICLE_DEADLINE_KINDS",
    "colour_change_expire",
    "colour_change_remind",
    "colour_grace_applies",
    "colour_last_day",
    "substitution_case_in_progress",
    "vehicle_age_deadlines_set",
    "vehicle_age_expire",
    "vehicle_age_last_day",
    "vehicle_age_remind",
    "vehicle_colour_deadlines_set",
    "vehicle_deadlines_backfill",
    "vehicle_deadlines_replace",
    "vehicle_deadlines_set",
    "vehicle_is_white",
    "vehicle_revocation_hold_release",
]
