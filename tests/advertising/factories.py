"""Factories of the advertising kind (Art. 67)."""

from __future__ import annotations

import datetime as dt
import hashlib

import factory
from django.utils import timezone

from cases.models import Document
from cases.services.documents import CheckedFile, document_store
from tests.factories import AuthorizationFactory
from workflows.advertising.models import AdvertisingCase, AdvertisingState

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


class AdvertisingCaseFactory(factory.django.DjangoModelFactory):
    """A request made directly in a given state, its layout already accepted by a clerk
    (`layout_accepted=False` leaves it to review)."""

    class Meta:
        model = AdvertisingCase
        skip_postgeneration_save = True

    sequence = factory.Sequence(lambda n: 700000 + n)
    year = 2026
    number = factory.LazyAttribute(lambda c: f"{c.year}/{c.sequence:06d}")
    kind = AdvertisingCase.KIND
    state = AdvertisingState.FILED
    authorization = factory.SubFactory(AuthorizationFactory)
    applicant = factory.SelfAttribute("authorization.holder")
    vehicle = factory.SelfAttribute("authorization.vehicle")
    opened_at = factory.LazyFunction(timezone.now)
    placement = "side_doors"
    text = "Supermercado Bom Preço"
    start_on = factory.LazyFunction(timezone.localdate)
    end_on = factory.LazyAttribute(lambda c: c.start_on + dt.timedelta(days=29))

    @factory.post_generation
    def layout_accepted(self, create: bool, extracted: bool | None, **kwargs: object) -> None:
        if not create:
            return
        checked = CheckedFile(
            content=PDF, content_type="application/pdf",
            sha256=hashlib.sha256(PDF).hexdigest(), name="arte.pdf",
        )
        document = document_store(case=self, item="layout", checked=checked, actor=None)
        if extracted is not False:
            Document.objects.filter(pk=document.pk).update(review=Document.Review.ACCEPTED)
