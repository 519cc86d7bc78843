"""Stands (Arts. 32-36): registration by act, assignment, waiting order, line of arrival."""

from __future__ import annotations

import datetime as dt

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from cases.errors import NotPermitted, RuleViolation, StateConflict, from_law
from core.dates import MAY_PREDATE_THE_LAW, dates_within
from law import cooperatives as law_cooperatives
from law import stands as law
from law.citations import ART_32_P2_I, ART_34
from law.errors import LawError
from municipal.models import Stand, StandArrival, StandAssignment, StandWaiting
from municipal.permissions import may_keep_lines, require_register_keeper
from municipal.selectors import executive_by_plate
from registers.models import Authorization
from registers.validators import normalize_plate


def _law(call, **kwargs):  # type: ignore[no-untyped-def]
    try:
        return call(**kwargs)
    except LawError as exc:
        raise from_law(exc) from exc


def stand_save(
    *,
    actor: User,
    stand: Stand | None = None,
    name: str,
    address: str,
    district: str = "",
    kind: str,
    places: int,
    act_number: str,
    act_date: dt.date,
    starts_on: dt.date,
    ends_on: dt.date | None = None,
    shelter: bool = False,
    shelter_roof: str = "",
    shelter_installed_on: dt.date | None = None,
) -> Stand:
    """Create or change a stand as the Executive's act fixes it (Arts. 32-34)."""
    dates_within(
        MAY_PREDATE_THE_LAW,
        act_date=act_date,
        starts_on=starts_on,
        ends_on=ends_on,
        shelter_installed_on=shelter_installed_on,
    )
    require_register_keeper(actor)
    _law(
        law.check_stand,
        kind=kind,
        places=places,
        act_number=act_number,
        ends_on=ends_on,
        starts_on=starts_on,
    )
    if shelter and not shelter_roof:
        raise RuleViolation(
            _("Informe a cobertura do abrigo: acrílico ou telha colonial."), article=ART_34
        )
    try:
        with transaction.atomic(durable=True):
            if stand is not None:
                stand = Stand.objects.select_for_update().get(pk=stand.pk)
                assigned = stand.assignments.filter(ended_on__isnull=True).count()
                _law(law.check_places_cover_assigned, places=places, assigned=assigned)
                if assigned and kind != law.FIXED:
                    raise RuleViolation(
                        _("O ponto tem táxis designados; remaneje-os antes de mudar o tipo."),
                        article=law.ART_32_PAR_2_I,
                    )
            else:
                if Stand.objects.filter(name=name).exists():
                    raise StateConflict(_("Já existe um ponto com este nome."))
                stand = Stand()
            stand.name = name
            stand.address = address
            stand.district = district
            stand.kind = kind
            stand.places = places
            stand.act_number = act_number
            stand.act_date = act_date
            stand.starts_on = starts_on
            stand.ends_on = ends_on
            stand.shelter = shelter
            stand.shelter_roof = shelter_roof if shelter else ""
            stand.shelter_installed_on = shelter_installed_on if shelter else None
            stand.save()
        return stand
    except IntegrityError as exc:
        # Two clerks registering the same name at once: the unique name is the last word.
        raise StateConflict(_("Já existe um ponto com este nome.")) from exc


def _in_force(authorization: Authorization) -> None:
    if authorization.status != Authorization.Status.ACTIVE:
        raise RuleViolation(
            _("O termo de autorização %(n)s não está ativo.") % {"n": authorization.number},
            article=ART_32_P2_I,
        )


