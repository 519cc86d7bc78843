"""Art. 10 I and II a: the one registration of a driver and of a vehicle that every kind
uses (a new authorization, a substitution, an auxiliary, a transfer)."""

from __future__ import annotations

import datetime as dt

import pytest

from core.errors import RuleViolation
from registers.models import Driver, Vehicle
from registers.services.drivers import driver_register
from registers.services.vehicles import VehicleData, vehicle_register
from tests.factories import AuthorizationFactory, DriverFactory, VehicleFactory

pytestmark = pytest.mark.django_db


def _data(vehicle: Vehicle | None = None, **overrides: object) -> VehicleData:
    values: dict[str, object] = {
        "plate": vehicle.plate if vehicle else "RST1A23",
        "renavam": vehicle.renavam if vehicle else "00123456789",
        "make": "Fiat", "model": "Cronos", "manufacture_year": 2024, "doors": 4,
        "capacity": 5, "air_conditioning": True, "airbag": True, "colour": "branca",
    }
    values.update(overrides)
    return VehicleData(**values)  # type: ignore[arg-type]


def test_a_registered_vehicle_is_updated_from_the_crlv_and_changes_owner_art10_ii_a():
    # given a vehicle in the register, serving nobody
    vehicle = VehicleFactory(model="Siena")
    owner = DriverFactory()
    # when it enters the service with the CRLV filed now
    row = vehicle_register(data=_data(vehicle, model="Cronos"), owner=owner)
    # then the same row carries the CRLV's data and its new owner
    vehicle.refresh_from_db()
    assert (row.pk, vehicle.model, vehicle.owner_id) == (vehicle.pk, "Cronos", owner.pk)


def test_a_plate_and_a_renavam_of_two_rows_are_refused_and_nothing_is_written_art10_ii_a():
    one, other = VehicleFactory(), VehicleFactory()
    with pytest.raises(RuleViolation) as refused:
        vehicle_register(data=_data(one, renavam=other.renavam), owner=DriverFactory())
    # One answer for every clash with someone else's record (LGPD; issue 12).
    assert (refused.value.article, refused.value.code) == ("Art. 10", "register_mismatch")
    assert Vehicle.objects.count() == 2


def test_a_vehicle_serving_an_authorization_in_force_is_refused_art4_v():
    authorization = AuthorizationFactory()
    with pytest.raises(RuleViolation) as refused:
        vehicle_register(data=_data(authorization.vehicle), owner=DriverFactory())
    assert refused.value.article == "Art. 4 V"
    assert authorization.number in str(refused.value)


def test_a_new_vehicle_unsaved_until_the_caller_says_so_art10_ii_a():
    row = vehicle_register(data=_data(), owner=DriverFactory(), save=False)
    assert row.pk is None
    assert not Vehicle.objects.filter(plate="RST1A23").exists()


def test_a_cnh_registered_for_someone_else_is_refused_art10_i_b():
    holder = DriverFactory()
    data = {"name": "Ana Souza", "cpf": "52998224725", "cnh_number": holder.cnh_number,
            "cnh_category": "b", "cnh_expires_on": dt.date(2030, 1, 1),
            "address": "Rua A, 1", "city": "Mantenópolis"}
    with pytest.raises(RuleViolation) as refused:
        driver_register(data=data, kind=Driver.Kind.HOLDER)
    # One answer for every clash with someone else's record (LGPD; issue 12).
    assert (refused.value.article, refused.value.code) == ("Art. 10", "register_mismatch")
    assert not Driver.objects.filter(cpf="52998224725").exists()
