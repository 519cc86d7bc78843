"""Factories of the complaint kind, with a trait per state."""

from __future__ import annotations

import datetime as dt

import factory
from django.utils import timezone

from accounts.roles import Role
from registers.models import AuxiliaryBinding
from tests.factories import AuthorizationFactory, DriverFactory, UserFactory
from workflows.complaint.models import ComplaintCase, ComplaintState

CONTACT = "maria.passageira@example.org"
PASSENGER = "Maria Passageira"


class ComplaintCaseFactory(factory.django.DjangoModelFactory):
    """A complaint made directly in a given state (for tests of later steps)."""

    class Meta:
        model = ComplaintCase

    sequence = factory.Sequence(lambda n: 700000 + n)
    year = 2026
    number = factory.LazyAttribute(lambda c: f"{c.year}/{c.sequence:06d}")
    kind = ComplaintCase.KIND
    state = ComplaintState.RECEIVED
    opened_at = factory.LazyFunction(timezone.now)
    taxi = factory.SubFactory(AuthorizationFactory)
    plate = factory.LazyAttribute(lambda c: c.taxi.vehicle.plate if c.taxi else "ZZZ9Z99")
    occurred_at = factory.LazyFunction(lambda: timezone.now() - dt.timedelta(hours=3))
    place = "Rodoviária, ponto 2"
    account = "Cobrou R$ 50 por uma corrida de R$ 20 e não quis ligar o taxímetro."
    passenger_name = PASSENGER
    passenger_contact = CONTACT

    class Params:
        triage = factory.Trait(
            state=ComplaintState.TRIAGE,
            assignee=factory.SubFactory(UserFactory, role=Role.CLERK),
        )
        forwarded = factory.Trait(
            state=ComplaintState.FORWARDED,
            assignee=factory.SubFactory(UserFactory, role=Role.CLERK),
        )


def bind_auxiliary(authorization, **kwargs):
    """An auxiliary driver bound to the authorization now (Art. 27)."""
    auxiliary = DriverFactory(kind="auxiliary", titular=authorization.holder, **kwargs)
    today = timezone.localdate()
    AuxiliaryBinding.objects.create(
        authorization=authorization,
        auxiliary=auxiliary,
        valid_from=today - dt.timedelta(days=30),
        valid_until=today + dt.timedelta(days=300),
    )
    return auxiliary
