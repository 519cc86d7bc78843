"""The vehicles' register: a vehicle entering the taxi service, as its CRLV shows it
(Art. 10 II a). One registration for every kind that brings a vehicle in (a new
authorization, Art. 10; a substitution, Art. 20)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any, Final

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from core.errors import CONCURRENT_WRITE, RegisterMismatch, RuleViolation, StateConflict
from law.citations import ART_4_V, ART_10, ART_10_II, ART_10_II_A, ART_11_II
from registers.models import IN_FORCE, Authorization, Driver, Vehicle
from registers.validators import normalize_plate, normalize_renavam

OLDEST_YEAR: Final = 1950
"""A sanity bound on the manufacture year typed in; the law's own limit is Art. 11 II."""

_TEXT_LIMITS: Final = {"make": 60, "model": 80, "colour": 40}


@dataclass(frozen=True)
class VehicleData:
    """A vehicle's data as its CRLV shows them (Arts. 10 II, 11)."""

    plate: str
    renavam: str
    make: str
    model: str
    manufacture_year: int
    doors: int
    capacity: int
    air_conditioning: bool
    airbag: bool
    colour: str

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> VehicleData:
        """The fields of a form's or serializer's cleaned data, by their names."""
        return cls(**{field.name: data[field.name] for field in fields(cls)})


def vehicle_data_clean(data: VehicleData, *, today: dt.date) -> VehicleData:
    """Normalise and sanity-check the data typed in (registers.validators); the statute
    package checks the requirements (Art. 10 II b-e, Art. 11 II)."""
    try:
        plate = normalize_plate(data.plate)
        renavam = normalize_renavam(data.renavam)
    except ValidationError as exc:
        raise RuleViolation(
            " ".join(exc.messages), article=ART_10_II_A, code=exc.error_list[0].code
        ) from None
    texts = {name: " ".join(str(getattr(data, name) or "").split()) for name in _TEXT_LIMITS}
    if any(not texts[name] or len(texts[name]) > limit for name, limit in _TEXT_LIMITS.items()):
        raise RuleViolation(
            _("Informe a marca, o modelo e a cor do veículo como estão no CRLV."),
            article=ART_10_II_A,
        )
    if not OLDEST_YEAR <= data.manufacture_year <= today.year:
        raise RuleViolation(
            _("Ano de fabricação inválido: %(year)s.") % {"year": data.manufacture_year},
            article=ART_11_II,
        )
    if data.doors < 1 or data.capacity < 1:
        raise RuleViolation(
            _("Informe o número de portas e a lotação do veículo."), article=ART_10_II
        )
    return VehicleData(
        plate=plate, renavam=renavam, make=texts["make"], model=texts["model"],
        manufacture_year=data.manufacture_year, doors=data.doors, capacity=data.capacity,
        air_conditioning=bool(data.air_conditioning), airbag=bool(data.airbag),
        colour=texts["colour"],
    )


def vehicle_register(
    *,
    data: VehicleData,
    owner: Driver,
    refuse: Callable[[Vehicle], None] | None = None,
    save: bool = True,
) -> Vehicle:
    """The register's row for a vehicle entering the service, owned by `owner`.

    In the caller's transaction. A vehicle already registered is found by plate or
    RENAVAM (both must name the same row) and updated from the CRLV filed now; it may not
    be serving an authorization in force (Art. 4 V). `refuse` is the kind's own check of
    an existing row (already in another request of that kind), called first. Unsaved
    with `save=False`, for a caller that checks the requirements before writing anything
    (`vehicle_save` then).
    """
    matches = list(
        Vehicle.objects.select_for_update().filter(Q(plate=data.plate) | Q(renavam=data.renavam))
    )
    if not matches:
        vehicle = Vehicle(owner=owner, **asdict(data))
    else:
        vehicle = matches[0]
        if len(matches) > 1 or (vehicle.plate, vehicle.renavam) != (data.plate, data.renavam):
            # LGPD: the same answer as any clash with someone else's record.
            raise RegisterMismatch(article=ART_10)
        if refuse is not None:
            refuse(vehicle)
        held = Authorization.objects.filter(vehicle=vehicle, status__in=IN_FORCE).first()
        if held is not None:
            raise RuleViolation(
                _("O veículo %(plate)s já está em serviço pelo Termo de Autorização "
                  "%(number)s.") % {"plate": vehicle.display_plate, "number": held.number},
                article=ART_4_V,
            )
        for name, value in asdict(data).items():
            setattr(vehicle, name, value)  # the CRLV filed now is the register's source
        vehicle.owner = owner
    if save:
        vehicle_save(vehicle)
    return vehicle


def vehicle_save(vehicle: Vehicle) -> None:
    """Write the row; a plate or RENAVAM registered a moment ago by another request is a
    conflict, not an error."""
    try:
        with transaction.atomic():
            vehicle.save()
    except IntegrityError:
        raise StateConflict(
            _("Outro pedido acaba de cadastrar esta placa ou este RENAVAM; confira os dados."),
            code=CONCURRENT_WRITE,
        ) from None
