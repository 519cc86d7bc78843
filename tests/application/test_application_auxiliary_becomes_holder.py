"""Arts. 5, 22 §4, 27: an auxiliary who receives his own authorization becomes a holder and
leaves the taxi he drove as auxiliary."""

from __future__ import annotations

import datetime as dt
from dataclasses import asdict

import pytest

from registers.models import AuxiliaryBinding, Driver
from tests.application.factories import applicant_of, population
from tests.application.journey import to_review
from tests.factories import PASSWORD, AuthorizationFactory, DriverFactory
from workflows.application.services import application_approve_review, application_homologate

pytestmark = pytest.mark.django_db


def test_an_auxiliary_granted_his_own_authorization_becomes_a_holder_art22_p4(
    clerk, mayor, today
):
    population(10_000)
    titular = AuthorizationFactory()
    auxiliary = DriverFactory(kind=Driver.Kind.AUXILIARY, titular=titular.holder)
    binding = AuxiliaryBinding.objects.create(
        authorization=titular, auxiliary=auxiliary, valid_from=today - dt.timedelta(days=30),
        valid_until=today + dt.timedelta(days=300),
    )
    data = applicant_of(auxiliary)
    case = to_review(auxiliary.user, clerk, today=today, **asdict(data))
    application_approve_review(case=case, actor=clerk, today=today)
    application_homologate(case=case, actor=mayor, today=today, password=PASSWORD)
    auxiliary.refresh_from_db()
    binding.refresh_from_db()
    assert (auxiliary.kind, auxiliary.titular) == (Driver.Kind.HOLDER, None)
    assert (binding.ended_on, binding.end_reason) == (today, "resignation")
