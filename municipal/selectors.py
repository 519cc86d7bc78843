"""Reads of the municipal registers, with the related rows each page and endpoint needs."""

from __future__ import annotations

import calendar as stdlib_calendar
import contextlib
import datetime as dt
from collections import Counter
from dataclasses import dataclass

import holidays
from django.conf import settings
from django.core.cache import cache
from django.db.models import (
    Count,
    Exists,
    F,
    IntegerField,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
)
from django.db.models.functions import Coalesce
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
from registers.models import Authorization, AuxiliaryBinding, CalendarDay, Driver

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
    """The taxis a driver drives: his own, or the holder's he is bound to as auxiliary.

    One indexed lookup per path (his Termos, his bindings), united, then the Termos by
    primary key: an OR across the join to the bindings made PostgreSQL read every
    authorization in force (45 ms at a million cases, issue 25)."""
    own = Authorization.objects.filter(holder=driver).values("pk").order_by()
    bound = (
        AuxiliaryBinding.objects.filter(auxiliary=driver, ended_on__isnull=True)
        .values("authorization")
        .order_by()
    )
    return authorizations_in_force().filter(pk__in=own.union(bound))


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


# What a row of the register's page shows (municipal/lost_property/list.html): the item's
# own columns and its taxi's plate. Read whole with the driver, the clerk who received it
# and the deadline, a page of fifty built five models a row (issue 25: the page by cursor at
# 4× the trivial endpoint at a million cases).
LOST_ITEM_ROW_FIELDS = (
    "receipt_number", "description", "found_on", "due_on", "handing_in_overdue",
    "handed_in_late", "status", "destination", "authorization__vehicle__plate",
)


def lost_item_rows(rows: QuerySet[LostItem]) -> QuerySet[LostItem]:
    """`rows` (of `lost_items_visible_to`) read as the register's page lists them."""
    return rows.select_related(None).select_related("authorization__vehicle").only(
        *LOST_ITEM_ROW_FIELDS
    )


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


def fleet_by_day(days: list[dt.date], *, today: dt.date) -> dict[dt.date, int]:
    """Art. 37 VII: the fleet of each day. A past day's is the taxis whose authorization
    was in force that day (granted by then, not yet ended); today's and a future day's,
    the authorizations active now.

    The past days' fleets are the authorizations in force on all of them, counted, plus
    those granted or ended among them, read one by one (a few): reading the span of every
    authorization and testing it against each day cost 0.3 s on the 6th of a month at a
    million cases, ten times that at its end (issue 25)."""
    ahead = [day for day in days if day >= today]
    past = [day for day in days if day < today]
    fleets = dict.fromkeys(ahead, fleet_size()) if ahead else {}
    if not past:
        return fleets
    first, last = min(past), max(past)
    spans = Authorization.objects.order_by()
    steady = (
        spans.filter(granted_on__lte=first)
        .filter(Q(ended_on__isnull=True) | Q(ended_on__gt=last))
        .count()
    )
    changing = list(
        spans.filter(granted_on__lte=last)
        .filter(Q(ended_on__isnull=True) | Q(ended_on__gt=first))
        .filter(Q(granted_on__gt=first) | Q(ended_on__lte=last))
        .values_list("granted_on", "ended_on")
    )
    for day in past:
        fleets[day] = steady + sum(
            1 for start, end in changing if start <= day and (end is None or day < end)
        )
    return {day: fleets[day] for day in days}


def month_fleets(days: list[dt.date], *, today: dt.date) -> dict[dt.date, int]:
    """`fleet_by_day` of a month's days, counted at most once every
    ROSTER_FLEET_CACHE_SECONDS for the same month and day and kept in the cache: each
    count reads every authorization (at a million cases, 250,000 of them: tens of ms
    a count, issue 25), and a fleet changes when a Termo is granted or ends, not from one
    look at the roster to the next."""
    seconds = settings.ROSTER_FLEET_CACHE_SECONDS
    key = f"roster-fleet:{days[0].isoformat()}:{days[-1].isoformat()}:{today.isoformat()}"
    kept = cache.get(key) if seconds else None
    if isinstance(kept, dict):
        return kept
    fleets = fleet_by_day(days, today=today)
    if seconds:
        cache.set(key, fleets, seconds)
    return fleets


