"""A driver's, a vehicle's or a Termo's file in one place: its cases, points, penalties,
documents, deadlines and history (staff pages; a driver sees his own through the portal).

Every list reads through `cases_visible_to`, and each is bounded: a register row can have
many cases over the years, the page shows the latest and links to the search for the rest.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TypeVar

from django.db.models import Exists, OuterRef, Q, QuerySet

from accounts.models import User
from cases.models import AuditEvent, Case, Deadline, Document
from cases.selectors import cases_visible_to
from law import points as law_points
from registers.models import (
    Authorization,
    AuxiliaryBinding,
    Driver,
    MunicipalRegistration,
    PointRecord,
    Vehicle,
)
from workflows.violation.models import PenaltyPeriod

SHOWN = 50


@dataclass
class Dossier:
    cases: list[Case]
    more_cases: bool
    documents: list[Document]
    deadlines: list[Deadline]
    events: list[AuditEvent]
    penalties: list[PenaltyPeriod] = field(default_factory=list)
    registrations: list[MunicipalRegistration] = field(default_factory=list)
    bindings: list[AuxiliaryBinding] = field(default_factory=list)
    points: list[PointRecord] = field(default_factory=list)
    points_short: Decimal = Decimal(0)
    points_long: Decimal = Decimal(0)


# Up to this many case ids of a file are handed to its lists as a list of values.
FEW = 1000

# What the file's tables draw (`_dossier.html`), and nothing more: whole rows, joined to
# rows the page never shows, were a third of a file's time (issue 25).
CASE_ROW = ("number", "kind", "state", "applicant", "opened_at", "closed_at")
# What a document's or an event's row shows of its case (the event's label is the kind's).
ROW_CASE = ("case__number", "case__kind")
# What a binding's line shows: the auxiliary and the dates (and, on a driver's file, the
# Termo's number).
BINDING_ROW = ("auxiliary__name", "valid_from", "valid_until", "ended_on")
# What `accounts.display.person_label` reads of an event's author (his groups prefetched).
ACTOR = ("actor__first_name", "actor__last_name", "actor__username", "actor__is_superuser")


def _visible_reached(user: User, paths: list[QuerySet[Case]]) -> QuerySet[Case]:
    """The user's visible cases that any of `paths` reaches.

    Each path is one indexed lookup (the applicant, the Termo, the notice's offender…),
    and they are united: an OR of the three relations made PostgreSQL walk every case to
    test each (112,800 rows read to return 5 at 100,000 cases; issue 25)."""
    first, *rest = [path.values("pk").order_by() for path in paths]
    reached = first.union(*rest) if rest else first
    return cases_visible_to(user).filter(pk__in=reached)


def _case_ids(visible: QuerySet[Case]) -> list[int] | QuerySet[Case]:
    """The ids of `visible`: the few found go on as a list, so each side list is planned
    for what it really reads."""
    pks = visible.order_by().values_list("pk", flat=True)
    ids = list(pks[: FEW + 1])
    return pks if len(ids) > FEW else ids


def with_penalties_flag(authorizations: QuerySet[Authorization]) -> QuerySet[Authorization]:
    """`authorizations`, each with whether a penalty was ever served on it
    (`has_penalties`): few were, and the list of penalties asked of every file's Termos
    was one more statement on most files (issue 25)."""
    served = PenaltyPeriod.objects.filter(authorization=OuterRef("pk"))
    return authorizations.annotate(has_penalties=Exists(served))


def _penalized(authorizations: list[int], rows: list[Authorization] | None) -> list[int]:
    """Of `authorizations`, those a penalty may have been served on: the `rows` read with
    `with_penalties_flag` say which; without them, every one."""
    if rows is None:
        return authorizations
    return [row.pk for row in rows if getattr(row, "has_penalties", True)]


def _dossier(
    user: User, paths: list[QuerySet[Case]], authorizations: list[int], penalized: list[int]
) -> Dossier:
    visible = _visible_reached(user, paths)
    cases = list(
        visible.select_related("applicant")
        .only(*CASE_ROW, "applicant__name")
        .order_by("-opened_at", "-id")[: SHOWN + 1]
    )
    # Most files have a handful of cases: the rows shown are then every id the side lists
    # ask about, and reading the ids first was one more statement on every file.
    ids = [case.pk for case in cases] if len(cases) <= SHOWN else _case_ids(visible)
    deadlines = (
        Deadline.objects.filter(state__in=[Deadline.State.PENDING, Deadline.State.FAILED])
        .filter(Q(case__in=ids) | Q(authorization__in=authorizations))
        .select_related("case", "authorization")
        .only("due_on", "state", "label", "article", "case__number", "authorization__number")
        .order_by("due_on", "id")[:SHOWN]
    )
    # A file's documents and events are of its cases. When it has no more of them than
    # were read above (most have a handful), each row is handed its case from those
    # instead of reading it again, joined to every row.
    every_case_read = isinstance(ids, list) and len(cases) == len(ids)
    read = {case.pk: case for case in cases} if every_case_read else None
    documents = Document.objects.filter(case__in=ids).order_by("-uploaded_at", "-id")
    events = (
        AuditEvent.objects.filter(case__in=ids)
        .select_related("actor")
        .prefetch_related("actor__groups")
        .order_by("-at", "-id")
    )
    return Dossier(
        cases=cases[:SHOWN],
        more_cases=len(cases) > SHOWN,
        documents=_of_cases(documents, read, ("original_name", "uploaded_at", "review")),
        deadlines=list(deadlines),
        events=_of_cases(events, read, ("at", "transition", *ACTOR)),
        penalties=list(
            PenaltyPeriod.objects.filter(authorization__in=penalized)
            .select_related("violation")
            .only("kind", "starts_on", "ends_on", "violation__number")
            .order_by("-starts_on", "-id")[:SHOWN]
        ),
        registrations=list(
            MunicipalRegistration.objects.filter(authorization__in=authorizations)
            .only("number", "valid_from", "valid_until", "status")
            .order_by("-valid_until", "-id")[:SHOWN]
        ),
    )


Row = TypeVar("Row", Document, AuditEvent)


def _of_cases(
    rows: QuerySet[Row], read: dict[int, Case] | None, shown: tuple[str, ...]
) -> list[Row]:
    """The first SHOWN of `rows` (of their columns, `shown`), each with its case: from
    `read` (every case they can name, read already), or joined when the file's cases were
    not all read."""
    if read is None:
        return list(rows.select_related("case").only(*shown, *ROW_CASE)[:SHOWN])
    found = list(rows.only("case", *shown)[:SHOWN])
    for row in found:
        row.case = read[row.case_id]
    return found


def _points_since(today: dt.date) -> dt.date:
    # Only the long window can count (Art. 59 V e: 36 months), so only it is read.
    return law_points.window_start(today, law_points.LONG_WINDOW_MONTHS)


def with_file_lists(drivers: QuerySet[Driver], *, today: dt.date) -> QuerySet[Driver]:
    """`drivers`, each with whether his file has auxiliary bindings (`has_bindings`) and
    points in the long window (`has_points`): most drivers have neither, and each list
    asked anyway was one more statement on every file (issue 25). One indexed lookup per
    relation, as the bindings list itself asks them."""
    bindings = AuxiliaryBinding.objects.all()
    return drivers.annotate(
        has_bindings=Exists(bindings.filter(auxiliary=OuterRef("pk")))
        | Exists(bindings.filter(authorization__holder=OuterRef("pk"))),
        has_points=Exists(
            PointRecord.objects.filter(driver=OuterRef("pk"), on__gt=_points_since(today))
        ),
    )


def driver_dossier(
    user: User,
    driver: Driver,
    *,
    today: dt.date,
    authorizations: list[Authorization] | None = None,
) -> Dossier:
    """`authorizations`: the Termos `driver` holds, when the page has read them (through
    `with_penalties_flag`, those never penalized are not asked for penalties). A driver
    read through `with_file_lists` (for the same `today`) has the lists he has none of
    left unread."""
    ids = (
        [a.pk for a in authorizations]
        if authorizations is not None
        else list(Authorization.objects.filter(holder=driver).values_list("pk", flat=True))
    )
    paths = [
        Case.objects.filter(applicant=driver),
        Case.objects.filter(authorization__in=ids),
        Case.objects.filter(violationnotice__offender=driver),
    ]
    dossier = _dossier(user, paths, ids, _penalized(ids, authorizations))
    if getattr(driver, "has_bindings", True):
        dossier.bindings = list(
            AuxiliaryBinding.objects.filter(Q(auxiliary=driver) | Q(authorization__holder=driver))
            .select_related("auxiliary", "authorization")
            .only(*BINDING_ROW, "authorization__number")
            .order_by("-valid_from")[:SHOWN]
        )
    records: list[PointRecord] = []
    if getattr(driver, "has_points", True):
        records = list(
            PointRecord.objects.filter(driver=driver, on__gt=_points_since(today))
            .select_related("violation")
            .only("on", "points", "article", "violation__number")
            .order_by("-on", "-id")
        )
    entries = [(r.on, r.points) for r in records]
    dossier.points = records
    dossier.points_short = law_points.points_in_window(
        entries, today, law_points.SHORT_WINDOW_MONTHS
    )
    dossier.points_long = law_points.points_in_window(entries, today, law_points.LONG_WINDOW_MONTHS)
    return dossier


def vehicle_dossier(
    user: User, vehicle: Vehicle, *, authorizations: list[Authorization] | None = None
) -> Dossier:
    """`authorizations`: the vehicle's Termos, when the page has read them (through
    `with_penalties_flag`, those never penalized are not asked for penalties)."""
    ids = (
        [a.pk for a in authorizations]
        if authorizations is not None
        else list(Authorization.objects.filter(vehicle=vehicle).values_list("pk", flat=True))
    )
    paths = [
        Case.objects.filter(authorization__in=ids),
        Case.objects.filter(violationnotice__vehicle=vehicle),
    ]
    return _dossier(user, paths, ids, _penalized(ids, authorizations))


def with_termo_file_lists(authorizations: QuerySet[Authorization]) -> QuerySet[Authorization]:
    """`with_penalties_flag`, and whether auxiliaries were ever bound to each Termo
    (`has_bindings`), for the Termo's own file."""
    bound = AuxiliaryBinding.objects.filter(authorization=OuterRef("pk"))
    return with_penalties_flag(authorizations).annotate(has_bindings=Exists(bound))


def authorization_dossier(user: User, authorization: Authorization) -> Dossier:
    """A Termo read through `with_termo_file_lists` has the lists it has none of left
    unread."""
    ids = [authorization.pk]
    paths = [Case.objects.filter(authorization=authorization)]
    dossier = _dossier(user, paths, ids, _penalized(ids, [authorization]))
    if getattr(authorization, "has_bindings", True):
        dossier.bindings = list(
            authorization.auxiliary_bindings.select_related("auxiliary")
            .only(*BINDING_ROW)
            .order_by("-valid_from")[:SHOWN]
        )
    return dossier
