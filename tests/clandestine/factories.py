"""Factories of the clandestine kind, with a trait per state."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from zoneinfo import ZoneInfo

import factory
from django.utils import timezone
from validate_docbr import CPF

from accounts.roles import Role
from tests.factories import UserFactory, plate_for
from workflows.clandestine.models import ClandestineCase, ClandestineState, Classification

SP = ZoneInfo("America/Sao_Paulo")


class ClandestineCaseFactory(factory.django.DjangoModelFactory):
    """A record made directly in a given state (for tests of the later steps)."""

    class Meta:
        model = ClandestineCase

    sequence = factory.Sequence(lambda n: 700000 + n)
    year = 2026
    number = factory.LazyAttribute(lambda c: f"{c.year}/{c.sequence:06d}")
    kind = ClandestineCase.KIND
    state = ClandestineState.SEIZED
    # As `case_open` stores it: the commission decides the kind (Art. 61 §2).
    before_commission = True
    opened_at = factory.LazyFunction(timezone.now)
    person_name = factory.Faker("name", locale="pt_BR")
    person_cpf = factory.LazyFunction(lambda: CPF().generate())
    plate = factory.Sequence(lambda n: plate_for(5000 + n))
    vehicle_make = "Fiat"
    vehicle_model = "Uno"
    classification = Classification.CLANDESTINE
    reasoning = "Quatro passageiros pagando R$ 10,00 cada; sem autorização."
    place = "Rodoviária"
    noticed_on = factory.LazyFunction(timezone.localdate)
    occurred_at = factory.LazyAttribute(
        lambda c: dt.datetime.combine(c.noticed_on, dt.time(8), tzinfo=SP)
    )
    agent = factory.SubFactory(UserFactory, role=Role.FISCAL_AGENT)
    seizure_days = 15
    seizure_starts_on = factory.SelfAttribute("noticed_on")
    seizure_ends_on = factory.LazyAttribute(
        lambda c: c.noticed_on + dt.timedelta(days=c.seizure_days - 1)
    )
    fine_vrte = Decimal("1500.00")
    vrte_value = Decimal("4.7331")
    fine_reais = Decimal("7099.65")

    class Params:
        held = factory.Trait(
            state=ClandestineState.HELD_UNTIL_PAID,
            noticed_on=factory.LazyFunction(
                lambda: timezone.localdate() - dt.timedelta(days=20)
            ),
        )
        costs_recorded = factory.Trait(
            removal_cost=Decimal("250.00"), storage_cost=Decimal("300.00")
        )