def stand_assign(
    *, actor: User, stand: Stand, authorization: Authorization, today: dt.date
) -> StandAssignment | StandWaiting:
    """Assign a taxi to a fixed stand (Art. 32 §2 I), or put it in the waiting order.

    A full stand gives no place: the request waits, first asked first served, until a
    place frees (:func:`stand_release`).
    """
    require_register_keeper(actor)
    _law(law.check_assignable, kind=stand.kind)
    _in_force(authorization)
    try:
        with transaction.atomic(durable=True):
            stand = Stand.objects.select_for_update().get(pk=stand.pk)
            current = (
                StandAssignment.objects.filter(authorization=authorization, ended_on__isnull=True)
                .select_related("stand")
                .first()
            )
            if current is not None:
                raise StateConflict(
                    _("O táxi já está designado ao ponto %(stand)s.") % {"stand": current.stand},
                    article=law.ART_32_PAR_2_I,
                )
            assigned = stand.assignments.filter(ended_on__isnull=True).count()
            if (
                law.has_vacancy(places=stand.places, assigned=assigned)
                and not stand.waiting.filter(state=StandWaiting.State.WAITING).exists()
            ):
                return StandAssignment.objects.create(
                    stand=stand, authorization=authorization, since=today, created_by=actor
                )
            if stand.waiting.filter(
                authorization=authorization, state=StandWaiting.State.WAITING
            ).exists():
                raise StateConflict(_("O táxi já aguarda vaga neste ponto."))
            return StandWaiting.objects.create(
                stand=stand, authorization=authorization, requested_at=timezone.now()
            )
    except IntegrityError as exc:
        # The same taxi assigned elsewhere at the same moment (one fixed stand per taxi).
        raise StateConflict(
            _("O táxi já está designado a um ponto ou aguarda vaga neste ponto."),
            article=law.ART_32_PAR_2_I,
        ) from exc


def stand_release(*, actor: User, assignment: StandAssignment, today: dt.date) -> StandAssignment:
    """End an assignment; the first taxi waiting for the stand takes the place."""
    require_register_keeper(actor)
    with transaction.atomic(durable=True):
        stand = Stand.objects.select_for_update().get(pk=assignment.stand_id)
        row = StandAssignment.objects.select_for_update().get(pk=assignment.pk)
        if row.ended_on is not None:
            raise StateConflict(_("Esta designação já foi encerrada."))
        row.ended_on = today
        row.save(update_fields=["ended_on"])
        _fill_vacancies(stand=stand, actor=actor, today=today)
    return row


def _fill_vacancies(*, stand: Stand, actor: User, today: dt.date) -> None:
    """Hand the free places to the taxis waiting, in the order they asked (Art. 32 §2 I)."""
    assigned = stand.assignments.filter(ended_on__isnull=True).count()
    queue = stand.waiting.select_for_update().filter(state=StandWaiting.State.WAITING)
    for waiting in queue.order_by("requested_at", "id"):
        if not law.has_vacancy(places=stand.places, assigned=assigned):
            return
        authorization = waiting.authorization
        busy = StandAssignment.objects.filter(
            authorization=authorization, ended_on__isnull=True
        ).exists()
        waiting.resolved_at = timezone.now()
        if busy or authorization.status != Authorization.Status.ACTIVE:
            waiting.state = StandWaiting.State.WITHDRAWN
        else:
            StandAssignment.objects.create(
                stand=stand, authorization=authorization, since=today, created_by=actor
            )
            waiting.state = StandWaiting.State.ASSIGNED
            assigned += 1
        waiting.save(update_fields=["state", "resolved_at"])


def _may_act_for(actor: User, authorization: Authorization) -> None:
    if may_keep_lines(actor):
        return
    driver = getattr(actor, "driver", None)
    if driver is None or (
        authorization.holder_id != driver.pk
        and not authorization.auxiliary_bindings.filter(
            auxiliary=driver, ended_on__isnull=True
        ).exists()
    ):
        raise NotPermitted(_("Somente o próprio taxista ou a fiscalização registra a chegada."))


