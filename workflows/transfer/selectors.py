"""Reads of the transfer kind: the open requests that hold an authorization, and whether a
transfer filed by a third party is still unproven (Art. 25)."""

from __future__ import annotations

from collections.abc import Iterable

from accounts.roles import is_staff_member
from cases.models import Case, CaseKind
from cases.selectors import authorization_open_cases
from registers.models import Authorization
from workflows.transfer.models import TransferState

# Art. 25 (issue 19, item 13): a transfer filed by someone who is neither the holder nor a
# clerk — a successor, or a stranger claiming to be one — stands unproven until a clerk has
# checked its proofs and accepted it. Until then it blocks none of the holder's filings.
UNPROVEN_STATES = (TransferState.FILED, TransferState.CORRECTION_REQUESTED)


def transfer_is_unproven(case: Case, authorization: Authorization) -> bool:
    """Whether `case` is a transfer filed by a third party whose proofs no clerk accepted."""
    if case.kind != CaseKind.TRANSFER or case.state not in UNPROVEN_STATES:
        return False
    filer = case.filed_by
    if filer is None or filer.pk == authorization.holder.user_id:
        return False
    return not is_staff_member(filer)


def authorization_pending_requests(
    authorization: Authorization, kinds: Iterable[str], exclude: Case | None = None
) -> list[Case]:
    """Open cases of `kinds` about this authorization (other than `exclude`) that hold it:
    an unproven transfer filed by a third party does not (`transfer_is_unproven`)."""
    return [
        case
        for case in authorization_open_cases(authorization.pk, kinds, exclude)
        if not transfer_is_unproven(case, authorization)
    ]
