"""The yearly IM cycle (Arts. 17 V, 18-20): reminders before expiry and the expiry itself.

Every IM gets three deadline rows on its authorization when it is issued
(`workflows.renewal.services.registration_issue` calls `renewal_cycle_start` in the issuing
transaction). A row's `due_on` is its LAST day and the sweeper applies it once that local
day has ended, that is on the morning of the day after. So:

| row                    | due_on             | applied on (first sweep of) |
| ---------------------- | ------------------ | --------------------------- |
| `renewal.reminder_30`  | valid_until − 31   | valid_until − 30            |
| `renewal.reminder_7`   | valid_until − 8    | valid_until − 7             |
| `renewal.expiry`       | valid_until        | valid_until + 1             |

A reminder goes out on the day that is exactly 30 (7) days before the IM's last valid
day; the expiry applies on the first day without a valid IM. The dates are fixed
(`Counting.FIXED_DATE`): a validity is not moved to a business day. The 30 and 7 days
are the Secretaria's practice, not the statute's: the law only says the IM is renewed
each year (Art. 18) and has a validity (Art. 17 V).

Which case the notices hang on: notification rows need a case, so the renewal case is
opened by the first event of the cycle that needs one — the 30-day reminder, in state
`awaiting_request` — and the 7-day reminder and the expiry are attached to the same case.
(The holder's own request opens it if it comes first; a sweeper that was down opens it
at the expiry.) Opening at issue would instead put an idle case in every clerk's queue
for eleven months of the year; opening at the first reminder makes the case appear
exactly when there is something to follow up.

The rows name the authorization, not the IM; a handler finds its IM from the due date
(`valid_until` = due_on + 31, due_on + 8, due_on) among the authorization's valid IMs,
under FOR UPDATE, and returns False (moot) when the IM was renewed or superseded in the
meantime, when the authorization is no longer in force, or when the holder already
filed. A new IM's cycle cancels the pending rows of the previous one.
"""

from __future__ import annotations

import datetime as dt

from django.db.models import Q
from django.utils.translation import gettext as _

from accounts.models import User
from cases.models import AuditEvent, Case, Deadline
from cases.services.deadlines import (
    deadline_fix,
    deadline_handler,
    deadlines_cancel,
    reminder_due_on,
    reminder_target,
)
from cases.services.overdue import case_overdue_refresh
from cases.services.transitions import case_record, case_step
from law import deadlines as law_deadlines
from law.citations import ART_18
from law.i18n import format_date
from registers.models import MunicipalRegistration
from workflows.renewal.models import WAITING_STATES, RenewalCase, RenewalState
from workflows.renewal.services import (
    IN_FORCE,
    registration_lock,
    renewal_case_lock_in_progress,
    renewal_case_open,
    renewal_notify,
)

REMINDER_30 = "renewal.reminder_30"
REMINDER_7 = "renewal.reminder_7"
EXPIRY = "renewal.expiry"
CYCLE_KINDS = (REMINDER_30, REMINDER_7, EXPIRY)

REMINDER_DAYS = {REMINDER_30: 30, REMINDER_7: 7}
"""Days before the IM's last valid day on which each reminder goes out."""



def _valid_until_of(deadline: Deadline) -> dt.date:
    days = REMINDER_DAYS.get(deadline.kind)
    if days is None:
        return deadline.due_on  # the expiry row is dated the IM's last day
    return reminder_target(deadline.due_on, days)


def renewal_cycle_start(*, registration: MunicipalRegistration, actor: User | None) -> None:
    """Set the reminder and expiry deadlines of a newly issued IM (Arts. 17 V, 18).

    In the issuing transaction: the previous IM's pending rows are cancelled (a row a
    sweeper holds right now is skipped and found moot by its handler), and a renewal case
    still waiting for a request about an IM this one replaces is closed. `actor` issued
    the IM; what the cycle itself does is the system's (actor None in the trail).
    """
    authorization = registration.authorization
    deadlines_cancel(authorization=authorization, kinds=CYCLE_KINDS)
    _close_waiting_cases(registration)
    # The IMs this one superseded no longer hold a case overdue (the workflow's lookup).
    for held in RenewalCase.objects.filter(
        authorization=authorization, closed_at__isnull=True, overdue_by_rule=True
    ):
        case_overdue_refresh(case=held)
    number = registration.number
    for kind, days in REMINDER_DAYS.items():
        deadline_fix(
            rule=law_deadlines.REGISTRATION_RENEWAL_REMINDER,
            authorization=authorization,
            kind=kind,
            label=_("Lembrete de renovação: a IM %(number)s vence em %(days)d dias")
            % {"number": number, "days": days},
            due_on=reminder_due_on(registration.valid_until, days),
        )
    # The IM's last day as the register records it (an imported IM keeps its own).
    deadline_fix(
        rule=law_deadlines.REGISTRATION_TERM,
        authorization=authorization,
        kind=EXPIRY,
        label=_("Vencimento da IM %(number)s (último dia de validade)") % {"number": number},
        due_on=registration.valid_until,
    )