def stand_arrive(
    *,
    actor: User,
    stand: Stand,
    authorization: Authorization | None,
    now: dt.datetime,
    plate: str = "",
) -> StandArrival:
    """A taxi takes a place in the stand's line (Arts. 32 §2, 35, 36).

    ``authorization`` None is a taxi not registered here (out of town): refused at fixed
    stands (Art. 35) and rotating ones (Art. 32 §2 II) — or, when ``plate`` is an executive
    taxi of an association, refused as such (Art. 3 §4).
    """
    if authorization is None and plate:
        _law(
            law_cooperatives.check_not_ordinary_service,
            executive=executive_by_plate(normalize_plate(plate)) is not None,
        )
    if authorization is not None:
        _may_act_for(actor, authorization)
    elif not may_keep_lines(actor):
        raise NotPermitted(_("Somente o próprio taxista ou a fiscalização registra a chegada."))
    if not stand.in_use_on(timezone.localdate(now)):
        raise RuleViolation(_("Este ponto não está em uso nesta data."), article=law.ART_32)
    registered = authorization is not None and authorization.status == (Authorization.Status.ACTIVE)
    assigned = (
        registered
        and StandAssignment.objects.filter(
            stand=stand, authorization=authorization, ended_on__isnull=True
        ).exists()
    )
    _law(
        law.check_may_stop,
        kind=stand.kind,
        registered_here=registered,
        assigned_here=assigned,
        suspended=authorization is not None
        and authorization.status == Authorization.Status.SUSPENDED,
    )
    if authorization is None:
        # A provisional stand is open at the Secretaria's discretion (Art. 32 §2 III), but
        # only taxis of the register can be put in its recorded line.
        raise RuleViolation(
            _("Somente táxis cadastrados no Município entram na fila registrada do ponto."),
            article=law.ART_32_PAR_2_III,
        )
    try:
        with transaction.atomic(durable=True):
            Stand.objects.select_for_update().get(pk=stand.pk)
            if StandArrival.objects.filter(
                authorization=authorization, departed_at__isnull=True
            ).exists():
                raise StateConflict(_("Este táxi já está na fila de um ponto."))
            return StandArrival.objects.create(
                stand=stand, authorization=authorization, arrived_at=now, recorded_by=actor
            )
    except IntegrityError as exc:
        # The same taxi arriving at two stands at once: one line per taxi.
        raise StateConflict(_("Este táxi já está na fila de um ponto.")) from exc


def stand_depart(
    *,
    actor: User,
    arrival: StandArrival,
    now: dt.datetime,
    passenger_call: bool = False,
    without_passenger: bool = False,
) -> StandArrival:
    """A taxi leaves the line (Art. 36): with a passenger only the first, unless the
    passenger called it; without a passenger any taxi, which gives up its place and may
    then arrive at another stand."""
    _may_act_for(actor, arrival.authorization)
    with transaction.atomic(durable=True):
        Stand.objects.select_for_update().get(pk=arrival.stand_id)
        row = StandArrival.objects.select_for_update().get(pk=arrival.pk)
        if row.departed_at is not None:
            raise StateConflict(_("Este táxi já saiu do ponto."))
        line = list(
            StandArrival.objects.filter(stand_id=row.stand_id, departed_at__isnull=True)
            .select_related("authorization__vehicle")
            .order_by("arrived_at", "id")
        )
        _law(
            law.check_departure,
            arrivals=[
                law.Arrival(plate=a.authorization.vehicle.display_plate, arrived_at=a.arrived_at)
                for a in line
            ],
            plate=row.authorization.vehicle.display_plate,
            passenger_call=passenger_call,
            without_passenger=without_passenger,
        )
        row.departed_at = now
        row.passenger_call = passenger_call
        row.without_passenger = without_passenger and not passenger_call
        row.save(update_fields=["departed_at", "passenger_call", "without_passenger"])
    return row


def stand_revoke(*, actor: User, stand: Stand, act_number: str, on: dt.date) -> Stand:
    """Art. 32: the Executive revokes a stand ("podendo a qualquer tempo ser ... revogado").

    Its assignments end and the taxis waiting for it are released on the same day.
    """
    require_register_keeper(actor)
    if not act_number.strip():
        raise RuleViolation(
            _("Informe o ato do Poder Executivo que revoga o ponto."), article=law.ART_32
        )
    with transaction.atomic(durable=True):
        row = Stand.objects.select_for_update().get(pk=stand.pk)
        if row.revoked_on is not None:
            raise StateConflict(_("Este ponto já foi revogado."))
        row.revoked_on = on
        row.save(update_fields=["revoked_on"])
        row.assignments.filter(ended_on__isnull=True).update(ended_on=on)
        row.waiting.filter(state=StandWaiting.State.WAITING).update(
            state=StandWaiting.State.WITHDRAWN, resolved_at=timezone.now()
        )
        row.arrivals.filter(departed_at__isnull=True).update(departed_at=timezone.now())
    return row
