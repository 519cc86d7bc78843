"""Reads of the municipal registers, with the related rows each page and endpoint needs."""

from __future__ import annotations

import calendar as stdlib_calendar
import contextlib
import datetime as dt
from collections import Counter
from dataclasses import dataclass

import holidays
from django.conf import settings
from django.db.models import (
    Count,
    DateField,
    Exists,
    F,
    IntegerField,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    Value,
)
from django.db.models.functions import Coalesce, Greatest
from django.utils import timezone, translation

from accounts.models import User
from accounts.roles import is_staff_member
from law import calendar as law_calendar
from law import municipal_calendar as law_municipal
from law import roster as law_roster
from law import tariffs as law_tariffs
from municipal.models import (
    Association,
    ExecutiveUse,
    ExecutiveVehicle,
    LostItem,
    Membership,
    RosterEntry,
    Stand,
    StandArrival,
    StandAssignment,
    StandWaiting,
    TariffTable,
)
from registers.calendar import municipal_calendar
from registers.models import Authorization, CalendarDay, Driver

# --- Stands ------------------------------------------------------------------------------


def stands_public(*, today: dt.date) -> QuerySet[Stand]:
    """The stands in use today, with how many taxis are assigned to each (Art. 32)."""
    return (
        Stand.objects.filter(starts_on__lte=today)
        .filter(Q(ends_on__isnull=True) | Q(ends_on__gte=today))
        .filter(Q(revoked_on__isnull=True) | Q(revoked_on__gt=today))
        .annotate(assigned=Count("assignments", filter=Q(assignments__ended_on__isnull=True)))
        .order_by("name")
    )


def stands_all() -> QuerySet[Stand]:
    return Stand.objects.annotate(
        assigned=Count("assignments", filter=Q(assignments__ended_on__isnull=True))
    ).order_by("name")


def stand_assignments(stand: Stand) -> QuerySet[StandAssignment]:
    """The taxis assigned to a fixed stand now, for its sign (Art. 32 §1)."""
    return (
        stand.assignments.filter(ended_on__isnull=True)
        .select_related("authorization__vehicle", "authorization__holder")
        .order_by("since", "id")
    )


def stand_waiting(stand: Stand) -> QuerySet[StandWaiting]:
    return (
        stand.waiting.filter(state=StandWaiting.State.WAITING)
        .select_related("authorization__vehicle", "authorization__holder")
        .order_by("requested_at", "id")
    )


def stand_line(stand: Stand) -> QuerySet[StandArrival]:
    """The taxis at the stand now, first arrived first (Art. 36)."""
    return (
        stand.arrivals.filter(departed_at__isnull=True)
        .select_related("authorization__vehicle", "authorization__holder")
        .order_by("arrived_at", "id")
    )


def authorizations_in_force() -> QuerySet[Authorization]:
    return Authorization.objects.filter(status=Authorization.Status.ACTIVE).select_related(
        "vehicle", "holder"
    )


def authorizations_of_driver(driver: Driver) -> QuerySet[Authorization]:
    """The taxis a driver drives: his own, or the holder's he is bound to as auxiliary."""
    return (
        authorizations_in_force()
        .filter(
            Q(holder=driver)
            | Q(auxiliary_bindings__auxiliary=driver, auxiliary_bindings__ended_on__isnull=True)
        )
        .distinct()
    )


# --- Tariffs -----------------------------------------------------------------------------


def tariff_tables() -> QuerySet[TariffTable]:
    return TariffTable.objects.prefetch_related("items").order_by("-valid_from", "-id")


def tariff_in_force(on: dt.date) -> TariffTable | None:
    """The price table in force on ``on`` (Arts. 29-31), e.g. the day of a fact charged
    under Art. 58 XVI. None before the first table was published."""
    published = TariffTable.objects.filter(
        status=TariffTable.Status.PUBLISHED, valid_from__lte=on
    ).order_by("valid_from", "published_at", "id")
    candidates = [(t.valid_from, t) for t in published if t.valid_from is not None]
    found = law_tariffs.in_force_on(candidates, on)
    if found is None:
        return None
    return TariffTable.objects.prefetch_related("items").get(pk=found.pk)


def tariff_adjusted_years() -> list[int]:
    return list(
        TariffTable.objects.filter(
            status=TariffTable.Status.PUBLISHED, adjustment_year__isnull=False
        ).values_list("adjustment_year", flat=True)
    )


# --- Lost property -----------------------------------------------------------------------


LOST_ITEM_ORDER = ("-found_on", "-id")
"""The register's order, newest first: the order of its indexes (`lost_item_newest_idx`,
`lost_item_status_newest_idx`), so that a page is read from the index and stopped there."""


def lost_items_visible_to(user: User) -> QuerySet[LostItem]:
    """Staff see the register; a driver the objects he reported or handed in."""
    base = LostItem.objects.select_related(
        "authorization__vehicle", "driver", "received_by", "deadline"
    )
    if is_staff_member(user):
        return base
    if not user.is_authenticated:
        return base.none()
    return base.filter(driver__user=user)


# --- Roster ------------------------------------------------------------------------------


