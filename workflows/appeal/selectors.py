"""Reads of the appeal kind. Which appeals a user may see is `cases.selectors`' decision
(`cases_visible_to`); these only narrow it to appeals and add the kind's own rows."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.db.models import Prefetch, Q, QuerySet

from accounts.models import User
from accounts.roles import Role, has_role
from cases.selectors import within_visible_cases
from law import deadlines as law_deadlines
from law.calendar import default_calendar
from registers.models import Driver
from workflows.appeal.models import AppealCase, CommissionSeat, Vote
from workflows.violation.selectors import notices_open_to_appeal

if TYPE_CHECKING:
    from workflows.violation.models import ViolationNotice


def seat_held_by(user: User, day: dt.date) -> CommissionSeat | None:
    """The seat of Art. 52 the user holds on `day`, if any."""
    return (
        CommissionSeat.objects.filter(holder=user, since__lte=day)
        .filter(Q(until__isnull=True) | Q(until__gte=day))
        .first()
    )


def commission_on(day: dt.date) -> dict[str, CommissionSeat]:
    """Seat (I, II, III) → its current term on `day`; a vacant seat is missing."""
    terms = (
        CommissionSeat.objects.select_related("holder")
        .filter(since__lte=day)
        .filter(Q(until__isnull=True) | Q(until__gte=day))
    )
    return {term.seat: term for term in terms}


def appeals_visible_to(user: User) -> QuerySet[AppealCase]:
    """The appeals among the cases the user may see (the one scoping layer)."""
    return (
        within_visible_cases(AppealCase.objects.all(), user, case="pk")
        .select_related("applicant", "authorization", "notice", "notice__vehicle")
        .prefetch_related(
            "witnesses",
            "diligences",
            Prefetch("votes", queryset=Vote.objects.select_related("member")),
        )
        .order_by(*APPEAL_ORDER)
    )


APPEAL_ORDER = ("-opened_at", "-id")
"""The appeals newest first, in the order of `case_opened_idx`: a page of them is read
from that index and stopped there (issue 25)."""


def appeal_get_for(user: User, pk: int) -> AppealCase:
    """The appeal if the user may see it (raises AppealCase.DoesNotExist otherwise)."""
    return appeals_visible_to(user).get(pk=pk)


def notices_appealable_by(user: User) -> QuerySet[ViolationNotice]:
    """The notices the user may file an appeal against (Art. 63 §2): a clerk at the counter
    any notice; a driver those that name him, as holder or as the auxiliary booked."""
    rows = notices_open_to_appeal()
    if has_role(user, Role.CLERK):
        return rows
    driver = Driver.objects.filter(user=user).first() if user.is_authenticated else None
    if driver is None:
        return rows.none()
    return rows.filter(Q(applicant=driver) | Q(offender=driver))


@dataclass(frozen=True)
class AppealableNotice:
    notice: ViolationNotice
    closes_on: dt.date
    open: bool


def appeal_windows(user: User, *, today: dt.date) -> list[AppealableNotice]:
    """The user's appealable notices with the last day to appeal (Art. 63, CPC counting)."""
    rows = (
        notices_appealable_by(user)
        .select_related("vehicle", "applicant", "offender")
        .order_by("received_on", "id")[:200]
    )
    calendar = default_calendar()  # read once, not once per notice
    out = []
    for notice in rows:
        assert notice.received_on is not None
        closes = law_deadlines.appeal_deadline(notice.received_on, calendar)
        out.append(AppealableNotice(notice=notice, closes_on=closes, open=today <= closes))
    return out
