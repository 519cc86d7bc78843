"""What the driver's portal shows: where the driver stands, and what he may ask for.

A read model, no writes: his authorizations with the IM's validity, what keeps a
suspended one off the road and until when, the vehicle's age deadline (Art. 12), his
points against the revocation thresholds (Art. 59 V d-e), his open cases with their next
step and its date, and the requests his situation allows — each with the rule that would
refuse it stated up front, so nobody learns it from a refusal at the end of a form. The
services still check every rule; this only decides what to offer and what to say.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cache

from django.db.models import Prefetch
from django.utils.functional import Promise
from django.utils.translation import gettext as _

from accounts.models import User
from cases.explanations import deadline_explanations
from cases.models import Case, Deadline
from cases.selectors import Outlook, cases_of_person, decision_outlooks
from cases.workflow import (
    REQUESTER,
    SYSTEM,
    DriverStanding,
    all_workflows,
    next_party,
    state_label,
    workflow_for,
)
from documents.selectors import registration_in_force
from law import points as law_points
from law.calendar import Calendar
from law.vehicles import age_deadline
from registers.calendar import municipal_calendar
from registers.models import Authorization, Driver, MunicipalRegistration, PointRecord
from registers.selectors import vehicle_in_service_at_publication
from registers.validators import format_cpf
from workflows.holds import Hold, authorization_holds

IN_FORCE = (Authorization.Status.ACTIVE, Authorization.Status.SUSPENDED)
IM_EXPIRY_WARNING_DAYS = 30
"""The renewal reminders start 30 days before the IM expires (renewal cycle)."""


@dataclass(frozen=True)
class AuthorizationStanding:
    authorization: Authorization
    registration: MunicipalRegistration | None
    im_in_force: bool
    im_days_left: int | None
    holds: tuple[Hold, ...]
    vehicle_leaves_service_by: dt.date

    @property
    def back_on(self) -> dt.date | None:
        """The first day the taxi may work again, when every hold has an end."""
        if not self.holds or any(h.last_day is None for h in self.holds):
            return None
        return max(h.last_day for h in self.holds if h.last_day) + dt.timedelta(days=1)

    @property
    def im_expires_soon(self) -> bool:
        return self.im_days_left is not None and 0 <= self.im_days_left <= IM_EXPIRY_WARNING_DAYS


@dataclass(frozen=True)
class PointsStanding:
    """Art. 59 V d-e: more than 20 points in 12 months, or 50 in 36, leads to revocation."""

    short: Decimal
    long: Decimal
    short_max: int = law_points.SHORT_WINDOW_MAX_POINTS
    long_max: int = law_points.LONG_WINDOW_MAX_POINTS

    @property
    def over(self) -> bool:
        return self.short > self.short_max or self.long > self.long_max

    @property
    def near(self) -> bool:
        """Within one group-3 infraction (5 points, Art. 56 III) of a threshold."""
        return not self.over and (self.short + 5 > self.short_max or self.long + 5 > self.long_max)


@dataclass(frozen=True)
class OpenCase:
    case: Case
    state: str
    next_step: str
    next_due: dt.date | None
    article: str
    # Who acts next (cases.workflow.next_party): "requester" when it is the driver's turn.
    who: str = ""
    summary: str = ""  # the kind's line about it (a notice's penalty, Workflow.summaries)
    # When it is expected to be decided and its place in line (issue 24 §2).
    outlook: Outlook | None = None
    # How the next deadline's last day was counted (issue 24 §3), sentence by sentence.
    count: tuple[str, ...] = ()


@dataclass(frozen=True)
class RequestOption:
    url_name: str
    label: str | Promise
    rule: str | Promise
    """The rule that would refuse the request, said before the driver starts."""
    kind: str = ""
    """The case kind it files: not offered while the driver has one of that kind open."""


@dataclass(frozen=True)
class PortalView:
    driver: Driver | None
    cpf: str
    authorizations: list[AuthorizationStanding] = field(default_factory=list)
    points: PointsStanding | None = None
    open_cases: list[OpenCase] = field(default_factory=list)
    requests: list[RequestOption] = field(default_factory=list)


def authorization_standing(
    authorization: Authorization,
    today: dt.date,
    *,
    registrations: list[MunicipalRegistration] | None = None,
    calendar: Calendar | None = None,
) -> AuthorizationStanding:
    """`registrations`: the authorization's IMs and `calendar` the municipal calendar, when
    the caller has read them already (each is read here otherwise)."""
    if registrations is None:
        registrations = list(MunicipalRegistration.objects.filter(authorization=authorization))
    registration = registration_in_force(authorization, today, registrations=registrations)
    in_force = bool(
        registration
        and registration.status
        in (MunicipalRegistration.Status.VALID, MunicipalRegistration.Status.SUPERSEDED)
        and registration.valid_from <= today <= registration.valid_until
    )
    return AuthorizationStanding(
        authorization=authorization,
        registration=registration,
        im_in_force=in_force,
        im_days_left=(registration.valid_until - today).days if registration else None,
        holds=authorization_holds(authorization)
        if authorization.status == Authorization.Status.SUSPENDED
        else (),
        # Art. 70's grace is the car's (did this vehicle serve at the publication?), not
        # the holder's: a vehicle that entered later has none.
        vehicle_leaves_service_by=age_deadline(
            authorization.vehicle.manufacture_year,
            in_service_at_publication=vehicle_in_service_at_publication(
                authorization, registrations=registrations
            ),
            calendar=calendar,
        ),
    )


def points_standing(driver: Driver, today: dt.date) -> PointsStanding:
    record = list(PointRecord.objects.filter(driver=driver).values_list("on", "points"))
    return PointsStanding(
        short=law_points.points_in_window(record, today, law_points.SHORT_WINDOW_MONTHS),
        long=law_points.points_in_window(record, today, law_points.LONG_WINDOW_MONTHS),
    )


def open_cases(
    user: User,
    today: dt.date,
    *,
    limit: int = 50,
    calendar: Callable[[], Calendar] = municipal_calendar,
) -> list[OpenCase]:
    """The user's open cases, each with its nearest pending deadline (what comes next);
    `calendar` gives the municipal calendar, asked only when a deadline is explained."""
    pending = Deadline.objects.filter(state=Deadline.State.PENDING).order_by("due_on", "id")
    rows = (
        cases_of_person(user)
        .filter(closed_at__isnull=True)
        .prefetch_related(Prefetch("deadlines", queryset=pending, to_attr="pending"))
        .order_by("-opened_at")[:limit]
    )
    rows = list(rows)
    summaries: dict[int, str] = {}
    for kind in {case.kind for case in rows}:
        summarize = workflow_for(kind).summaries
        if summarize is not None:
            summaries.update(summarize([case for case in rows if case.kind == kind]))
    parties = {case.pk: next_party(case.kind, case.state) for case in rows}
    # A case waiting for the administration has a place in its line; one waiting for the
    # driver or for a date has not.
    nearest = {case.pk: case.pending[0] for case in rows if case.pending}  # type: ignore[attr-defined]
    outlooks = decision_outlooks(
        rows,
        in_line={pk for pk, p in parties.items() if p.key not in (REQUESTER, SYSTEM)},
        nearest=nearest,
    )
    explanations = (
        deadline_explanations(nearest.values(), calendar=calendar()) if nearest else {}
    )
    result = []
    for case in rows:
        nearest = case.pending[0] if case.pending else None  # type: ignore[attr-defined]
        party = parties[case.pk]
        if party.key == REQUESTER and party.actions:
            step = _("Sua vez: %(what)s") % {
                "what": "; ".join(str(edge.label) for edge in party.actions)
            }
        elif party.key == REQUESTER:
            step = _("Sua vez")
        else:
            step = _("Aguardando %(who)s") % {"who": party.label}
        if nearest:
            # A row's label is stored in Portuguese; the reader's language is asked for.
            step = f"{step} — {_(nearest.label)}"
        result.append(
            OpenCase(
                case=case,
                state=state_label(case.kind, case.state),
                next_step=step,
                next_due=nearest.due_on if nearest else None,
                article=nearest.article if nearest else "",
                who=party.key,
                summary=summaries.get(case.pk, ""),
                outlook=outlooks.get(case.pk),
                count=tuple(explanations[nearest.pk].lines) if nearest else (),
            )
        )
    return result


def request_options(standing: DriverStanding | None) -> list[RequestOption]:
    """The requests that make sense for this driver today, each kind deciding from his
    standing (its `Workflow.offer`); None is someone not yet a registered driver. A request
    of a kind he already has open is not offered twice."""
    offered = sorted(
        (w for w in all_workflows() if w.offer is not None and w.filing is not None),
        key=lambda w: (w.offer.position if w.offer else 0, w.kind),
    )
    options = []
    for workflow in offered:
        offer, filing = workflow.offer, workflow.filing
        assert offer is not None and filing is not None
        if standing is None:
            wanted = offer.unregistered
        else:
            pending = {kind for kind, _state in standing.open_cases}
            wanted = offer.when(standing) and not (offer.once and workflow.kind in pending)
        if wanted:
            options.append(
                RequestOption(
                    filing.url_name, filing.label, offer.rule, workflow.kind if offer.once else ""
                )
            )
    return options


def standing_of(standings: list[AuthorizationStanding], cases: list[OpenCase]) -> DriverStanding:
    """What the kinds' offers read of the driver (Arts. 12, 18, 22 §4, 23-25, 27, 63, 67)."""
    held = [s for s in standings if s.authorization.status in IN_FORCE]
    return DriverStanding(
        holds_authorization=bool(held),
        active=any(s.authorization.status == Authorization.Status.ACTIVE for s in held),
        im_due=any(s.im_expires_soon or not s.im_in_force for s in held),
        open_cases=frozenset((c.case.kind, c.case.state) for c in cases),
    )


