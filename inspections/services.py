"""Schedule an inspection and record its result item by item (Arts. 11 and 20).

A kind's service calls these inside its own transaction and then moves its case according
to the result (for example an application goes on to the Secretaria's review, or waits
for a reinspection).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.roles import Role, has_role
from cases.errors import NotPermitted, RuleViolation, StateConflict
from cases.models import Case
from cases.services.transitions import case_record
from inspections.models import Inspection
from law import inspection as law_inspection
from law.citations import ART_20
from registers.models import Vehicle

EARLY_WITHOUT_ASKING_DAYS = 2
"""An inspection may be recorded up to two days before the day it was booked for (the
vehicle came in early) without a word; earlier than that the inspector confirms it was
done today (issue 19, item 15: one was recorded a week early by mistake)."""


def _inspector(actor: User) -> None:
    if not has_role(actor, Role.CLERK, Role.FISCAL_AGENT):
        raise NotPermitted(_("Somente servidores e agentes fiscais fazem vistorias."),
                           article=ART_20)


def inspection_schedule(
    *, case: Case, vehicle: Vehicle, when: dt.datetime, place: str, actor: User
) -> Inspection:
    """In the caller's transaction: book the inspection and say so on the case."""
    _inspector(actor)
    if when < timezone.now() - dt.timedelta(minutes=5):
        raise RuleViolation(_("A vistoria não pode ser agendada no passado."))
    if Inspection.objects.filter(case=case, status=Inspection.Status.SCHEDULED).exists():
        raise StateConflict(_("Já há uma vistoria agendada neste processo."))
    inspection = Inspection.objects.create(
        case=case, vehicle=vehicle, scheduled_for=when, place=place
    )
    case_record(case=case, actor=actor, event="inspection_scheduled", article=ART_20,
                data={"inspection": inspection.pk, "when": when.isoformat(), "place": place})
    return inspection


def inspection_record(
    *,
    inspection: Inspection,
    actor: User,
    items: Mapping[str, bool],
    notes: str = "",
    confirm_early: bool = False,
) -> Inspection:
    """In the caller's transaction: every item's result; passed only if all are met.

    An inspection recorded more than `EARLY_WITHOUT_ASKING_DAYS` before the day it was
    booked for is most likely a slip of the row (or of the date): it is refused unless the
    inspector confirms it was done today; the timeline says when one came early (issue 19,
    item 15)."""
    _inspector(actor)
    unknown = set(items) - set(law_inspection.BY_CODE)
    if unknown:
        raise RuleViolation(_("Itens de vistoria desconhecidos: %(items)s.")
                            % {"items": ", ".join(sorted(unknown))})
    with transaction.atomic():
        row = Inspection.objects.select_for_update().get(pk=inspection.pk)
        if row.status != Inspection.Status.SCHEDULED:
            raise StateConflict(_("Esta vistoria já foi registrada."))
        today = timezone.localdate()
        booked_on = timezone.localdate(row.scheduled_for)
        early = today < booked_on
        if (booked_on - today).days > EARLY_WITHOUT_ASKING_DAYS and not confirm_early:
            raise RuleViolation(
                _(
                    "Esta vistoria está agendada para %(day)s. Para registrá-la antes, "
                    "confirme que foi feita hoje, %(today)s."
                )
                % {"day": booked_on.strftime("%d/%m/%Y"), "today": today.strftime("%d/%m/%Y")},
                article=ART_20,
                code="inspection_before_schedule",
            )
        row.items = {item.code: bool(items.get(item.code, False))
                     for item in law_inspection.ITEMS}
        from cases.workflow import workflow_for

        waived = workflow_for(row.case.kind).inspection_waives
        failed = law_inspection.failed_items(row.items, waived=waived)
        row.status = Inspection.Status.FAILED if failed else Inspection.Status.PASSED
        row.notes = notes
        row.inspector = actor
        row.performed_at = timezone.now()
        row.save()
        case_record(
            case=row.case, actor=actor, event="inspection_recorded", article=ART_20,
            note=notes,
            data={"inspection": row.pk, "status": row.status,
                  "failed": [item.code for item in failed],
                  **({"early": True, "scheduled_for": booked_on.isoformat()} if early else {})},
        )
    return row


def inspection_items_from_form(values: Mapping[str, object]) -> dict[str, bool]:
    """Checkbox values named `item_<code>` into {code: bool}."""
    return {item.code: bool(values.get(f"item_{item.code}")) for item in law_inspection.ITEMS}


def inspection_record_for_case(
    *,
    inspection: Inspection,
    actor: User,
    items: Mapping[str, bool],
    notes: str = "",
    confirm_early: bool = False,
) -> Inspection:
    """Record the result and let the case's workflow move on it, in one transaction."""
    from cases.workflow import workflow_for

    with transaction.atomic(durable=True):
        row = inspection_record(
            inspection=inspection, actor=actor, items=items, notes=notes,
            confirm_early=confirm_early,
        )
        hook = workflow_for(row.case.kind).on_inspection_recorded
        if hook is not None:
            hook(case=row.case, inspection=row, actor=actor)
    return row


def inspection_cancel(*, inspection: Inspection, actor: User | None, note: str = "") -> Inspection:
    """In the caller's transaction: a scheduled inspection no longer needed (withdrawal)."""
    with transaction.atomic():
        row = Inspection.objects.select_for_update().get(pk=inspection.pk)
        if row.status != Inspection.Status.SCHEDULED:
            return row
        row.status = Inspection.Status.CANCELLED
        row.save(update_fields=["status"])
        case_record(case=row.case, actor=actor, event="inspection_cancelled", article=ART_20,
                    note=note, data={"inspection": row.pk})
    return row
