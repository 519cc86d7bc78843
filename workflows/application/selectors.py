"""Reads of the application kind: the checklist, the fleet and the waiting list."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import Q, QuerySet
from django.utils.functional import Promise

from accounts.models import User
from cases.models import Case, Document
from cases.selectors import within_visible_cases
from law import fleet as law_fleet
from registers.models import IN_FORCE, Authorization, PopulationFigure
from workflows.application.checklist import ITEMS
from workflows.application.models import ApplicationCase, ApplicationState

MISSING = "missing"


@dataclass(frozen=True)
class ChecklistLine:
    """One item of Art. 10 and where it stands: its latest file and the clerk's review."""

    code: str
    label: str | Promise
    article: str
    status: str  # "missing" or a Document.Review value
    document: Document | None

    @property
    def note(self) -> str:
        return self.document.review_note if self.document else ""

    @property
    def outstanding(self) -> bool:
        """Still to be sent: never sent, or its latest file was refused."""
        return self.status in (MISSING, Document.Review.REJECTED)


def application_checklist(case: Case) -> list[ChecklistLine]:
    """Each item of the checklist with its latest document (a correction supersedes)."""
    latest: dict[str, Document] = {}
    for document in Document.objects.filter(case=case).order_by("uploaded_at", "id"):
        latest[document.item] = document
    lines = []
    for item in ITEMS:
        document = latest.get(item.code)
        lines.append(
            ChecklistLine(
                code=item.code,
                label=item.label,
                article=item.article,
                status=document.review if document else MISSING,
                document=document,
            )
        )
    return lines


def checklist_outstanding(case: Case) -> list[ChecklistLine]:
    return [line for line in application_checklist(case) if line.outstanding]


def _filed_before(case: Case) -> Q:
    return Q(opened_at__lt=case.opened_at) | Q(opened_at=case.opened_at, pk__lt=case.pk)


def waiting_list() -> QuerySet[ApplicationCase]:
    """Approved applications waiting for a place, in filing order (Art. 22 §2)."""
    return ApplicationCase.objects.filter(state=ApplicationState.WAITING_LIST).order_by(
        "opened_at", "id"
    )


def waiting_list_position(case: Case) -> int | None:
    """1 for the next application to get a place; None when the case is not waiting."""
    if case.state != ApplicationState.WAITING_LIST:
        return None
    return waiting_list().filter(_filed_before(case)).count() + 1


def population_figure(today: dt.date) -> PopulationFigure | None:
    """The newest IBGE figure of a year not after `today`'s (Art. 22 §3)."""
    return PopulationFigure.objects.filter(year__lte=today.year).order_by("-year").first()


@dataclass(frozen=True)
class FleetStatus:
    population: int
    cap: int
    in_force: int
    reserved: int

    @property
    def occupied(self) -> int:
        return self.in_force + self.reserved

    @property
    def free(self) -> int:
        return law_fleet.free_places(self.population, self.occupied)


def fleet_status(today: dt.date) -> FleetStatus | None:
    """How full the fleet is; None while no population figure is known.

    Every authorization in force counts, the ones kept from before the law included
    (Arts. 22 §2 and 69; docs/interpretations.md "Fleet cap"); a suspended one counts too,
    since it comes back into service. An application that was given a place and awaits
    homologation holds that place.
    """
    figure = population_figure(today)
    if figure is None:
        return None
    return FleetStatus(
        population=figure.population,
        cap=law_fleet.fleet_cap(figure.population),
        in_force=Authorization.objects.filter(status__in=IN_FORCE).count(),
        reserved=ApplicationCase.objects.filter(
            state=ApplicationState.AWAITING_HOMOLOGATION
        ).count(),
    )


def applications_visible_to(user: User) -> QuerySet[ApplicationCase]:
    """The applications the user may see, through the one scoping of cases."""
    return (
        within_visible_cases(ApplicationCase.objects.all(), user, case="pk")
        .select_related("applicant", "vehicle", "authorization")
        .order_by("-opened_at", "-id")
    )