@dataclass(frozen=True)
class RosterDay:
    day: dt.date
    guarded: dict[str, bool]
    scheduled: dict[str, int]
    short: dict[str, bool]
    holiday: bool


@dataclass(frozen=True)
class RosterMonth:
    year: int
    month: int
    fleet: int
    required: int
    weeks: list[list[RosterDay | None]]
    shortfalls: list[law_roster.Shortfall]


def fleet_size() -> int:
    """Art. 37 VII: the fleet is the taxis with an authorization in force."""
    return Authorization.objects.filter(status=Authorization.Status.ACTIVE).count()


def fleet_by_day(
    days: list[dt.date], *, today: dt.date, now: int | None = None
) -> dict[dt.date, int]:
    """Art. 37 VII: the fleet of each day. A past day's is the taxis whose authorization
    was in force that day (granted by then, not yet ended); today's and a future day's,
    the authorizations active now (`now`, when the caller counted them already)."""
    now = fleet_size() if now is None else now
    past = [day for day in days if day < today]
    if not past:
        return dict.fromkeys(days, now)
    first, last = min(past), max(past)
    # In force on a day = granted by then, less those also ended by then. Each is counted
    # by the day it happened (any day before the month's first as the first), in two
    # grouped statements: the spans of every Termo, read into Python and tested day by
    # day, took half a second for each month at a million cases (issue 25).
    on_first = Value(first, output_field=DateField())
    granted = (
        Authorization.objects.filter(granted_on__lte=last)
        .annotate(on=Greatest("granted_on", on_first))
        .values("on")
        .annotate(n=Count("pk"))
        .values_list("on", "n")
    )
    ended = (
        Authorization.objects.filter(granted_on__lte=last, ended_on__lte=last)
        .annotate(on=Greatest("granted_on", "ended_on", on_first))
        .values("on")
        .annotate(n=Count("pk"))
        .values_list("on", "n")
    )
    change = Counter(dict(granted))
    change.subtract(dict(ended))
    fleets: dict[dt.date, int] = {}
    in_force = 0
    for day in days:
        in_force += change.get(day, 0)
        fleets[day] = now if day >= today else in_force
    return fleets


def roster_month(year: int, month: int, *, today: dt.date | None = None) -> RosterMonth:
    """The month's roster as a calendar, each shift below 50 % of that day's fleet marked
    (Art. 37 VII)."""
    today = today or timezone.localdate()
    first = dt.date(year, month, 1)
    days = [first + dt.timedelta(days=i) for i in range(stdlib_calendar.monthrange(year, month)[1])]
    now = fleet_size()
    fleets = fleet_by_day(days, today=today, now=now)
    # An entry counts on a day its taxi's authorization was in force (a past month keeps
    # the taxis it had).
    counts = Counter(
        (row["day"], row["shift"])
        for row in RosterEntry.objects.filter(day__gte=days[0], day__lte=days[-1])
        .filter(authorization__granted_on__lte=F("day"))
        .filter(Q(authorization__ended_on__isnull=True) | Q(authorization__ended_on__gt=F("day")))
        .exclude(Q(day__gte=today) & ~Q(authorization__status=Authorization.Status.ACTIVE))
        .values("day", "shift")
    )
    calendar = municipal_calendar()
    fleet = fleets[days[-1]] if days[-1] < today else now
    found = law_roster.shortfalls(days=days, scheduled=counts, fleet=fleets, calendar=calendar)
    short = {(s.day, s.shift) for s in found}
    cells: list[RosterDay | None] = [None] * first.weekday()
    for day in days:
        cells.append(
            RosterDay(
                day=day,
                guarded={s: law_roster.is_guarded(day, s, calendar) for s in law_roster.SHIFTS},
                scheduled={s: counts.get((day, s), 0) for s in law_roster.SHIFTS},
                short={s: (day, s) in short for s in law_roster.SHIFTS},
                holiday=law_roster.is_holiday(day, calendar),
            )
        )
    while len(cells) % 7:
        cells.append(None)
    weeks = [cells[i : i + 7] for i in range(0, len(cells), 7)]
    return RosterMonth(
        year=year,
        month=month,
        fleet=fleet,
        required=law_roster.minimum_in_service(fleet),
        weeks=weeks,
        shortfalls=found,
    )


def roster_entries(*, start: dt.date, end: dt.date) -> QuerySet[RosterEntry]:
    return (
        RosterEntry.objects.filter(day__gte=start, day__lte=end)
        .select_related("authorization__vehicle", "authorization__holder")
        .order_by("day", "shift", "authorization__number")
    )


def roster_of_driver(driver: Driver, *, start: dt.date) -> QuerySet[RosterEntry]:
    """A driver's own shifts from ``start`` on (his taxi, as holder or auxiliary)."""
    return roster_entries(start=start, end=start + dt.timedelta(days=62)).filter(
        authorization__in=authorizations_of_driver(driver)
    )


# --- Associations ------------------------------------------------------------------------


