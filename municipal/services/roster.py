"""The service roster (Art. 37 VII), kept by the Secretaria."""

from __future__ import annotations

import datetime as dt

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from accounts.models import User
from cases.errors import RuleViolation, StateConflict, from_law
from core.dates import UNDER_THE_LAW, dates_within
from law import roster as law
from law.errors import LawError
from municipal.models import RosterEntry
from municipal.permissions import require_register_keeper
from registers.models import Authorization

MAX_DAYS = 92
"""One form covers at most a quarter: a longer range is almost surely a typo."""


def roster_add(
    *,
    actor: User,
    authorization: Authorization,
    shift: str,
    start: dt.date,
    end: dt.date,
    weekdays: frozenset[int] | None = None,
) -> list[RosterEntry]:
    """Put a taxi in service on a shift for each day from ``start`` to ``end`` (Art. 37 VII).

    ``weekdays`` (0 = Monday) limits the days; days already on the roster are skipped.
    """
    dates_within(UNDER_THE_LAW, start=start, end=end)
    require_register_keeper(actor)
    try:
        law.check_shift(shift)
    except LawError as exc:
        raise from_law(exc) from exc
    if end < start:
        raise RuleViolation(_("O último dia é anterior ao primeiro."), article=law.ART_37_VII)
    if (end - start).days >= MAX_DAYS:
        raise RuleViolation(
            _("Registre no máximo %(n)d dias de cada vez.") % {"n": MAX_DAYS},
            article=law.ART_37_VII,
        )
    if authorization.status != Authorization.Status.ACTIVE:
        raise RuleViolation(
            _("O termo de autorização %(n)s não está ativo.") % {"n": authorization.number},
            article=law.ART_37_VII,
        )
    days = [start + dt.timedelta(days=i) for i in range((end - start).days + 1)]
    days = [d for d in days if weekdays is None or d.weekday() in weekdays]
    try:
        with transaction.atomic(durable=True):
            existing = set(
                RosterEntry.objects.filter(
                    authorization=authorization, shift=shift, day__in=days
                ).values_list("day", flat=True)
            )
            rows = [
                RosterEntry(day=d, shift=shift, authorization=authorization, created_by=actor)
                for d in days
                if d not in existing
            ]
            RosterEntry.objects.bulk_create(rows)
        return rows
    except IntegrityError as exc:
        # Another clerk put the same taxi on the same shifts at the same moment.
        raise StateConflict(_("A escala deste táxi mudou ao mesmo tempo; tente de novo.")) from exc


def roster_remove(*, actor: User, entry: RosterEntry) -> None:
    require_register_keeper(actor)
    with transaction.atomic(durable=True):
        deleted, _detail = RosterEntry.objects.filter(pk=entry.pk).delete()
        if not deleted:
            raise StateConflict(_("Este turno já foi retirado da escala."))
