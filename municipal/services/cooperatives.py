"""Drivers' associations and their executive taxis (Art. 3 §§1-5)."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from accounts.models import User
from cases.errors import RuleViolation, StateConflict, from_law
from core.dates import MAY_PREDATE_THE_LAW, dates_within
from law import cooperatives as law
from law.errors import LawError
from municipal.models import Association, ExecutiveUse, ExecutiveVehicle, Membership
from municipal.permissions import require_register_keeper
from municipal.selectors import members_counted_for_vehicles, members_holding_authorization
from registers.models import Authorization, Driver, Vehicle

STANDARD_COLOUR = "branca"
"""The standard colour of the municipality's taxis (the registers' default)."""


def _check(call, **kwargs):  # type: ignore[no-untyped-def]
    try:
        return call(**kwargs)
    except LawError as exc:
        raise from_law(exc) from exc


def association_register(
    *,
    actor: User,
    name: str,
    kind: str,
    cnpj: str,
    registered_on: dt.date,
    colour: str,
    parking_address: str = "",
    parking_places: int = 0,
) -> Association:
    """Art. 3 §1 I: the association's prior registration with the Executive.

    The colour of its own (§1 caput) is for its executive taxis: an association that keeps
    none may leave it empty, and declares it before registering its first one."""
    dates_within(MAY_PREDATE_THE_LAW, registered_on=registered_on)
    require_register_keeper(actor)
    if colour.strip().casefold() == STANDARD_COLOUR:
        raise RuleViolation(
            _("Informe a cor própria dos táxis executivos, diferente da cor padrão."),
            article=law.ART_3_PAR_1,
        )
    try:
        with transaction.atomic(durable=True):
            return Association.objects.create(
                name=name,
                kind=kind,
                cnpj=cnpj,
                registered_on=registered_on,
                colour=colour,
                parking_address=parking_address,
                parking_places=parking_places,
            )
    except IntegrityError as exc:
        raise StateConflict(_("Já existe uma associação com este nome ou CNPJ.")) from exc


def association_approve_parking(
    *,
    actor: User,
    association: Association,
    address: str,
    places: int,
    act: str,
    approved_on: dt.date,
) -> Association:
    """Art. 3 §1 IV: the Executive approves the parking place, for as many vehicles."""
    dates_within(MAY_PREDATE_THE_LAW, approved_on=approved_on)
    require_register_keeper(actor)
    if not address.strip() or not act.strip() or places < 1:
        raise RuleViolation(
            _("Informe o endereço, as vagas e o ato que aprova o estacionamento."),
            article=law.ART_3_PAR_1_IV,
        )
    with transaction.atomic(durable=True):
        row = Association.objects.select_for_update().get(pk=association.pk)
        vehicles = row.vehicles.filter(ended_on__isnull=True).count()
        if places < vehicles:
            raise RuleViolation(
                _("O estacionamento deve comportar os %(n)d veículos da associação.")
                % {"n": vehicles},
                article=law.ART_3_PAR_1_IV,
            )
        row.parking_address = address
        row.parking_places = places
        row.parking_act = act
        row.parking_approved_on = approved_on
        row.save(
            update_fields=[
                "parking_address",
                "parking_places",
                "parking_act",
                "parking_approved_on",
            ]
        )
    return row


def membership_add(
    *, actor: User, association: Association, driver: Driver, since: dt.date
) -> Membership:
    """Art. 3 caput and §1 I: a named member holding an authorization. A driver may belong
    to several associations (§2 only keeps him out of the later ones' count of vehicles,
    `municipal.selectors.members_counted_for_vehicles`)."""
    dates_within(MAY_PREDATE_THE_LAW, since=since)
    require_register_keeper(actor)
    _check(
        law.check_member_holds_authorization,
        holds_authorization=driver.authorizations.filter(
            status=Authorization.Status.ACTIVE
        ).exists(),
    )
    try:
        with transaction.atomic(durable=True):
            _check(
                law.check_not_yet_member,
                already_member=Membership.objects.filter(
                    association=association, driver=driver, ended_on__isnull=True
                ).exists(),
            )
            return Membership.objects.create(association=association, driver=driver, since=since)
    except IntegrityError as exc:
        # Two clerks at once: the one-membership-per-association constraint decides.
        raise StateConflict(
            _("O taxista já é associado desta associação."), article=law.ART_3
        ) from exc


def membership_end(*, actor: User, membership: Membership, on: dt.date) -> Membership:
    require_register_keeper(actor)
    with transaction.atomic(durable=True):
        row = Membership.objects.select_for_update().get(pk=membership.pk)
        if row.ended_on is not None:
            raise StateConflict(_("Este associado já foi desligado."))
        if row.uses.filter(ended_at__isnull=True).exists():
            raise StateConflict(
                _("O associado está usando um táxi executivo; encerre o uso antes."),
                article=law.ART_3_PAR_5,
            )
        row.ended_on = on
        row.save(update_fields=["ended_on"])
    return row


def executive_vehicle_register(
    *,
    actor: User,
    association: Association,
    plate: str,
    renavam: str,
    make: str,
    model: str,
    manufacture_year: int,
    doors: int,
    capacity: int,
    air_conditioning: bool,
    airbag: bool,
    colour: str,
    seal: str,
    registered_on: dt.date,
) -> ExecutiveVehicle:
    """Art. 3 §1 II-IV and §3: an executive taxi of the association's fleet."""
    dates_within(MAY_PREDATE_THE_LAW, registered_on=registered_on)
    require_register_keeper(actor)
    _check(
        law.check_vehicle,
        air_conditioning=air_conditioning,
        doors=doors,
        airbag=airbag,
        seal=seal,
        colour=colour,
        association_colour=association.colour,
        standard_colour=STANDARD_COLOUR,
    )
    vehicle = Vehicle(
        plate=plate,
        renavam=renavam,
        make=make,
        model=model,
        manufacture_year=manufacture_year,
        doors=doors,
        capacity=capacity,
        air_conditioning=air_conditioning,
        airbag=airbag,
        colour=colour,
        owner=None,
    )
    try:
        vehicle.full_clean()
    except ValidationError as exc:
        raise RuleViolation(" ".join(exc.messages), article=law.ART_3_PAR_3) from exc
    with transaction.atomic(durable=True):
        row = Association.objects.select_for_update().get(pk=association.pk)
        _check(
            law.check_may_add_vehicle,
            members=members_holding_authorization(row),
            counted=members_counted_for_vehicles(row),
            vehicles=row.vehicles.filter(ended_on__isnull=True).count(),
            parking_approved=row.parking_approved_on is not None,
            parking_places=row.parking_places,
        )
        vehicle.save()
        return ExecutiveVehicle.objects.create(
            association=row, vehicle=vehicle, seal=seal, registered_on=registered_on
        )


