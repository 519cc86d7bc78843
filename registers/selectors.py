"""Which register rows a user may see, as the access policy says (accounts.policy): the
staff who handle them all, a driver his own.

The commission's relation (the rows a case before it names) goes through the cases:
`cases.policy` has the whole answer, and the pages that show a register row use it. Here
the commission reaches no row — these serve the inputs of the staff's acts."""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db.models import QuerySet

from accounts.models import User
from accounts.policy import HANDLING, OWNER, Record, relations_granted
from law import vehicles as law_vehicles
from registers.models import (
    IN_FORCE,
    Authorization,
    AuxiliaryBinding,
    Driver,
    MunicipalRegistration,
    Vehicle,
)
from registers.validators import normalize_plate


def drivers_visible_to(user: User) -> QuerySet[Driver]:
    relations = relations_granted(user, Record.DRIVER)
    if HANDLING in relations:
        return Driver.objects.all()
    return Driver.objects.filter(user=user) if OWNER in relations else Driver.objects.none()


def authorizations_visible_to(user: User) -> QuerySet[Authorization]:
    base = Authorization.objects.select_related("holder", "vehicle")
    relations = relations_granted(user, Record.AUTHORIZATION)
    if HANDLING in relations:
        return base
    return base.filter(holder__user=user) if OWNER in relations else base.none()


def driver_of(user: User) -> Driver | None:
    return Driver.objects.filter(user=user).first() if user.is_authenticated else None


def vehicle_in_service_at_publication(
    authorization: Authorization,
    vehicle: Vehicle | None = None,
    *,
    registrations: list[MunicipalRegistration] | None = None,
) -> bool:
    """Art. 70, asked of the registers: did `vehicle` (by default the authorization's) serve
    `authorization` when the law was published? (`registrations`: the authorization's IMs,
    when the caller has read them already; one read otherwise.)

    The registers do not date a vehicle's entry into service; its IMs do. A vehicle
    entered later when another vehicle of the authorization had an IM before its first
    one (a substitution issues the new vehicle's IM), or when it has none while another
    has (it is entering now). The one answer for renewal, substitution and transfer.
    """
    vehicle = vehicle or authorization.vehicle
    if registrations is None:
        registrations = list(
            MunicipalRegistration.objects.filter(authorization=authorization).only(
                "authorization_id", "vehicle_id", "valid_from"
            )
        )
    own = [im for im in registrations if im.authorization_id == authorization.pk]
    first_own = min((im.valid_from for im in own if im.vehicle_id == vehicle.pk), default=None)
    others = [im.valid_from for im in own if im.vehicle_id != vehicle.pk]
    if first_own is None:
        entered_later = vehicle.pk != authorization.vehicle_id or bool(others)
    else:
        entered_later = any(day < first_own for day in others)
    return law_vehicles.in_service_at_publication(
        authorization_predates_law=authorization.predates_law,
        manufacture_year=vehicle.manufacture_year,
        entered_after_publication=entered_later,
    )


def authorization_typed(
    text: str,
    *,
    among: QuerySet[Authorization],
    plates_among: QuerySet[Authorization] | None = None,
) -> Authorization | None:
    """The authorization a person typed: its Termo number or its vehicle's plate (any format).

    Both are indexed lookups, so a form that asks for a Termo costs the same whatever the
    fleet's size (a `<select>` of every Termo grew with it). `plates_among`, when a plate
    is looked for among fewer than a number (the municipal registers find any Termo by its
    number, but a taxi by its plate only while it is in service); `among` otherwise."""
    text = (text or "").strip()
    if not text:
        return None
    try:
        plate = normalize_plate(text)
    except ValidationError:
        return among.filter(number__iexact=text).first()
    by_plate = among if plates_among is None else plates_among
    return by_plate.filter(vehicle__plate=plate).order_by("-granted_on", "-pk").first()


def authorization_driven_by(
    driver: Driver, *, today: dt.date
) -> tuple[Authorization, AuxiliaryBinding | None] | None:
    """The Termo whose taxi `driver` drives today, and the binding he drives it under.

    A holder drives his own authorization in force (Art. 22 §4: one at a time); an
    auxiliary the holder's Termo he is bound to, while the binding lasts (Art. 27 §1:
    renewed every year). None when he drives no taxi today.
    """
    own = (
        Authorization.objects.select_related("holder", "vehicle")
        .filter(holder=driver, status__in=IN_FORCE)
        .order_by("-granted_on", "-pk")
        .first()
    )
    if own is not None:
        return own, None
    binding = (
        AuxiliaryBinding.objects.select_related("authorization__holder", "authorization__vehicle")
        .filter(
            auxiliary=driver,
            ended_on__isnull=True,
            valid_from__lte=today,
            valid_until__gte=today,
            authorization__status__in=IN_FORCE,
        )
        .first()
    )
    if binding is not None:
        return binding.authorization, binding
    return None
