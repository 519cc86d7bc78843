"""The commission's seats (Art. 52): a member assigned to a seat, a seat vacated."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.roles import Role, has_role
from cases.errors import NotPermitted, RuleViolation, StateConflict
from law.citations import (
    ART_52,
)
from law.i18n import format_date
from workflows.appeal.models import (
    CommissionSeat,
    Seat,
)


def commission_seat_assign(
    *, seat: str, holder: User, since: dt.date, actor: User, appointment: str = ""
) -> CommissionSeat:
    """An administrator records who holds a seat from `since`; the previous holder's term
    ends the day before."""
    if not has_role(actor, Role.ADMINISTRATOR):
        raise NotPermitted(_("Somente o administrador registra os membros da comissão."))
    try:
        seat = Seat(seat).value
    except ValueError:
        raise RuleViolation(_("Cadeira inválida: I, II ou III."), article=ART_52) from None
    with transaction.atomic(durable=True):
        for term in (
            CommissionSeat.objects.select_for_update()
            .filter(Q(seat=seat) | Q(holder=holder))
            .filter(Q(until__isnull=True) | Q(until__gte=since))
        ):
            if term.since >= since:
                raise StateConflict(
                    _("Já há um mandato começando em %(day)s; corrija-o no cadastro.")
                    % {"day": format_date(term.since)},
                    article=ART_52,
                )
            term.until = since - dt.timedelta(days=1)
            term.save(update_fields=["until"])
        row = CommissionSeat(seat=seat, holder=holder, since=since, appointment=appointment)
        try:
            row.full_clean()
        except ValidationError as exc:
            raise RuleViolation(" ".join(exc.messages), article=ART_52) from exc
        row.save()
    return row


def commission_seat_vacate(*, seat: str, until: dt.date, actor: User) -> CommissionSeat:
    """The seat's current holder leaves; `until` is his last day."""
    if not has_role(actor, Role.ADMINISTRATOR):
        raise NotPermitted(_("Somente o administrador registra os membros da comissão."))
    with transaction.atomic(durable=True):
        term = (
            CommissionSeat.objects.select_for_update()
            .filter(seat=seat)
            .filter(Q(until__isnull=True) | Q(until__gte=until))
            .filter(since__lte=until)
            .first()
        )
        if term is None:
            raise StateConflict(_("A cadeira não tem titular nessa data."), article=ART_52)
        term.until = until
        term.save(update_fields=["until"])
    return term