def _close_waiting_cases(registration: MunicipalRegistration) -> None:
    for waiting in RenewalCase.objects.filter(
        authorization=registration.authorization,
        closed_at__isnull=True,
        state__in=list(WAITING_STATES),
    ).exclude(registration=registration):
        case_step(
            case=waiting,
            action="close_superseded",
            actor=None,
            note=_("Nova IM %(number)s emitida, válida até %(day)s.")
            % {"number": registration.number, "day": format_date(registration.valid_until)},
            data={"registration": registration.number},
        )


def _registration_of(deadline: Deadline) -> MunicipalRegistration | None:
    """The valid IM this row was set for, locked; None when it is no longer valid."""
    found = (
        MunicipalRegistration.objects.filter(
            authorization_id=deadline.authorization_id,
            valid_until=_valid_until_of(deadline),
            status=MunicipalRegistration.Status.VALID,
        )
        .values_list("pk", flat=True)
        .first()
    )
    if found is None:
        return None
    registration = registration_lock(found)
    # Re-read under the lock: a renewal may have superseded it while we waited.
    return registration if registration.status == MunicipalRegistration.Status.VALID else None


def _case_for(registration: MunicipalRegistration) -> RenewalCase:
    """The authorization's open renewal case, or a new one for this IM (system-opened)."""
    return renewal_case_lock_in_progress(registration.authorization) or renewal_case_open(
        registration=registration, actor=None
    )


def _already_reminded(case: RenewalCase, registration: MunicipalRegistration, days: int) -> bool:
    return AuditEvent.objects.filter(
        Q(data__days=days) & Q(data__registration=registration.number),
        case=case,
        transition="remind",
    ).exists()


def _remind(deadline: Deadline, today: dt.date) -> bool:
    days = REMINDER_DAYS[deadline.kind]
    registration = _registration_of(deadline)
    if registration is None or today > registration.valid_until:
        return False  # renewed, superseded, or already lapsed: the expiry row speaks then
    if registration.authorization.status not in IN_FORCE:
        return False
    case = _case_for(registration)
    if case.state != RenewalState.AWAITING_REQUEST or _already_reminded(case, registration, days):
        return False  # the holder already filed (or was told): nothing to remind
    reminded = case_step(
        case=case,
        action="remind",
        actor=None,
        note=_("A IM %(number)s vence em %(day)s.")
        % {"number": registration.number, "day": format_date(registration.valid_until)},
        data={"days": days, "registration": registration.number},
    )
    renewal_notify(
        reminded,
        "renewal_reminder",
        registration=registration,
        remaining=(registration.valid_until - today).days,  # true even for a late sweep
    )
    return True


@deadline_handler(REMINDER_30)
def renewal_remind_30(case: Case | None, deadline: Deadline, today: dt.date) -> bool:
    """System: 30 days before the IM's last day, the holder is told to renew (Art. 18)."""
    return _remind(deadline, today)


@deadline_handler(REMINDER_7)
def renewal_remind_7(case: Case | None, deadline: Deadline, today: dt.date) -> bool:
    """System: 7 days before the IM's last day, a second reminder (Art. 18)."""
    return _remind(deadline, today)


@deadline_handler(EXPIRY)
def renewal_expire(case: Case | None, deadline: Deadline, today: dt.date) -> bool:
    """System: the IM's last day passed without a renewal; it is expired (Arts. 17 V, 18).

    The IM goes to `expired` (its system transition) and the renewal case is opened or
    moved to `expired`, which is one of the workflow's overdue states, so it is in the
    clerks' overdue queue. A case in progress (the holder filed in time, the Secretaria
    has not finished) keeps its state: the expiry is recorded on it and the new IM will
    start on the day it is issued.
    """
    registration = _registration_of(deadline)
    if registration is None or today <= registration.valid_until:
        return False  # renewed or superseded in the meantime
    registration.expire()
    registration.save(update_fields=["status"])
    if registration.authorization.status not in IN_FORCE:
        return True  # nothing to renew: the authorization ended (Arts. 23, 59)
    renewal = _case_for(registration)
    note = _("A IM %(number)s venceu em %(day)s sem renovação.") % {
        "number": registration.number,
        "day": format_date(registration.valid_until),
    }
    data = {"registration": registration.number}
    if renewal.state == RenewalState.AWAITING_REQUEST:
        renewal = case_step(case=renewal, action="expire", actor=None, note=note, data=data)
    else:
        case_record(
            case=renewal,
            actor=None,
            event="registration_expired",
            article=ART_18,
            note=note,
            data=data,
        )
        # The case keeps its state, but its IM expired: the workflow's lookup now holds it
        # in the overdue queue.
        case_overdue_refresh(case=renewal)
    renewal_notify(renewal, "renewal_expired", registration=registration)
    return True