def portal_view(user: User, today: dt.date) -> PortalView:
    """Everything the portal shows for `user` on `today`."""
    from registers.selectors import driver_of

    # The calendar is read once, by the first deadline or vehicle that asks for it.
    calendar = cache(municipal_calendar)
    driver = driver_of(user)
    cases = open_cases(user, today, calendar=calendar)
    if driver is None:
        return PortalView(driver=None, cpf="", open_cases=cases, requests=request_options(None))
    authorizations = list(
        Authorization.objects.filter(holder=driver, status__in=IN_FORCE)
        .select_related("vehicle")
        .order_by("-granted_on")
    )
    # The IMs of every authorization in one read (each one's IM in force, and whether
    # its vehicle served at the law's publication, are asked of them).
    registrations: dict[int, list[MunicipalRegistration]] = {a.pk: [] for a in authorizations}
    for im in MunicipalRegistration.objects.filter(authorization__in=authorizations):
        registrations[im.authorization_id].append(im)
    standings = [
        authorization_standing(
            a, today, registrations=registrations[a.pk], calendar=calendar()
        )
        for a in authorizations
    ]
    return PortalView(
        driver=driver,
        cpf=format_cpf(driver.cpf) if len(driver.cpf) == 11 else driver.cpf,
        authorizations=standings,
        points=points_standing(driver, today),
        open_cases=cases,
        requests=request_options(standing_of(standings, cases)),
    )
