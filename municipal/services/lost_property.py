"""Lost property (Art. 37 XVIII): reported, handed in against a numbered receipt, closed.

The handing-in deadline is a row of the cases engine (a register's deadline, on the taxi's
authorization): when it passes with the object not handed in, the sweeper marks the row
overdue, where the clerks see it.
"""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.services import personal_data_read
from cases.errors import NotPermitted, RuleViolation, StateConflict, from_law
from cases.models import Case, Deadline
from cases.services.deadlines import deadline_handler, deadline_start
from core.dates import UNDER_THE_LAW, dates_within
from core.sequences import sequence_next
from law import deadlines as law_deadlines
from law import lost_property as law
from law.errors import LawError
from municipal.models import LostItem, LostItemSequence
from municipal.permissions import may_keep_registers, require_register_keeper
from registers.calendar import municipal_calendar
from registers.models import Authorization, Driver

HANDING_IN = "lost_property_handing_in"
RECEIPT_PREFIX = "RO"
"""Recibo de Objeto: "RO-2026/000012"."""


def _check(call, **kwargs):  # type: ignore[no-untyped-def]
    try:
        return call(**kwargs)
    except LawError as exc:
        raise from_law(exc) from exc


def lost_item_read(*, actor: User, item: LostItem, channel: str, path: str) -> None:
    """Log a read of the object: it names the driver who found it (Art. 37 XVIII), on a
    page, the API or the receipt alike."""
    personal_data_read(
        actor=actor,
        drivers=[item.driver],
        case=None,
        channel=channel,
        path=path,
        what="achado e perdido",
        purpose="register",
    )


def receipt_number(year: int, sequence: int) -> str:
    return f"{RECEIPT_PREFIX}-{year}/{sequence:06d}"


def _drives(driver: Driver, authorization: Authorization) -> bool:
    return (
        authorization.holder_id == driver.pk
        or authorization.auxiliary_bindings.filter(auxiliary=driver, ended_on__isnull=True).exists()
    )


def lost_item_report(
    *,
    actor: User,
    driver: Driver,
    authorization: Authorization,
    description: str,
    found_on: dt.date,
    today: dt.date,
) -> LostItem:
    """The driver (at the portal) or a clerk records an object found in the taxi; the
    2-business-day handing-in deadline starts (Art. 37 XVIII)."""
    dates_within(UNDER_THE_LAW, found_on=found_on)
    if not may_keep_registers(actor) and getattr(actor, "driver", None) != driver:
        raise NotPermitted(_("Somente o próprio taxista ou a Secretaria registra o achado."))
    if not _drives(driver, authorization):
        raise RuleViolation(
            _("O taxista não dirige o táxi do termo %(n)s.") % {"n": authorization.number},
            article=law.ART_37_XVIII,
        )
    if not description.strip():
        raise RuleViolation(_("Descreva o objeto."), article=law.ART_37_XVIII)
    _check(law.check_found_on, found_on=found_on, today=today)
    with transaction.atomic(durable=True):
        deadline = deadline_start(
            rule=law_deadlines.LOST_PROPERTY_HANDING_IN,
            start=found_on,
            kind=HANDING_IN,
            label=_("Entrega de objeto esquecido: %(what)s") % {"what": description.strip()[:120]},
            authorization=authorization,
            calendar=municipal_calendar(),
        )
        return LostItem.objects.create(
            description=description.strip(),
            found_on=found_on,
            authorization=authorization,
            driver=driver,
            # The row's last day, kept equal to it when a day declared closed moves it
            # (municipal.services.calendar).
            due_on=deadline.due_on,
            deadline=deadline,
            reported_by=actor,
        )


