"""Guards several kinds share, each written once: the appeal filed in time (Arts. 59 §2,
63), and the authorization in force — the holder's, or the case's — locked for the
transaction that relies on it.

What differs between kinds — the last day, the article, the statuses accepted, the words
of the refusal — is a parameter; the check and its error are the same everywhere.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Sequence

from django.utils.translation import gettext as _

from cases.errors import DomainError, RuleViolation, StateConflict
from law.i18n import format_date
from registers.models import IN_FORCE, Authorization, Driver


def appeal_in_time_check(*, filed_on: dt.date, last_day: dt.date | None, article: str) -> None:
    """Refuse an appeal filed after its last day (Art. 63; Art. 59 §2 for a revocation).

    `last_day` None means no window runs yet for the case; the caller's own state checks
    decide then, not this guard."""
    if last_day is not None and filed_on > last_day:
        raise RuleViolation(
            _("Recurso fora do prazo: o prazo terminou em %(day)s.")
            % {"day": format_date(last_day)},
            article=article,
            code="appeal_late",
        )


def holder_authorization_lock(
    holder: Driver,
    *,
    refusal: str,
    article: str,
    statuses: Collection[str] = IN_FORCE,
    related: Sequence[str] = (),
    code: str | None = None,
) -> Authorization:
    """The holder's authorization in one of `statuses` (in force by default), locked with
    SELECT … FOR UPDATE in the caller's transaction, or `refusal` as a RuleViolation.

    A request of the holder (Arts. 20, 23, 24, 27, 67) rests on that authorization: the
    lock keeps a cancellation or revocation from ending it before the request is written."""
    rows = Authorization.objects.select_for_update()
    if related:
        rows = rows.select_related(*related)
    authorization = rows.filter(holder=holder, status__in=statuses).first()
    if authorization is None:
        raise RuleViolation(refusal, article=article, code=code)
    return authorization


def authorization_in_force_lock(
    authorization_id: int,
    *,
    refusal: str,
    article: str,
    holder_id: int | None = None,
    statuses: Collection[str] = IN_FORCE,
    error: type[DomainError] = StateConflict,
    related: Sequence[str] = (),
    code: str | None = None,
) -> Authorization:
    """The case's authorization, locked with SELECT … FOR UPDATE in the caller's
    transaction, refused with `error` unless it is in one of `statuses` (in force by
    default) and — when `holder_id` is given — still held by that driver.

    `refusal` may name the authorization's `%(number)s` and `%(status)s`. A decision
    (Arts. 23, 25, 27, 59 V, 67) rests on what the request found: the lock keeps a
    concurrent cancellation, transfer or revocation from changing it under the decision."""
    rows = Authorization.objects.select_for_update()
    if related:
        rows = rows.select_related(*related)
    authorization = rows.get(pk=authorization_id)
    if authorization.status not in statuses or (
        holder_id is not None and authorization.holder_id != holder_id
    ):
        raise error(
            refusal
            % {"number": authorization.number, "status": authorization.get_status_display()},
            article=article,
            code=code,
        )
    return authorization
