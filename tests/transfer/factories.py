"""Factories of the transfer kind (Art. 25): cases by state, files by cause."""

from __future__ import annotations

import datetime as dt

import factory
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from tests.factories import AuthorizationFactory, DriverFactory
from workflows.transfer.models import Relationship, TransferCase, TransferCause, TransferState
from workflows.transfer.services import BENEFICIARY_ITEMS, PROOFS_BY_CAUSE

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


def transfer_files(cause: str = TransferCause.DEATH) -> dict[str, list[SimpleUploadedFile]]:
    """One PDF for each document the cause requires and for the beneficiary's Art. 10."""
    items = [*PROOFS_BY_CAUSE[TransferCause(cause)], *BENEFICIARY_ITEMS]
    return {item: [SimpleUploadedFile(f"{item}.pdf", PDF)] for item in items}


class TransferCaseFactory(factory.django.DjangoModelFactory):
    """A transfer made directly in a given state (for tests of later steps)."""

    class Meta:
        model = TransferCase

    sequence = factory.Sequence(lambda n: 600000 + n)
    year = 2026
    number = factory.LazyAttribute(lambda c: f"{c.year}/{c.sequence:06d}")
    kind = TransferCase.KIND
    state = TransferState.FILED
    authorization = factory.SubFactory(AuthorizationFactory)
    previous_holder = factory.SelfAttribute("authorization.holder")
    applicant = factory.SubFactory(DriverFactory)
    opened_at = factory.LazyFunction(timezone.now)
    cause = TransferCause.DEATH
    relationship = Relationship.DESCENDANT
    succession_class = "I"
    event_on = dt.date(2026, 2, 1)

    class Params:
        awaiting_consent = factory.Trait(state=TransferState.AWAITING_CONSENT)
        awaiting_inspection = factory.Trait(state=TransferState.AWAITING_INSPECTION)