def lost_item_hand_in(
    *, actor: User, item: LostItem, handed_in_on: dt.date, today: dt.date, storage: str = ""
) -> LostItem:
    """A clerk receives the object and issues the numbered receipt (Art. 37 XVIII).

    A late handing-in is received all the same, and marked late.
    """
    dates_within(UNDER_THE_LAW, handed_in_on=handed_in_on)
    require_register_keeper(actor)
    _check(law.check_handed_in_on, found_on=item.found_on, handed_in_on=handed_in_on, today=today)
    calendar = municipal_calendar()
    with transaction.atomic(durable=True):
        row = LostItem.objects.select_for_update().get(pk=item.pk)
        if row.status != LostItem.Status.REPORTED:
            raise StateConflict(_("Este objeto já foi entregue."))
        year = handed_in_on.year
        sequence = sequence_next(LostItemSequence, year=year)
        row.receipt_year = year
        row.receipt_sequence = sequence
        row.receipt_number = receipt_number(year, sequence)
        row.handed_in_on = handed_in_on
        row.handed_in_late = law.is_late(
            found_on=row.found_on, handed_in_on=handed_in_on, calendar=calendar
        )
        row.received_by = actor
        row.storage = storage
        row.status = LostItem.Status.IN_CUSTODY
        row.save(
            update_fields=[
                "receipt_year",
                "receipt_sequence",
                "receipt_number",
                "handed_in_on",
                "handed_in_late",
                "received_by",
                "storage",
                "status",
            ]
        )
        if row.deadline_id:
            Deadline.objects.filter(pk=row.deadline_id, state=Deadline.State.PENDING).update(
                state=Deadline.State.DONE, resolved_at=timezone.now()
            )
    return row


def lost_item_receive(
    *,
    actor: User,
    authorization: Authorization,
    driver: Driver,
    description: str,
    found_on: dt.date,
    handed_in_on: dt.date,
    today: dt.date,
    storage: str = "",
) -> LostItem:
    """At the counter: the driver brings an object he had not reported; record and receipt."""
    dates_within(UNDER_THE_LAW, found_on=found_on, handed_in_on=handed_in_on)
    require_register_keeper(actor)
    # Checked before the report is written, so a bad date leaves no half-made row.
    _check(law.check_handed_in_on, found_on=found_on, handed_in_on=handed_in_on, today=today)
    item = lost_item_report(
        actor=actor,
        driver=driver,
        authorization=authorization,
        description=description,
        found_on=found_on,
        today=today,
    )
    return lost_item_hand_in(
        actor=actor, item=item, handed_in_on=handed_in_on, today=today, storage=storage
    )


def lost_item_close(
    *,
    actor: User,
    item: LostItem,
    destination: str,
    closed_on: dt.date,
    owner_name: str = "",
    owner_document: str = "",
) -> LostItem:
    """The object's end: returned to its owner (who signs for it) or another destination."""
    dates_within(UNDER_THE_LAW, closed_on=closed_on)
    require_register_keeper(actor)
    _check(
        law.check_destination,
        destination=destination,
        owner_name=owner_name,
        owner_document=owner_document,
    )
    with transaction.atomic(durable=True):
        row = LostItem.objects.select_for_update().get(pk=item.pk)
        if row.status != LostItem.Status.IN_CUSTODY:
            raise StateConflict(_("Somente objetos sob guarda da Prefeitura podem ter destinação."))
        if row.handed_in_on and closed_on < row.handed_in_on:
            raise RuleViolation(
                _("A destinação não pode ser anterior à entrega."), article=law.ART_37_XVIII
            )
        row.destination = destination
        row.owner_name = owner_name
        row.owner_document = owner_document
        row.closed_on = closed_on
        row.closed_by = actor
        row.status = LostItem.Status.CLOSED
        row.save(
            update_fields=[
                "destination",
                "owner_name",
                "owner_document",
                "closed_on",
                "closed_by",
                "status",
            ]
        )
    return row


@deadline_handler(HANDING_IN)
def _handing_in_lapsed(case: Case | None, deadline: Deadline, today: dt.date) -> bool:
    """The two business days passed: mark the object overdue unless it was handed in."""
    item = LostItem.objects.select_for_update().filter(deadline=deadline).first()
    if item is None or item.status != LostItem.Status.REPORTED:
        return False
    item.handing_in_overdue = True
    item.save(update_fields=["handing_in_overdue"])
    return True