def roster_month(year: int, month: int, *, today: dt.date | None = None) -> RosterMonth:
    """The month's roster as a calendar, each shift below 50 % of that day's fleet marked
    (Art. 37 VII)."""
    today = today or timezone.localdate()
    first = dt.date(year, month, 1)
    days = [first + dt.timedelta(days=i) for i in range(stdlib_calendar.monthrange(year, month)[1])]
    fleets = month_fleets(days, today=today)
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
    # The month's last day's fleet: the fleet it ended with, or, this month and the ones
    # ahead, the fleet now.
    fleet = fleets[days[-1]]
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


def _counted_members() -> Subquery:
    """Art. 3 §1 III, per association (the outer query): its current members holding an
    authorization in force."""
    counted = (
        Membership.objects.filter(
            association=OuterRef("pk"),
            ended_on__isnull=True,
            driver__authorizations__status=Authorization.Status.ACTIVE,
        )
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
    # Of a member's driver the name, of a taxi's vehicle its plate and colour: what the
    # association's page and the API show. Whole rows cost a third of the API's answer
    # (issue 25); the vehicles come joined, not by a third query.
    active = (
        Membership.objects.filter(ended_on__isnull=True)
        .select_related("driver")
        .only("association", "driver__name", "since", "ended_on")
    )
    taxis = ExecutiveVehicle.objects.select_related("vehicle").only(
        "association", "seal", "registered_on", "ended_on", "vehicle__plate", "vehicle__colour"
    )
    return (
        Association.objects.prefetch_related(
            Prefetch("memberships", queryset=active, to_attr="active_members"),
            Prefetch("vehicles", queryset=taxis),
        )
        # Both counts as subqueries: counted over a join of the members, the rows were
        # grouped by the other count, which PostgreSQL then ran once per member (120 runs,
        # ~30 ms whatever the register's size: issue 25).
        .annotate(
            counted=Coalesce(_counted_members(), 0),
            counted_for_vehicles=Coalesce(_counted_for_vehicles(), 0),
        )
        .order_by("name")
    )


def association_rows() -> QuerySet[Association]:
    """The associations page's rows, by name: each with ``counted`` (as `associations`),
    ``member_count`` (its current members) and ``vehicle_count`` (its executive taxis,
    ended or not), counted by PostgreSQL. The page shows the numbers only: loading every
    member with his driver's row and every taxi with its vehicle to count them in the
    template was most of the page (issue 25)."""
    members = (
        Membership.objects.filter(association=OuterRef("pk"), ended_on__isnull=True)
        .order_by()
        .values("association")
        .annotate(n=Count("pk"))
        .values("n")
    )
    vehicles = (
        ExecutiveVehicle.objects.filter(association=OuterRef("pk"))
        .order_by()
        .values("association")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return (
        Association.objects.only("name", "kind", "colour")
        .annotate(
            member_count=Coalesce(Subquery(members, output_field=IntegerField()), 0),
            vehicle_count=Coalesce(Subquery(vehicles, output_field=IntegerField()), 0),
            counted=Coalesce(_counted_members(), 0),
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
    try:
        # get, not first: one open use a taxi at most (own_taxi_retained_once), and first's
        # ORDER BY made Django hash each of the ~40 columns selected to match it against
        # them, on every public verification (issue 25).
        return ExecutiveUse.objects.select_related(
            "executive__association", "executive__vehicle"
        ).get(retained_vehicle_id=vehicle_id, ended_at__isnull=True)
    except ExecutiveUse.DoesNotExist:
        return None


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
