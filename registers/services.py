"""Writes to the registers that cases cause: each under a row lock, each on the case's record."""

from __future__ import annotations

import datetime as dt

from django.db import transaction

from accounts.models import User
from cases.models import Case
from cases.services.transitions import case_record
from registers.models import Authorization


def authorization_suspend(
    *, authorization: Authorization, case: Case, actor: User | None, article: str
) -> Authorization:
    with transaction.atomic():
        row = Authorization.objects.select_for_update().get(pk=authorization.pk)
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
    with transaction.atomic():
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
