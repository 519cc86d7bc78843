"""Factories of the auxiliary kind (Arts. 27, 28): auxiliaries, bindings, cases by state."""

from __future__ import annotations

import datetime as dt

import factory
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from registers.models import AuxiliaryBinding, Driver
from registers.services.drivers import ART_10_I_ITEMS
from tests.factories import AuthorizationFactory, DriverFactory
from workflows.auxiliary.models import AuxiliaryCase, AuxiliaryPurpose, AuxiliaryState

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


def pdf(name: str = "documento.pdf") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, PDF, content_type="application/pdf")


def art10_files(*extra: str) -> dict[str, list[SimpleUploadedFile]]:
    """One PDF for each document of Art. 10 I (and for each extra item)."""
    return {item: [pdf(f"{item}.pdf")] for item in [*ART_10_I_ITEMS, *extra]}


class AuxiliaryDriverFactory(DriverFactory):
    """A taxista auxiliar in the register, without a portal account."""

    user = None
    kind = Driver.Kind.AUXILIARY


class AuxiliaryBindingFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = AuxiliaryBinding

    authorization = factory.SubFactory(AuthorizationFactory)
    auxiliary = factory.SubFactory(
        AuxiliaryDriverFactory, titular=factory.SelfAttribute("..authorization.holder")
    )
    valid_from = factory.LazyFunction(lambda: timezone.localdate() - dt.timedelta(days=100))
    valid_until = factory.LazyAttribute(lambda b: b.valid_from + dt.timedelta(days=364))

    class Params:
        ended = factory.Trait(
            ended_on=factory.LazyFunction(lambda: timezone.localdate() - dt.timedelta(days=10)),
            end_reason=AuxiliaryBinding.EndReason.SWAP,
            auxiliary=factory.SubFactory(AuxiliaryDriverFactory),
        )


class AuxiliaryCaseFactory(factory.django.DjangoModelFactory):
    """An auxiliary case made directly in a given state (for tests of later steps)."""

    class Meta:
        model = AuxiliaryCase

    sequence = factory.Sequence(lambda n: 700000 + n)
    year = 2026
    number = factory.LazyAttribute(lambda c: f"{c.year}/{c.sequence:06d}")
    kind = AuxiliaryCase.KIND
    state = AuxiliaryState.FILED
    authorization = factory.SubFactory(AuthorizationFactory)
    applicant = factory.SelfAttribute("authorization.holder")
    opened_at = factory.LazyFunction(timezone.now)
    purpose = AuxiliaryPurpose.REGISTER
    auxiliary = factory.SubFactory(AuxiliaryDriverFactory)

    class Params:
        awaiting_decision = factory.Trait(state=AuxiliaryState.AWAITING_DECISION)
        # A swap granted on `decided_on` that counts against the limit of Art. 27 §2.
        granted_swap = factory.Trait(
            state=AuxiliaryState.APPROVED,
            counts_as_swap=True,
            departure_reason="swap",
        )
