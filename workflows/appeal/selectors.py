"""Reads of the appeal kind. Which appeals a user may see is `cases.selectors`' decision
(`cases_visible_to`); these only narrow it to appeals and add the kind's own rows."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.db.models import Prefetch, Q, QuerySet

from accounts.models import User
from accounts.roles import Role, has_role
from cases.selectors import within_visible_cases
from law import deadlines as law_deadlines
from law.calendar import default_calendar
from registers.models import Driver
from workflows.appeal.models import AppealCase, AppealWitness, CommissionSeat, Diligence, Vote
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


def _appeals_of(user: User) -> QuerySet[AppealCase]:
    """The appeals among the cases the user may see (the one scoping layer), newest first."""
    return within_visible_cases(AppealCase.objects.all(), user, case="pk").order_by(*APPEAL_ORDER)


def appeals_visible_to(user: User) -> QuerySet[AppealCase]:
    """The appeals the user may see, each with all the dossier reads (the detail's)."""
    return (
        _appeals_of(user)
        .select_related("applicant", "authorization", "notice", "notice__vehicle")
        .prefetch_related(
            "witnesses",
            "diligences",
            Prefetch("votes", queryset=Vote.objects.select_related("member")),
        )
    )


APPEAL_ORDER = ("-opened_at", "-id")
"""The appeals newest first, in the order of `case_opened_idx`: a page of them is read
from that index and stopped there (issue 25)."""

# What a row of the appeals page shows (number, notice, state, filing day) and the order's
# columns, nothing more: a page of fifty built with the dossier's joins and prefetches
# cost 4-4.5x the trivial endpoint at 20,000 cases (issue 25), as the queue's rows did.
APPEAL_ROW_FIELDS = ("number", "kind", "state", "opened_at", "filed_on", "notice__number")

# What the API's list row (workflows.appeal.api.AppealOutput) reads: the record and the
# names it shows, with its witnesses, diligences and votes; not the authorization or the
# vehicle the dossier page shows.
APPEAL_RECORD_FIELDS = (
    *APPEAL_ROW_FIELDS,
    "applicant__name",
    "filer_kind",
    "attorney_name",
    "qualification",
    "facts_and_law",
    "evidence",
    "outcome",
    "fine_kept_vrte",
    "decided_on",
    "summary",
)


def appeal_rows_for(user: User) -> QuerySet[AppealCase]:
    """The appeals page's rows: the same appeals, in the same order, as
    `appeals_visible_to`, with only what a row shows (one query a page)."""
    return _appeals_of(user).select_related("notice").only(*APPEAL_ROW_FIELDS)


def appeal_records_for(user: User) -> QuerySet[AppealCase]:
    """The API list's rows: the same appeals, in the same order, as `appeals_visible_to`,
    with what its output reads (a page and its three prefetches: four queries). The
    witnesses, diligences and votes come as plain lists (`witness_list`, `diligence_list`,
    `vote_list`): a prefetched manager builds a queryset for each appeal and relation, half
    the time of a page of fifty."""
    return (
        _appeals_of(user)
        .select_related("notice", "applicant")
        .only(*APPEAL_RECORD_FIELDS)
        .prefetch_related(
            # Each list in its model's order (`Meta.ordering`) with the appeal named by its
            # key: ordered by "appeal", the relation, each prefetch joined the appeals and
            # their cases to sort them by the cases' own order first (issue 25).
            Prefetch(
                "witnesses",
                queryset=AppealWitness.objects.order_by("appeal_id", "position"),
                to_attr="witness_list",
            ),
            Prefetch(
                "diligences",
                queryset=Diligence.objects.order_by("appeal_id", "number"),
                to_attr="diligence_list",
            ),
            Prefetch(
                "votes",
                queryset=Vote.objects.select_related("member").order_by(
                    "appeal_id", "cast_at", "id"
                ),
                to_attr="vote_list",
            ),
        )
    )


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
    # One indexed lookup per relation, united, then the notices by key: the OR of a column
    # of the case and one of the notice joined every notice open to appeal before
    # filtering (issue 25), as `cases.selectors._own_cases` explains.
    named = rows.filter(applicant=driver).values("pk").order_by()
    driving = rows.filter(offender=driver).values("pk").order_by()
    return rows.filter(pk__in=named.union(driving))


@dataclass(frozen=True)
class AppealableNotice:
    notice: ViolationNotice
    closes_on: dt.date
    open: bool


WINDOW_ORDER = ("received_on", "pk")
"""The appealable notices oldest notification first: the nearest last day first (the last
day of Art. 63 never comes earlier for a later notification). The order of
`notice_received_idx`, from which a page is read and stopped there (issue 25)."""


def appealable_notices_for(user: User) -> QuerySet[ViolationNotice]:
    """The notices the user may appeal, in WINDOW_ORDER, with what a window row shows."""
    return (
        notices_appealable_by(user).select_related("applicant").order_by(*WINDOW_ORDER)
    )


# What a row of the appeals page's notices shows: the notice's number, item and day of
# notification, its penalty's summary (documents.penalties.penalty_of_notice without the
# periods served) and, at the counter, the holder's name. Whole notices with their
# holders' whole rows were a fifth of the page (issue 25).
WINDOW_ROW_FIELDS = (
    "number",
    "item",
    "received_on",
    "fine_vrte",
    "vrte_value",
    "assessment",
    "occurred_at",
    "offender_id",
    "applicant_id",
    "applicant__name",
)


def appealable_notice_rows_for(user: User) -> QuerySet[ViolationNotice]:
    """The page's notices: those of `appealable_notices_for`, in the same order, with
    only what a row shows."""
    return appealable_notices_for(user).only(*WINDOW_ROW_FIELDS)


def windows_of(notices: Iterable[ViolationNotice], *, today: dt.date) -> list[AppealableNotice]:
    """Each notice with the last day to appeal it (Art. 63, CPC counting)."""
    calendar = default_calendar()  # read once, not once per notice
    # A page in WINDOW_ORDER holds a few notification days, many notices each: the 30
    # business days are counted once a day (a count walks some forty days of the calendar).
    last_day: dict[dt.date, dt.date] = {}
    out = []
    for notice in notices:
        assert notice.received_on is not None
        closes = last_day.get(notice.received_on)
        if closes is None:
            closes = law_deadlines.appeal_deadline(notice.received_on, calendar)
            last_day[notice.received_on] = closes
        out.append(AppealableNotice(notice=notice, closes_on=closes, open=today <= closes))
    return out


def appeal_window(notice: ViolationNotice, *, today: dt.date) -> AppealableNotice:
    """One notice's window (the filing page's), without listing the others."""
    return windows_of([notice], today=today)[0]
