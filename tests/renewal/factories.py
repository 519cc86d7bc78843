"""Factories and helpers of the renewal tests: an IM issued the real way, uploads, cases."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import factory
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.utils import timezone

from registers.models import Authorization, MunicipalRegistration
from tests.factories import AuthorizationFactory, MunicipalRegistrationFactory
from workflows.renewal.models import RenewalCase, RenewalState
from workflows.renewal.services import registration_issue

SP = ZoneInfo("America/Sao_Paulo")
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"

# The IM of most tests: issued on 1 March 2026, so its last valid day is 28 February 2027.
ISSUED_ON = dt.date(2026, 3, 1)
LAST_DAY = dt.date(2027, 2, 28)
NEW_CNH_EXPIRY = dt.date(2031, 5, 10)


def at(day: dt.date, hour: int = 9) -> dt.datetime:
    """A local instant on `day`, for time_machine."""
    return dt.datetime(day.year, day.month, day.day, hour, tzinfo=SP)


def pdf(name: str = "documento.pdf") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, PDF, content_type="application/pdf")


def im_issued(
    *, authorization: Authorization | None = None, valid_from: dt.date = ISSUED_ON, **traits
) -> MunicipalRegistration:
    """An IM issued through `registration_issue`, so its renewal cycle is set as in life."""
    authorization = authorization or AuthorizationFactory(**traits)
    with transaction.atomic():
        return registration_issue(
            authorization=authorization,
            vehicle=authorization.vehicle,
            valid_from=valid_from,
            actor=None,
        )


def filing(registration: MunicipalRegistration, **overrides) -> dict[str, object]:
    """Everything Art. 19 asks for, for `renewal_file` (override a key to leave it out)."""
    values: dict[str, object] = {
        "previous_number": registration.number,
        "crlv": pdf("crlv.pdf"),
        "cnh": pdf("cnh.pdf"),
        "cnh_expires_on": NEW_CNH_EXPIRY,
    }
    values.update(overrides)
    return {key: value for key, value in values.items() if value is not None}


class RenewalCaseFactory(factory.django.DjangoModelFactory):
    """A renewal case made directly in a given state (for tests of later steps)."""

    class Meta:
        model = RenewalCase
        skip_postgeneration_save = True

    sequence = factory.Sequence(lambda n: 700000 + n)
    year = 2027
    number = factory.LazyAttribute(lambda c: f"{c.year}/{c.sequence:06d}")
    kind = RenewalCase.KIND
    state = RenewalState.AWAITING_REQUEST
    registration = factory.SubFactory(MunicipalRegistrationFactory)
    authorization = factory.SelfAttribute("registration.authorization")
    applicant = factory.SelfAttribute("authorization.holder")
    opened_at = factory.LazyFunction(timezone.now)

    @factory.post_generation
    def overdue_flag(obj: RenewalCase, create: bool, extracted: object, **kwargs: object) -> None:
        # Made directly in a state, not by a step: store the kind's overdue rule as a step
        # would have.
        if create:
            from cases.services.overdue import case_overdue_refresh

            case_overdue_refresh(case=obj)

    class Params:
        # The IM lapsed a month ago (real time: the clerk's guard reads today).
        expired = factory.Trait(
            state=RenewalState.EXPIRED,
            registration=factory.SubFactory(
                MunicipalRegistrationFactory,
                status=MunicipalRegistration.Status.EXPIRED,
                valid_from=factory.LazyFunction(
                    lambda: timezone.localdate() - dt.timedelta(days=395)
                ),
                valid_until=factory.LazyFunction(
                    lambda: timezone.localdate() - dt.timedelta(days=30)
                ),
            ),
        )
        filed = factory.Trait(state=RenewalState.FILED, cnh_expires_on=NEW_CNH_EXPIRY)
        correction_requested = factory.Trait(
            state=RenewalState.CORRECTION_REQUESTED, cnh_expires_on=NEW_CNH_EXPIRY
        )
        awaiting_inspection = factory.Trait(
            state=RenewalState.AWAITING_INSPECTION, cnh_expires_on=NEW_CNH_EXPIRY
        )
        inspection_scheduled = factory.Trait(
            state=RenewalState.INSPECTION_SCHEDULED, cnh_expires_on=NEW_CNH_EXPIRY
        )
