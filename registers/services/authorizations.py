"""What happens to an authorization (Termo de Autorização): suspended, back in service,
ended (revoked or cancelled), and the auxiliaries bound to it."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from core.errors import StateConflict
from registers.models import Authorization, AuxiliaryBinding, Driver


def authorization_suspend(*, authorization: Authorization) -> tuple[Authorization, bool]:
    """Take an authorization in force out of service (Art. 24; Art. 59 III and IV).

    Returns the row and whether this call suspended it: an authorization already
    suspended for another reason stays so, and returns to service only when every hold
    has ended (workflows.holds).
    """
    with transaction.atomic():
        row = Authorization.objects.select_for_update().get(pk=authorization.pk)
        if row.status == Authorization.Status.SUSPENDED:
            return row, False
        if row.status != Authorization.Status.ACTIVE:
            raise StateConflict(
                _("A autorização %(number)s não está em vigor (%(status)s).")
                % {"number": row.number, "status": row.get_status_display()}
            )
        row.suspend()
        row.save(update_fields=["status"])
    return row, True


def authorization_reactivate(*, authorization: Authorization) -> Authorization:
    """A suspended authorization returns to service: nothing holds it any more."""
    # No savepoint: nothing is written before the transition's own check, and the caller's
    # transaction (or the sweeper's savepoint for the row) undoes the rest on failure.
    with transaction.atomic(savepoint=False):
        row = Authorization.objects.select_for_update().get(pk=authorization.pk)
        row.reactivate()
        row.save(update_fields=["status"])
    return row


def authorizations_reactivate(*, locked: Sequence[Authorization]) -> None:
    """`authorization_reactivate` for many rows the caller has locked, in one statement
    (the sweeper's set of suspensions ending, Art. 24). Each row's own transition checks
    that it is suspended; a row that is not raises before anything is written."""
    for row in locked:
        row.reactivate()
    Authorization.objects.bulk_update(locked, ["status"])


def authorization_end(
    *, authorization: Authorization, status: str, on: dt.date
) -> Authorization:
    """The authorization ends on `on`: revoked (Art. 59 V, §3) or cancelled (Art. 23).

    Only the register's row; what ends with it (its deadlines, its auxiliaries, open
    revocations, its place in the fleet) is `workflows.authorizations.case_authorization_end`.
    """
    with transaction.atomic():
        row = Authorization.objects.select_for_update().get(pk=authorization.pk)
        if status == Authorization.Status.REVOKED:
            row.revoke(on=on)
        elif status == Authorization.Status.CANCELLED:
            row.cancel(on=on)
        else:
            raise ValueError(f"an authorization ends revoked or cancelled, not {status!r}")
        row.save(update_fields=["status", "ended_on"])
    return row


def auxiliary_binding_end(*, binding: AuxiliaryBinding, reason: str, on: dt.date) -> Driver:
    """End one binding (locked by the caller) and free the auxiliary (Art. 27).

    Returns the auxiliary, locked.
    """
    binding.ended_on = on
    binding.end_reason = reason
    binding.save(update_fields=["ended_on", "end_reason"])
    auxiliary = Driver.objects.select_for_update().get(pk=binding.auxiliary_id)
    if auxiliary.titular_id is not None:
        auxiliary.titular = None
        auxiliary.save(update_fields=["titular"])
    return auxiliary
