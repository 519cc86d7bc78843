"""Writes to the registers that cases cause: each under a row lock, each on the case's record."""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from cases.errors import StateConflict
from cases.models import Case
from cases.services.sequences import sequence_next
from cases.services.transitions import case_record
from registers.models import (
    Authorization,
    MunicipalRegistration,
    RegistrationSequence,
    Vehicle,
)


def authorization_suspend(
    *, authorization: Authorization, case: Case, actor: User | None, article: str
) -> Authorization:
    with transaction.atomic():
        row = Authorization.objects.select_for_update().get(pk=authorization.pk)
        if row.status == Authorization.Status.SUSPENDED:
            # Already out of service for another reason: this case now holds it too, and
            # it returns only when every hold has ended (workflows.holds).
            case_record(case=case, actor=actor, event="authorization_suspended",
                        article=article, data={"authorization": row.number, "already": True})
            return row
        if row.status != Authorization.Status.ACTIVE:
            raise StateConflict(
                _("A autorização %(number)s não está em vigor (%(status)s).")
                % {"number": row.number, "status": row.get_status_display()}
            )
        row.suspend()
        row.save(update_fields=["status"])
        case_record(
            case=case,
            actor=actor,
            event="authorization_suspended",
            article=article,
            data={"authorization": row.number},
        )
    return row


def authorization_reactivate(
    *, authorization: Authorization, case: Case, actor: User | None, article: str
) -> Authorization:
    # No savepoint: nothing is written before the transition's own check, and the caller's
    # transaction (or the sweeper's savepoint for the row) undoes the rest on failure.
    with transaction.atomic(savepoint=False):
        row = Authorization.objects.select_for_update().get(pk=authorization.pk)
        row.reactivate()
        row.save(update_fields=["status"])
        case_record(
            case=case,
            actor=actor,
            event="authorization_reactivated",
            article=article,
            data={"authorization": row.number},
        )
    return row


def authorization_revoke(
    *, authorization: Authorization, case: Case, actor: User | None, article: str, on: dt.date
) -> Authorization:
    with transaction.atomic():
        row = Authorization.objects.select_for_update().get(pk=authorization.pk)
        row.revoke(on=on)
        row.save(update_fields=["status", "ended_on"])
        case_record(
            case=case,
            actor=actor,
            event="authorization_revoked",
            article=article,
            data={"authorization": row.number},
        )
    return row


def registration_issue(
    *,
    authorization: Authorization,
    vehicle: Vehicle,
    valid_from: dt.date,
    actor: User | None,
    case: Case | None = None,
) -> MunicipalRegistration:
    """Issue the IM for one year (Arts. 17, 18) in the caller's transaction.

    The IMs it replaces are superseded; the IM card (with its QR code) is issued; the
    renewal cycle (reminders 30 and 7 days before, expiry) starts.
    """
    from documents.services import im_card_issue
    from workflows.renewal.cycle import renewal_cycle_start

    with transaction.atomic():
        for old in MunicipalRegistration.objects.select_for_update().filter(
            authorization=authorization,
            status__in=[MunicipalRegistration.Status.VALID, MunicipalRegistration.Status.EXPIRED],
        ):
            old.supersede()
            old.save(update_fields=["status"])
        year = valid_from.year
        number = sequence_next(RegistrationSequence, year=year)
        registration = MunicipalRegistration.objects.create(
            number=f"IM-{year}/{number:05d}",
            authorization=authorization,
            vehicle=vehicle,
            valid_from=valid_from,
            valid_until=registration_valid_until(valid_from),
        )
        if case is not None:
            case_record(case=case, actor=actor, event="registration_issued", article="Art. 18",
                        data={"registration": registration.number,
                              "valid_until": registration.valid_until.isoformat()})
        im_card_issue(registration=registration, actor=actor, case=case)
        renewal_cycle_start(registration=registration, actor=actor)
    return registration


def registration_valid_until(valid_from: dt.date) -> dt.date:
    """Art. 18: one year; the last valid day is the eve of the same date a year later."""
    from law._dates import add_years

    return add_years(valid_from, 1) - dt.timedelta(days=1)
