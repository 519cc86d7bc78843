"""Factories of the vehicle substitution tests: vehicle data, CRLV files, cases by state."""

from __future__ import annotations

import datetime as dt
import itertools

import factory
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone
from validate_docbr import RENAVAM

from registers.services.vehicles import VehicleData
from tests.factories import AuthorizationFactory, VehicleFactory
from workflows.substitution.models import SubstitutionCase, SubstitutionState

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_numbers = itertools.count(1)


def fresh_plate() -> str:
    """A Mercosul plate starting with "RS", apart from tests.factories' "Q" plates."""
    n = next(_numbers)
    return f"RS{_LETTERS[(n // 260) % 26]}{n % 10}{_LETTERS[(n // 10) % 26]}{n % 100:02d}"


def crlv(name: str = "crlv.pdf", content: bytes = PDF) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, content, content_type="application/pdf")


def new_vehicle(**overrides: object) -> VehicleData:
    """A new vehicle that meets Art. 10 II in 2026: white, 2025, 4 doors, 5 seats, A/C."""
    values: dict[str, object] = {
        "plate": fresh_plate(),
        "renavam": RENAVAM().generate(),
        "make": "Toyota",
        "model": "Corolla",
        "manufacture_year": 2025,
        "doors": 4,
        "capacity": 5,
        "air_conditioning": True,
        "airbag": True,
        "colour": "branca",
    }
    values.update(overrides)
    return VehicleData(**values)  # type: ignore[arg-type]


class PreLawAuthorizationFactory(AuthorizationFactory):
    """An authorization kept from before the law (Arts. 22 §2, 69)."""

    granted_on = dt.date(2015, 5, 4)
    predates_law = True


class SubstitutionCaseFactory(factory.django.DjangoModelFactory):
    """A substitution case made directly in a given state (for tests of later steps)."""

    class Meta:
        model = SubstitutionCase

    sequence = factory.Sequence(lambda n: 700000 + n)
    year = 2026
    number = factory.LazyAttribute(lambda c: f"{c.year}/{c.sequence:06d}")
    kind = SubstitutionCase.KIND
    state = SubstitutionState.FILED
    authorization = factory.SubFactory(AuthorizationFactory)
    applicant = factory.SelfAttribute("authorization.holder")
    opened_at = factory.LazyFunction(timezone.now)
    old_vehicle = factory.SelfAttribute("authorization.vehicle")
    new_vehicle = factory.SubFactory(
        VehicleFactory, owner=factory.SelfAttribute("..authorization.holder"),
        manufacture_year=2025,
    )

    class Params:
        awaiting_decision = factory.Trait(state=SubstitutionState.AWAITING_DECISION)
        inspection_scheduled = factory.Trait(state=SubstitutionState.INSPECTION_SCHEDULED)
        notice = factory.Trait(
            state=SubstitutionState.AWAITING_VEHICLE, new_vehicle=None, opened_by_system=True
        )
