"""Factories of the cancellation kind (Art. 23)."""

from __future__ import annotations

import factory
from django.utils import timezone

from tests.factories import AuthorizationFactory
from workflows.cancellation.models import CancellationCase, CancellationState


class CancellationCaseFactory(factory.django.DjangoModelFactory):
    """A cancellation request made directly in a given state."""

    class Meta:
        model = CancellationCase

    sequence = factory.Sequence(lambda n: 500000 + n)
    year = 2026
    number = factory.LazyAttribute(lambda c: f"{c.year}/{c.sequence:06d}")
    kind = CancellationCase.KIND
    state = CancellationState.FILED
    authorization = factory.SubFactory(AuthorizationFactory)
    applicant = factory.SelfAttribute("authorization.holder")
    opened_at = factory.LazyFunction(timezone.now)
    acknowledged_bar = True