def executive_use_start(
    *,
    actor: User,
    executive: ExecutiveVehicle,
    membership: Membership,
    contract: str,
    started_at: dt.datetime,
) -> ExecutiveUse:
    """Art. 3 §§4-5: a member drives the executive taxi under a contract; his own taxi is
    retained at the association meanwhile (shown on the public verification page)."""
    require_register_keeper(actor)
    if membership.association_id != executive.association_id or membership.ended_on:
        raise RuleViolation(
            _("O taxista não é associado desta associação."), article=law.ART_3_PAR_1
        )
    own = (
        Authorization.objects.filter(
            holder_id=membership.driver_id, status=Authorization.Status.ACTIVE
        )
        .select_related("vehicle")
        .first()
    )
    _check(
        law.check_use,
        contract=contract,
        member_active=own is not None,
        started_at=started_at,
        ended_at=None,
    )
    if own is None:  # refused by check_use already; kept for the type checker's sake
        raise RuleViolation(_("O associado não tem autorização em vigor."), article=law.ART_3_PAR_1)
    try:
        with transaction.atomic(durable=True):
            ExecutiveVehicle.objects.select_for_update().get(pk=executive.pk)
            association = executive.association
            # Art. 3 §1 II-III hold at every use, not only when the vehicle was registered.
            _check(
                law.check_fleet_in_bounds,
                members=members_holding_authorization(association),
                counted=members_counted_for_vehicles(association),
                vehicles=association.vehicles.filter(ended_on__isnull=True).count(),
            )
            if ExecutiveUse.objects.filter(executive=executive, ended_at__isnull=True).exists():
                raise StateConflict(
                    _("Este táxi executivo já está em uso."), article=law.ART_3_PAR_4
                )
            _check(
                law.check_own_taxi_free,
                own_taxi_retained=ExecutiveUse.objects.filter(
                    retained_vehicle=own.vehicle, ended_at__isnull=True
                ).exists(),
            )
            return ExecutiveUse.objects.create(
                executive=executive,
                membership=membership,
                retained_vehicle=own.vehicle,
                contract=contract,
                started_at=started_at,
                recorded_by=actor,
            )
    except IntegrityError as exc:
        raise StateConflict(
            _("Este táxi executivo já está em uso."), article=law.ART_3_PAR_4
        ) from exc


def executive_use_end(*, actor: User, use: ExecutiveUse, ended_at: dt.datetime) -> ExecutiveUse:
    """The use ends: the member's own taxi is released (Art. 3 §5)."""
    require_register_keeper(actor)
    with transaction.atomic(durable=True):
        row = ExecutiveUse.objects.select_for_update().get(pk=use.pk)
        if row.ended_at is not None:
            raise StateConflict(_("Este uso já foi encerrado."))
        _check(
            law.check_use,
            contract=row.contract,
            member_active=True,
            started_at=row.started_at,
            ended_at=ended_at,
        )
        row.ended_at = ended_at
        row.save(update_fields=["ended_at"])
    return row
