"""Factories for every register and case kind, with a trait per state where it helps."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import factory
from django.core.files.base import ContentFile
from django.utils import timezone
from validate_docbr import CNH, CPF, RENAVAM

from accounts.models import User
from accounts.roles import Role
from accounts.services import user_grant_role
from cases.models import Document
from registers.models import Authorization, Driver, MunicipalRegistration, Vehicle
from workflows.suspension.models import SuspensionCase, SuspensionGround, SuspensionState
from workflows.violation.models import ViolationNotice, ViolationState

_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def plate_for(n: int) -> str:
    """A distinct Mercosul plate for each n < 17576."""
    letters = f"Q{_LETTERS[(n // 676) % 26]}{_LETTERS[(n // 26) % 26]}"
    return f"{letters}{n % 10}{_LETTERS[n % 26]}{n % 100:02d}"


PASSWORD = "senha-de-teste-123"
"""Every factory user's password: it confirms (and signs) the acts tests take as him."""


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    first_name = factory.Faker("first_name", locale="pt_BR")
    last_name = factory.Faker("last_name", locale="pt_BR")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.org")
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def role(self, create: bool, extracted: Role | None, **kwargs: object) -> None:
        if create and extracted:
            user_grant_role(user=self, role=extracted)
        if create:
            self.save()


class DriverFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Driver

    user = factory.SubFactory(UserFactory, role=Role.DRIVER)
    kind = Driver.Kind.HOLDER
    name = factory.Faker("name", locale="pt_BR")
    cpf = factory.LazyFunction(lambda: CPF().generate())
    cnh_number = factory.LazyFunction(lambda: CNH().generate())
    cnh_category = "B"
    cnh_expires_on = factory.LazyFunction(lambda: timezone.localdate() + dt.timedelta(days=900))
    email = factory.LazyAttribute(lambda d: f"driver-{d.cpf}@example.org")
    address = "Rua Principal, 100"
    district = "Centro"


class VehicleFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Vehicle

    plate = factory.Sequence(plate_for)
    renavam = factory.LazyFunction(lambda: RENAVAM().generate())
    make = "Chevrolet"
    model = "Spin"
    manufacture_year = factory.LazyFunction(lambda: timezone.localdate().year - 2)
    doors = 4
    capacity = 5
    colour = "branca"


class AuthorizationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Authorization

    number = factory.Sequence(lambda n: f"TA-{n + 1:04d}")
    holder = factory.SubFactory(DriverFactory)
    vehicle = factory.SubFactory(VehicleFactory, owner=factory.SelfAttribute("..holder"))
    granted_on = dt.date(2024, 3, 1)

    class Params:
        suspended = factory.Trait(status=Authorization.Status.SUSPENDED)


class MunicipalRegistrationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = MunicipalRegistration

    number = factory.Sequence(lambda n: f"IM-{n + 1:05d}")
    authorization = factory.SubFactory(AuthorizationFactory)
    vehicle = factory.SelfAttribute("authorization.vehicle")
    valid_from = factory.LazyFunction(lambda: timezone.localdate() - dt.timedelta(days=100))
    valid_until = factory.LazyFunction(lambda: timezone.localdate() + dt.timedelta(days=265))


class SuspensionCaseFactory(factory.django.DjangoModelFactory):
    """A suspension case made directly in a given state (for tests of later steps)."""

    class Meta:
        model = SuspensionCase

    sequence = factory.Sequence(lambda n: 900000 + n)
    year = 2026
    number = factory.LazyAttribute(lambda c: f"{c.year}/{c.sequence:06d}")
    kind = SuspensionCase.KIND
    state = SuspensionState.FILED
    authorization = factory.SubFactory(AuthorizationFactory)
    applicant = factory.SelfAttribute("authorization.holder")
    opened_at = factory.LazyFunction(timezone.now)
    ground = SuspensionGround.VEHICLE_SUBSTITUTION
    requested_days = 30

    class Params:
        awaiting_decision = factory.Trait(state=SuspensionState.AWAITING_DECISION)


class SubmittedDocumentFactory(factory.django.DjangoModelFactory):
    """A file sent for a case's checklist item (an ID, by default), stored as sent."""

    class Meta:
        model = Document

    case = factory.SubFactory(SuspensionCaseFactory)
    item = "rg"
    file = factory.LazyFunction(lambda: ContentFile(b"%PDF-1.4 x", name="rg.pdf"))
    original_name = "rg.pdf"
    content_type = "application/pdf"
    size = 10
    sha256 = "ab" * 32


class ViolationNoticeFactory(factory.django.DjangoModelFactory):
    """A violation notice made directly in a given state."""

    class Meta:
        model = ViolationNotice

    sequence = factory.Sequence(lambda n: 800000 + n)
    year = 2026
    number = factory.LazyAttribute(lambda c: f"{c.year}/{c.sequence:06d}")
    kind = ViolationNotice.KIND
    state = ViolationState.ISSUED
    authorization = factory.SubFactory(AuthorizationFactory)
    applicant = factory.SelfAttribute("authorization.holder")
    vehicle = factory.SelfAttribute("authorization.vehicle")
    opened_at = factory.LazyFunction(timezone.now)
    item = "X"
    place = "Praça Central, ponto 1"
    occurred_at = factory.LazyFunction(lambda: timezone.now() - dt.timedelta(hours=2))
    issued_on = factory.LazyFunction(timezone.localdate)
    agent = factory.SubFactory(UserFactory, role=Role.FISCAL_AGENT)
    fine_vrte = Decimal("100.00")

    class Params:
        notification_sent = factory.Trait(state=ViolationState.NOTIFICATION_SENT)
        notified = factory.Trait(
            state=ViolationState.NOTIFIED,
            received_on=factory.LazyFunction(timezone.localdate),
        )
