"""Factories for the municipal registers (stands, tariffs, lost property, roster,
associations); the registers' own factories are in tests/factories.py."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import factory

from municipal.models import (
    Association,
    LostItem,
    Membership,
    RosterEntry,
    Stand,
    StandAssignment,
    TariffItem,
    TariffTable,
)
from tests.factories import AuthorizationFactory, DriverFactory


class StandFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Stand

    name = factory.Sequence(lambda n: f"Ponto {n + 1}")
    address = "Praça Central"
    district = "Centro"
    kind = Stand.Kind.FIXED
    places = 3
    act_number = factory.Sequence(lambda n: f"Decreto {100 + n}/2025")
    act_date = dt.date(2025, 2, 1)
    starts_on = dt.date(2025, 2, 1)

    class Params:
        rotating = factory.Trait(kind=Stand.Kind.ROTATING)


class StandAssignmentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = StandAssignment

    stand = factory.SubFactory(StandFactory)
    authorization = factory.SubFactory(AuthorizationFactory)
    since = dt.date(2025, 3, 1)


class TariffTableFactory(factory.django.DjangoModelFactory):
    """A published table with two items: flag-fall R$ 6.00 and R$ 3.50 per km."""

    class Meta:
        model = TariffTable
        skip_postgeneration_save = True

    status = TariffTable.Status.PUBLISHED
    act_number = factory.Sequence(lambda n: f"Decreto {200 + n}/2025")
    act_date = dt.date(2025, 1, 2)
    valid_from = dt.date(2025, 1, 2)
    joint_study = "Estudo tarifário 2024 com a Associação dos Taxistas"

    @factory.post_generation
    def items(self, create: bool, extracted: dict[str, Decimal] | None, **kwargs: object) -> None:
        if not create:
            return
        values = extracted or {"bandeirada": Decimal("6.00"), "km": Decimal("3.50")}
        for position, (code, value) in enumerate(values.items()):
            TariffItem.objects.create(
                table=self,
                code=code,
                label=code.title(),
                unit="R$",
                value=value,
                position=position,
            )


class LostItemFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = LostItem

    description = "Guarda-chuva preto"
    found_on = dt.date(2026, 3, 2)
    authorization = factory.SubFactory(AuthorizationFactory)
    driver = factory.SelfAttribute("authorization.holder")
    due_on = dt.date(2026, 3, 4)


class RosterEntryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = RosterEntry

    day = dt.date(2026, 3, 7)
    shift = RosterEntry.Shift.NIGHT
    authorization = factory.SubFactory(AuthorizationFactory)


class AssociationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Association

    name = factory.Sequence(lambda n: f"Cooperativa de Taxistas {n + 1}")
    kind = Association.Kind.COOPERATIVE
    cnpj = factory.Sequence(lambda n: f"{11222333000100 + n:014d}")
    registered_on = dt.date(2025, 5, 1)
    colour = "prata"
    parking_address = "Rua do Comércio, 50"
    parking_places = 5
    parking_approved_on = dt.date(2025, 5, 10)
    parking_act = "Portaria 12/2025"


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    association = factory.SubFactory(AssociationFactory)
    driver = factory.LazyFunction(lambda: AuthorizationFactory().holder)
    since = dt.date(2025, 5, 1)


__all__ = ["DriverFactory"]