def _counted_for_vehicles() -> Subquery:
    """Art. 3 §1 II and §2, per association (the outer query): its current members holding
    an authorization in force who were not counted first by another association — a
    member is counted by the association he joined first (earlier `since`, then the
    earlier row), where he is still a member."""
    earlier = (
        Membership.objects.filter(driver=OuterRef("driver"), ended_on__isnull=True)
        .exclude(association=OuterRef("association"))
        .filter(Q(since__lt=OuterRef("since")) | Q(since=OuterRef("since"), pk__lt=OuterRef("pk")))
    )
    counted = (
        Membership.objects.filter(
            association=OuterRef("pk"),
            ended_on__isnull=True,
            driver__authorizations__status=Authorization.Status.ACTIVE,
        )
        .exclude(Exists(earlier))
        .order_by()
        .values("association")
        .annotate(n=Count("driver", distinct=True))
        .values("n")
    )
    return Subquery(counted, output_field=IntegerField())


def associations() -> QuerySet[Association]:
    """The associations with their current members and vehicles, ``counted``: the members
    holding an authorization in force (Art. 3 §1 III), and ``counted_for_vehicles``: those
    of them this association counts for its limit of vehicles (§1 II, §2)."""
    active = Membership.objects.filter(ended_on__isnull=True).select_related("driver")
    return (
        Association.objects.prefetch_related(
            Prefetch("memberships", queryset=active, to_attr="active_members"),
            "vehicles__vehicle",
        )
        .annotate(
            counted=Count(
                "memberships__driver",
                filter=Q(
                    memberships__ended_on__isnull=True,
                    memberships__driver__authorizations__status=Authorization.Status.ACTIVE,
                ),
                distinct=True,
            ),
            counted_for_vehicles=Coalesce(_counted_for_vehicles(), 0),
        )
        .order_by("name")
    )


def members_counted_for_vehicles(association: Association) -> int:
    """Art. 3 §1 II and §2: the members this association counts for its limit of vehicles."""
    return int(
        Association.objects.filter(pk=association.pk)
        .annotate(n=Coalesce(_counted_for_vehicles(), 0))
        .values_list("n", flat=True)
        .get()
    )


def members_holding_authorization(association: Association) -> int:
    """Art. 3 §1 III: members holding an authorization in force (every member: §2 speaks of
    the limit of II only)."""
    return (
        Membership.objects.filter(
            association=association,
            ended_on__isnull=True,
            driver__authorizations__status=Authorization.Status.ACTIVE,
        )
        .values("driver")
        .distinct()
        .count()
    )


def retention_of(vehicle_id: int) -> ExecutiveUse | None:
    """Art. 3 §5: the open use that keeps this taxi retained at its association, if any."""
    return (
        ExecutiveUse.objects.filter(retained_vehicle_id=vehicle_id, ended_at__isnull=True)
        .select_related("executive__association", "executive__vehicle")
        .first()
    )


def executive_by_plate(plate: str) -> ExecutiveVehicle | None:
    """An executive taxi in the association's fleet by its (normalized) plate."""
    return (
        ExecutiveVehicle.objects.filter(vehicle__plate=plate, ended_on__isnull=True)
        .select_related("association", "vehicle")
        .first()
    )


# --- Municipal calendar ------------------------------------------------------------------


@dataclass(frozen=True)
class CalendarEntry:
    day: dt.date
    label: str
    source: str  # "public" (national/state), "municipal", "closed", "open", "optional"
    act: str = ""
    declared: str = ""  # for an optional day: "closed", "open" or "" (not declared yet)


def _holiday_language() -> str:
    """The holidays package's name for the page's language (its own default is English)."""
    active = (translation.get_language() or settings.LANGUAGE_CODE).lower()
    return "en_US" if active.startswith("en") else "pt_BR"


def calendar_year(year: int) -> list[CalendarEntry]:
    """Every day of ``year`` that is not an ordinary business day, or is an optional day
    still to be declared: what the business-day counting of law.calendar reads."""
    entries: list[CalendarEntry] = []
    public = holidays.country_holidays(
        law_calendar.COUNTRY,
        subdiv=law_calendar.SUBDIVISION,
        years=year,
        categories=law_calendar.HOLIDAY_CATEGORIES,
        language=_holiday_language(),
    )
    entries += [
        CalendarEntry(day=d, label=str(name), source="public") for d, name in public.items()
    ]
    for item in settings.MUNICIPAL_HOLIDAYS:
        month, day = (int(p) for p in item.split("-"))
        with contextlib.suppress(ValueError):
            entries.append(
                CalendarEntry(day=dt.date(year, month, day), label="", source="municipal")
            )
    declared = {row.day: row for row in CalendarDay.objects.filter(day__year=year)}
    optional = dict(law_municipal.optional_days(year))
    for day, row in declared.items():
        entries.append(
            CalendarEntry(
                day=day,
                label=optional.get(day, ""),
                source=row.kind,
                act=row.reason,
                declared=row.kind,
            )
        )
    for day, label in optional.items():
        if day not in declared:
            entries.append(CalendarEntry(day=day, label=label, source="optional"))
    return sorted(entries, key=lambda e: (e.day, e.source))
