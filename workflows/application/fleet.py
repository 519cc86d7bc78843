"""Places in the fleet (Art. 22 §2-3; Art. 69): reserving one, and the waiting list.

A complete application (approved by the Secretaria) gets a place while the fleet is below
its cap, and keeps it until the mayor decides; otherwise it waits, in filing order. Every
place is given under one row lock (`FleetLock`), so two approvals racing for the last
place are serialised and exactly one gets it. Locks are always taken fleet first, then
cases, so no two services can wait on each other.

When an authorization ends (cancellation, revocation), a denial or a withdrawal frees a
place, `fleet_place_freed` hands it to the next application waiting; the Celery task
`advance_waiting_list` runs the same service periodically as a safety net (a population
figure raised by the administrator frees places too).
"""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils.translation import gettext as _

from cases.services.transitions import case_step, local_today
from workflows.application.models import ApplicationCase, ApplicationState, FleetLock
from workflows.application.notices import application_notify
from workflows.application.selectors import FleetStatus, fleet_status, waiting_list_position


def fleet_lock() -> None:
    """Take the fleet's row lock for the rest of the caller's transaction."""
    FleetLock.objects.bulk_create([FleetLock(id=1)], ignore_conflicts=True)
    FleetLock.objects.select_for_update().get(id=1)


def places_allocate(*, today: dt.date) -> list[ApplicationCase]:
    """Give the free places to the complete applications in filing order (Art. 22 §2).

    The caller holds the fleet lock (`fleet_lock`) in its transaction. An application
    just approved that finds no place enters the waiting list. Returns the applications
    that got a place.
    """
    status = fleet_status(today)
    free = status.free if status is not None else 0
    facts = (
        {"cap": status.cap, "population": status.population} if status is not None else {}
    )
    granted: list[ApplicationCase] = []
    candidates = (
        ApplicationCase.objects.select_for_update()
        .filter(state__in=[ApplicationState.APPROVED, ApplicationState.WAITING_LIST])
        .order_by("opened_at", "id")
    )
    for candidate in candidates:
        if free > 0:
            stepped = case_step(
                case=candidate,
                action="grant_place",
                actor=None,
                kwargs={"on": today},
                data={**facts, "free_places": free},
            )
            application_notify(stepped, "place_granted", on=today, **facts)
            granted.append(stepped)
            free -= 1
        elif candidate.state == ApplicationState.APPROVED:
            stepped = case_step(
                case=candidate,
                action="enter_waiting_list",
                actor=None,
                note=_full_note(status),
                data=facts,
            )
            application_notify(
                stepped, "waiting_list", position=waiting_list_position(stepped), **facts
            )
    return granted


def _full_note(status: FleetStatus | None) -> str:
    if status is None:
        return _("População do IBGE não cadastrada: sem limite calculado (Art. 22 §3).")
    return _("Frota completa: %(occupied)d de %(cap)d vagas ocupadas.") % {
        "occupied": status.occupied,
        "cap": status.cap,
    }


def waiting_list_advance(*, today: dt.date) -> list[ApplicationCase]:
    """Hand every free place to the next applications waiting, in filing order.

    Runs in the caller's transaction when there is one (a cancellation's or a
    revocation's, right after the authorization ended), else in its own.
    """
    with transaction.atomic():
        fleet_lock()
        return places_allocate(today=today)


def fleet_place_freed(*, today: dt.date | None = None) -> list[ApplicationCase]:
    """What other processes call after an authorization ends (Arts. 23, 59 V)."""
    return waiting_list_advance(today=today or local_today())
