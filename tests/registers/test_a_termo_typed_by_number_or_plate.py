"""A Termo typed by a person, its number or its taxi's plate (registers.selectors.
authorization_typed): one lookup for the revocation form (a Termo in force) and for the
municipal registers (municipal.lookups: any Termo by its number, a taxi by its plate only
while it is in service)."""

from __future__ import annotations

import pytest

from cases.errors import RuleViolation
from municipal.lookups import authorization_by_number_or_plate
from registers.models import IN_FORCE, Authorization
from registers.selectors import authorization_typed
from registers.validators import display_plate
from tests.factories import AuthorizationFactory

pytestmark = pytest.mark.django_db


def test_the_municipal_registers_find_a_termo_by_its_number_whatever_its_status():
    cancelled = AuthorizationFactory(status=Authorization.Status.CANCELLED)

    assert authorization_by_number_or_plate(f"  {cancelled.number.lower()} ") == cancelled


def test_the_municipal_registers_find_a_taxi_by_its_plate_in_either_format_when_active():
    active = AuthorizationFactory()

    assert authorization_by_number_or_plate(display_plate(active.vehicle.plate)) == active
    assert authorization_by_number_or_plate(active.vehicle.plate.lower()) == active


def test_the_municipal_registers_find_no_suspended_taxi_by_its_plate():
    suspended = AuthorizationFactory(suspended=True)

    with pytest.raises(RuleViolation, match="Nenhum termo de autorização"):
        authorization_by_number_or_plate(suspended.vehicle.plate)
    assert authorization_by_number_or_plate(suspended.number) == suspended


def test_the_revocation_form_finds_a_suspended_termo_in_force_by_its_plate():
    suspended = AuthorizationFactory(suspended=True)
    in_force = Authorization.objects.filter(status__in=IN_FORCE)

    assert authorization_typed(suspended.vehicle.plate, among=in_force) == suspended


def test_nothing_typed_or_nothing_found_is_none():
    AuthorizationFactory()
    every = Authorization.objects.all()

    assert authorization_typed("  ", among=every) is None
    assert authorization_typed("TA-9999", among=every) is None
