from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib.auth.models import Group
from django.db.models import QuerySet

from accounts.models import User
from accounts.roles import Role


def roles_ensure() -> None:
    """Create one group per role; idempotent, run by migrations and the demo loader."""
    for role in Role:
        Group.objects.get_or_create(name=role.value)


def user_grant_role(*, user: User, role: Role) -> None:
    group, _ = Group.objects.get_or_create(name=role.value)
    user.groups.add(group)
    if hasattr(user, "_role_cache"):
        del user._role_cache


def api_tokens_revoke(*, user: User) -> None:
    """End the user's API tokens: on logout, a new password, a disabled account."""
    from rest_framework.authtoken.models import Token

    Token.objects.filter(user=user).delete()


def personal_data_read(
    *,
    actor: User,
    drivers: Iterable[Any],
    case: Any,
    channel: str,
    path: str,
    what: str = "",
    purpose: str = "",
    persons: Iterable[tuple[str, str]] = (),
) -> None:
    """Log that `actor` (staff) read the personal data of `drivers` (LGPD Art. 37): the
    one door of the read log, for every page, API, search, export, file and admin page.

    `persons` are the people a case names who have no driver's register, as (name, CPF
    or ""): the offender of a clandestine transport record (issue 20). Their data is
    personal data all the same, and its reads are logged in the same rows.

    `drivers` are registers.Driver rows (None skipped) and `case` a cases.Case or None;
    typed loosely because accounts sits below the registers and the cases. `what` says
    which data the surface showed, `purpose` why (PersonalDataAccess.Purpose; a case's
    work when not said). A driver reading their own data is not logged: the log answers
    who else saw it.
    """
    from accounts.models import PersonalDataAccess
    from accounts.roles import is_staff_member

    if not is_staff_member(actor):
        return
    why = purpose or PersonalDataAccess.Purpose.CASE
    if isinstance(drivers, QuerySet):
        _read_many(actor, drivers, case, channel, path[:300], what[:80], why)
        drivers = ()
    seen = {d.pk: d for d in drivers if d is not None and d.user_id != actor.pk}
    rows = [
        PersonalDataAccess(
            user=actor,
            driver=d,
            case=case,
            channel=channel,
            path=path[:300],
            what=what[:80],
            purpose=why,
        )
        for d in seen.values()
    ]
    rows += [
        PersonalDataAccess(
            user=actor,
            person_name=name[:200],
            person_cpf=cpf[:11],
            case=case,
            channel=channel,
            path=path[:300],
            what=what[:80],
            purpose=why,
        )
        for name, cpf in dict.fromkeys((n, c) for n, c in persons if n)
    ]
    if not rows:
        return
    if len(rows) == 1:
        # One row is one INSERT: bulk_create would wrap it in a transaction of its own
        # (two more round trips on every page that shows a driver).
        rows[0].save(force_insert=True)
    else:
        PersonalDataAccess.objects.bulk_create(rows)


def _read_many(
    actor: User, drivers: QuerySet[Any], case: Any, channel: str, path: str, what: str, why: str
) -> None:
    """A long export names a register's worth of drivers (250,000 at a million cases):
    PostgreSQL writes their rows from the export's own query, one `INSERT … SELECT`,
    instead of reading the ids into Python and writing them back (issue 25: in batches of
    model instances the log took four times the export's own file)."""
    from django.core.exceptions import EmptyResultSet
    from django.db import connections
    from django.db.models import F
    from django.utils import timezone

    from accounts.models import PersonalDataAccess

    # Named by `values()`: the subquery's one column is then called what we call it.
    named = drivers.exclude(user_id=actor.pk).order_by().values(named_driver=F("pk"))
    try:
        select_sql, select_params = named.query.sql_with_params()
    except EmptyResultSet:
        return  # `none()`: a table that names no driver (the dashboard's aggregates)
    connection = connections[named.db]
    quote = connection.ops.quote_name
    meta = PersonalDataAccess._meta
    fields = ("at", "user", "case", "channel", "path", "what", "purpose", "driver")
    columns = [quote(meta.get_field(f).column) for f in fields]
    columns += [quote(meta.get_field(f).column) for f in ("person_name", "person_cpf")]
    sql = (
        f"INSERT INTO {quote(meta.db_table)} ({', '.join(columns)}) "
        f"SELECT %s, %s, %s, %s, %s, %s, %s, named.named_driver, "
        f"'', '' FROM ({select_sql}) AS named"
    )
    case_id = case.pk if case is not None else None
    row = [timezone.now(), actor.pk, case_id, channel, path, what, why]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*row, *select_params])


def personal_data_read_case(
    *, actor: User, case: Any, channel: str, path: str, what: str = ""
) -> None:
    """Log the drivers a case shows (its applicant, its authorization's holder), and the
    people it names who are no registered driver (`persons_named`)."""
    authorization = case.authorization if case.authorization_id else None
    # Most often the applicant holds the Termo: the holder is then read only when another
    # driver holds it.
    other_holder = authorization and authorization.holder_id != case.applicant_id
    personal_data_read(
        actor=actor,
        drivers=[
            case.applicant if case.applicant_id else None,
            authorization.holder if other_holder else None,
        ],
        case=case,
        channel=channel,
        path=path,
        what=what or "processo",
        # A kind whose case names a person with no driver's register says so
        # (ClandestineCase.persons_named): read and logged like a driver.
        persons=getattr(case, "persons_named", ()),
    )


def personal_data_reads_purge(*, now: Any = None) -> int:
    """Delete the rows of the read log older than PERSONAL_DATA_LOG_RETENTION_DAYS (LGPD
    Art. 15 I-II and 16: kept while they serve their purpose, then deleted). Returns how
    many were deleted; running it twice deletes nothing more."""
    import datetime as dt

    from django.conf import settings
    from django.utils import timezone

    from accounts.models import PersonalDataAccess

    cutoff = (now or timezone.now()) - dt.timedelta(days=settings.PERSONAL_DATA_LOG_RETENTION_DAYS)
    deleted, _ = PersonalDataAccess.objects.filter(at__lt=cutoff).delete()
    return deleted
