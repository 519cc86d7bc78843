"""The vehicle's inspection (Art. 20): a clerk (or a fiscal agent) books it, the recorded
result passes or fails the case, with the failed items from `law.inspection.failed_items`.

`inspection_transitions` gives a kind the transitions; `InspectionStep` holds what is the
kind's own (which vehicle, what more is waived, the notices); `inspection_edges` gives
its table the edges and `inspection_hook` its `Workflow.on_inspection_recorded`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from django.db import transaction
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l
from django_fsm import can_proceed, transition

from accounts.models import User
from accounts.roles import CLERK, Role
from cases.errors import RuleViolation
from cases.models import Case
from cases.services.transitions import case_lock, case_step
from cases.workflow import ActionField, Edge, workflow_for
from inspections.models import Inspection
from inspections.services import inspection_cancel, inspection_schedule
from law import inspection as law_inspection
from law.citations import ART_20
from registers.models import Vehicle

INSPECTORS = frozenset({Role.CLERK, Role.FISCAL_AGENT})
SCHEDULE_LABEL = _l("Agendar vistoria")


def inspection_transitions(
    *, ready: str | Sequence[str], scheduled: str, passed: str, failed: str
) -> type:
    """The inspection transitions: booked from `ready`, then `passed` or `failed`."""

    class InspectionTransitions:
        @transition(
            field="state",
            source=[ready] if isinstance(ready, str) else list(ready),
            target=scheduled,
        )
        def schedule_inspection(self) -> None:
            """The inspection (or the reinspection) of the vehicle was booked (Art. 20)."""

        @transition(field="state", source=scheduled, target=passed)
        def pass_inspection(self) -> None:
            """Every item of the inspection was met (Arts. 10 II, 11, 20)."""

        @transition(field="state", source=scheduled, target=failed)
        def fail_inspection(self) -> None:
            """Some item failed; it is fixed and the vehicle inspected again (Art. 20)."""

    return InspectionTransitions


def _nothing_more(case: Case) -> frozenset[str]:
    return frozenset()


@dataclass(frozen=True)
class InspectionStep:
    """What a kind's inspection has of its own."""

    # The vehicle inspected: the proposed one, the authorization's, the new one.
    vehicle: Callable[[Case], Vehicle]
    # The requester is told where and when: (case, inspection).
    on_scheduled: Callable[[Case, Inspection], None] | None = None
    # The requester is told what failed: (case, inspection, failed items).
    on_failed: Callable[[Case, Inspection, list[law_inspection.InspectionItem]], None] | None = None
    # What must hold before booking (the documents reviewed).
    guard: Callable[[Case], None] | None = None
    # Items waived for this case beyond the kind's `Workflow.inspection_waives`.
    waives: Callable[[Case], frozenset[str]] = _nothing_more


def case_inspection_schedule(
    *,
    case: Case,
    actor: User,
    step: InspectionStep,
    note: str = "",
    when: dt.datetime,
    place: str = "",
) -> Case:
    """Book the inspection of the kind's vehicle and tell the requester (Art. 20)."""
    place = " ".join((place or "").split())
    if not place:
        raise RuleViolation(_("Informe o local da vistoria."), article=ART_20, code="place_missing")
    if timezone.is_naive(when):
        when = timezone.make_aware(when)
    with transaction.atomic(durable=True):
        locked = case_step(
            case=case,
            action="schedule_inspection",
            actor=actor,
            note=note,
            guard=step.guard,
            data={"when": when.isoformat(), "place": place},
        )
        inspection = inspection_schedule(
            case=locked, vehicle=step.vehicle(locked), when=when, place=place, actor=actor
        )
        if step.on_scheduled is not None:
            step.on_scheduled(locked, inspection)
    return locked


def inspection_recorded(
    *, case: Case, inspection: Inspection, actor: User, step: InspectionStep
) -> None:
    """Workflow hook, in the recording transaction: the result moves the case (Art. 20).

    A result that finds the case no longer waiting for it (withdrawn meanwhile), or that
    is of another vehicle than the one the case is about, stays on the record only.
    """
    locked = case_lock(case)
    if not can_proceed(locked.pass_inspection) or inspection.vehicle_id != step.vehicle(locked).pk:
        return
    waived = workflow_for(locked.kind).inspection_waives | step.waives(locked)
    failed = law_inspection.failed_items(inspection.items, waived=waived)
    stepped = case_step(
        case=locked,
        action="fail_inspection" if failed else "pass_inspection",
        actor=actor,
        note=inspection.notes,
        data={"inspection": inspection.pk, "failed": [item.code for item in failed]},
    )
    if failed and step.on_failed is not None:
        step.on_failed(stepped, inspection, failed)


def inspection_hook(step: InspectionStep) -> Callable[..., None]:
    """The kind's `Workflow.on_inspection_recorded`."""
    return partial(inspection_recorded, step=step)


def inspections_call_off(case: Case, *, actor: User | None, note: str = "") -> None:
    """Withdrawal effect: a booked inspection is no longer needed."""
    for inspection in Inspection.objects.filter(case=case, status=Inspection.Status.SCHEDULED):
        inspection_cancel(inspection=inspection, actor=actor, note=note)


def inspection_edges(
    *,
    step: InspectionStep,
    roles: frozenset[str] = CLERK,
    label: str | Promise = SCHEDULE_LABEL,
) -> tuple[Edge, Edge, Edge]:
    """Book (by `roles`); pass and fail, fired by recording the result on the case page
    or the API (`on_inspection_recorded`), never as actions of their own."""
    return (
        Edge(
            "schedule_inspection",
            label,
            ART_20,
            roles=roles,
            inputs=(
                ActionField("when", _l("Data e hora"), "datetime"),
                ActionField("place", _l("Local")),
            ),
            service=partial(case_inspection_schedule, step=step),
        ),
        Edge("pass_inspection", _l("Vistoria aprovada"), ART_20, roles=INSPECTORS, internal=True),
        Edge("fail_inspection", _l("Vistoria reprovada"), ART_20, roles=INSPECTORS, internal=True),
    )
