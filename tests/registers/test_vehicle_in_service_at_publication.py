"""Art. 70: one answer to "was this vehicle in service when the law was published?",
read from the registers, for renewal, substitution tracking and transfer alike."""

from __future__ import annotations

import datetime as dt

import pytest

from law.vehicles import in_service_at_publication
from registers.selectors import vehicle_in_service_at_publication
from tests.factories import AuthorizationFactory, MunicipalRegistrationFactory, VehicleFactory

pytestmark = pytest.mark.django_db


def _im(authorization, vehicle, valid_from: dt.date):  # type: ignore[no-untyped-def]
    return MunicipalRegistrationFactory(
        authorization=authorization, vehicle=vehicle, valid_from=valid_from,
        valid_until=valid_from + dt.timedelta(days=364),
    )


def test_art70_the_rule_needs_a_pre_law_authorization_an_old_enough_vehicle_never_replaced():
    assert in_service_at_publication(authorization_predates_law=True, manufacture_year=2016,
                                     entered_after_publication=False)
    assert not in_service_at_publication(authorization_predates_law=False,
                                         manufacture_year=2016, entered_after_publication=False)
    assert not in_service_at_publication(authorization_predates_law=True,
                                         manufacture_year=2024, entered_after_publication=False)
    assert not in_service_at_publication(authorization_predates_law=True,
                                         manufacture_year=2016, entered_after_publication=True)


def test_art70_the_vehicle_of_a_pre_law_authorization_whose_ims_all_name_it_was_in_service():
    authorization = AuthorizationFactory(predates_law=True, vehicle__manufacture_year=2016)
    assert vehicle_in_service_at_publication(authorization)  # no IM recorded yet
    _im(authorization, authorization.vehicle, dt.date(2024, 3, 1))
    _im(authorization, authorization.vehicle, dt.date(2025, 3, 1))
    assert vehicle_in_service_at_publication(authorization)


def test_art70_a_vehicle_that_came_after_another_ones_im_entered_later():
    # given the old vehicle's IM, then the substituted vehicle's
    authorization = AuthorizationFactory(predates_law=True, vehicle__manufacture_year=2016)
    old = VehicleFactory(manufacture_year=2014)
    _im(authorization, old, dt.date(2024, 3, 1))
    _im(authorization, authorization.vehicle, dt.date(2024, 9, 10))
    # then the current one has no transition; the old one had it
    assert not vehicle_in_service_at_publication(authorization)
    assert vehicle_in_service_at_publication(authorization, old)


def test_art70_a_vehicle_entering_now_was_not_in_service():
    authorization = AuthorizationFactory(predates_law=True, vehicle__manufacture_year=2016)
    _im(authorization, authorization.vehicle, dt.date(2024, 3, 1))
    assert not vehicle_in_service_at_publication(authorization, VehicleFactory())


def test_art70_an_authorization_granted_under_the_law_has_no_transition():
    authorization = AuthorizationFactory(predates_law=False, vehicle__manufacture_year=2016)
    assert not vehicle_in_service_at_publication(authorization)
