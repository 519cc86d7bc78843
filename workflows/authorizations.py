"""What a case does to an authorization, written once for every kind: the register's
write (registers.services.authorizations), the event on the case's trail and what follows.

`case_authorization_end` is the one place where an authorization ends, whether revoked
(Art. 59 V, §3) or cancelled on request (Art. 23): its register deadlines are cancelled,
then each kind does what its `Workflow.on_authorization_end` declares (today: its
auxiliaries unbound, Art. 27 §1; the revocations still open on it lapse; its place in the
fleet goes to the next application waiting, Art. 22 §2). This module imports no kind.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any

from accounts.models import User
from cases.models import Case
from cases.services.deadlines import deadlines_cancel
from cases.services.transitions import case_record, case_record_all
from cases.workflow import AuthorizationEnd, all_workflows
from law.citations import ART_27_P1
from registers.models import Authorization
from registers.services import authorizations as register

_END_EVENTS = {
    Authorization.Status.REVOKED: "authorization_revoked",
    Authorization.Status.CANCELLED: "authorization_cancelled",
}


def case_authorization_suspend(
    *, authorization: Authorization, case: Case, actor: User | None, article: str
) -> Authorization:
    """Suspend the authorization for `case` (Art. 24; Art. 59 III, IV) and say so on it.

    Already suspended for another reason, it stays so: this case now holds it too.
    """
    row, suspended = register.authorization_suspend(authorization=authorization)
    data: dict[str, Any] = {"authorization": row.number}
    if not suspended:
        data["already"] = True
    case_record(case=case, actor=actor, event="authorization_suspended", article=article,
                data=data)
    return row


def case_authorization_reactivate(
    *, authorization: Authorization, case: Case, actor: User | None, article: str
) -> Authorization:
    """The authorization returns to service at the end of `case`'s hold."""
    row = register.authorization_reactivate(authorization=authorization)
    case_record(case=case, actor=actor, event="authorization_reactivated", article=article,
                data={"authorization": row.number})
    return row


def case_authorizations_reactivate(
    *, released: Sequence[tuple[Authorization, Case]], article: str
) -> None:
    """`case_authorization_reactivate` by the system for many authorizations the caller
    has locked, each with the case whose end frees it, in two statements."""
    register.authorizations_reactivate(locked=[row for row, _ in released])
    case_record_all(
        cases=[case for _, case in released],
        event="authorization_reactivated",
        article=article,
        data=[{"authorization": row.number} for row, _ in released],
    )


def case_authorization_end(
    *,
    authorization: Authorization,
    status: str,
    on: dt.date,
    case: Case,
    actor: User | None,
    article: str,
    bindings_article: str = ART_27_P1,
    lapse_note: str,
    data: Mapping[str, Any] | None = None,
) -> Authorization:
    """The authorization ends on `on`, revoked or cancelled, with everything that follows.

    In the caller's transaction, after `case`'s own transition: the register's row, the
    event (with `data` added), the register deadlines (IM cycle, vehicle rows) cancelled,
    and each kind's `on_authorization_end` (every auxiliary unbound under
    `bindings_article`, every other open revocation lapsed with `lapse_note`, the freed
    place handed to the waiting list).
    """
    row = register.authorization_end(authorization=authorization, status=status, on=on)
    cancelled = deadlines_cancel(authorization=row)
    case_record(
        case=case, actor=actor, event=_END_EVENTS[status], article=article,
        data={"authorization": row.number, "ended_on": on.isoformat(),
              "deadlines_cancelled": cancelled, **(data or {})},
    )
    end = AuthorizationEnd(
        authorization=row, case=case, actor=actor, on=on,
        bindings_article=bindings_article, lapse_note=lapse_note,
    )
    # In the order of INSTALLED_APPS; no kind's effect reads another's.
    for workflow in all_workflows():
        if workflow.on_authorization_end is not None:
            workflow.on_authorization_end(end)
    return row
