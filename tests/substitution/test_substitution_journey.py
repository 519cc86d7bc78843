"""Arts. 12, 17, 18 and 20: a holder substitutes the vehicle, from filing to the new IM."""

from __future__ import annotations

import datetime as dt

import pytest

from cases.models import AuditEvent, Deadline
from inspections.models import Inspection
from notifications.models import Notification
from registers.models import Authorization, MunicipalRegistration, Vehicle
from tests.factories import AuthorizationFactory, MunicipalRegistrationFactory
from tests.substitution.factories import crlv, new_vehicle
from tests.substitution.helpers import accept_crlv, book_inspection, record_inspection
from workflows.substitution.models import SubstitutionCase, SubstitutionState
from workflows.substitution.services import substitution_approve, substitution_file
from workflows.substitution.tracking import vehicle_deadlines_set

pytestmark = pytest.mark.django_db


def _vehicle_rows(authorization):
    return [
        (row.kind, row.due_on, row.article, row.state)
        for row in Deadline.objects.filter(
            authorization=authorization, kind__startswith="substitution."
        ).order_by("id")
    ]


def test_substitution_puts_the_new_vehicle_in_service_with_a_new_im_art12_art20(clerk):
    # Given a holder whose 2018 vehicle must leave service by 31/12/2026 (Art. 12)
    authorization = AuthorizationFactory(vehicle__manufacture_year=2018)
    old_vehicle = authorization.vehicle
    old_im = MunicipalRegistrationFactory(authorization=authorization)
    driver = authorization.holder
    vehicle_deadlines_set(authorization=authorization, today=dt.date(2026, 6, 1))
    # When he files a white 2025 vehicle with its CRLV on 30/11/2026
    data = new_vehicle()
    case = substitution_file(
        actor=driver.user, driver=driver, vehicle=data, crlv=crlv(), today=dt.date(2026, 11, 30)
    )
    assert case.state == SubstitutionState.FILED
    # and the clerk accepts the CRLV, books the inspection, the vehicle passes (Art. 20)
    accept_crlv(case, clerk)
    inspection = book_inspection(case, clerk)
    record_inspection(inspection, clerk)
    assert SubstitutionCase.objects.get(pk=case.pk).state == SubstitutionState.AWAITING_DECISION
    # and the clerk approves on 10/12/2026
    case = substitution_approve(case=case, actor=clerk, today=dt.date(2026, 12, 10))

    # Then the authorization's vehicle is the new one
    new = Vehicle.objects.get(plate=data.plate)
    authorization.refresh_from_db()
    assert authorization.vehicle_id == new.pk
    assert (new.owner_id, new.manufacture_year, new.colour) == (driver.pk, 2025, "branca")
    assert (case.state, case.decided_on, case.old_vehicle_id, case.new_vehicle_id) == (
        SubstitutionState.APPROVED, dt.date(2026, 12, 10), old_vehicle.pk, new.pk,
    )
    assert case.closed_at is not None
    # and a new IM for it, valid one year from the approval (Art. 18); the old one superseded
    im = MunicipalRegistration.objects.get(authorization=authorization, vehicle=new)
    assert (im.valid_from, im.valid_until, im.status) == (
        dt.date(2026, 12, 10), dt.date(2027, 12, 9), MunicipalRegistration.Status.VALID,
    )
    old_im.refresh_from_db()
    assert old_im.status == MunicipalRegistration.Status.SUPERSEDED
    # and the old vehicle's rows are cancelled, the new one's set: 31/12/2033 (Art. 12), a
    # Saturday, so 02/01/2034 (Código Civil art. 132 §1)
    cancelled, pending = Deadline.State.CANCELLED, Deadline.State.PENDING
    assert _vehicle_rows(authorization) == [
        ("substitution.vehicle_age", dt.date(2026, 12, 31), "Art. 12", cancelled),
        ("substitution.vehicle_age_reminder", dt.date(2026, 10, 1), "Art. 12", cancelled),
        ("substitution.vehicle_age_reminder", dt.date(2026, 11, 30), "Art. 12", cancelled),
        ("substitution.vehicle_age", dt.date(2034, 1, 2), "Art. 12", pending),
        ("substitution.vehicle_age_reminder", dt.date(2033, 10, 3), "Art. 12", pending),
        ("substitution.vehicle_age_reminder", dt.date(2033, 12, 2), "Art. 12", pending),
    ]
    # and the timeline is exactly this
    events = AuditEvent.objects.filter(case=case).order_by("id")
    assert [(e.transition, e.to_state) for e in events] == [
        ("open", "awaiting_vehicle"),
        ("file", "filed"),
        ("document_attached", "filed"),
        ("review_document", "filed"),
        ("schedule_inspection", "inspection_scheduled"),
        ("inspection_scheduled", "inspection_scheduled"),
        ("inspection_recorded", "inspection_scheduled"),
        ("pass_inspection", "awaiting_decision"),
        ("approve", "approved"),
        ("vehicle_substituted", "approved"),
        ("registration_issued", "approved"),
    ]
    substituted = events.get(transition="vehicle_substituted")
    assert (substituted.actor, substituted.article, substituted.data) == (
        clerk, "Art. 20",
        {"authorization": authorization.number, "from": old_vehicle.plate, "to": new.plate},
    )
    # and the holder was told of the inspection and of the decision
    assert list(
        Notification.objects.filter(case=case).order_by("id").values_list("template", flat=True)
    ) == ["substitution_inspection", "substitution_decided"]
    decided = Notification.objects.get(case=case, template="substitution_decided")
    assert im.number in decided.body
    assert "02/01/2034" in decided.body
    assert Inspection.objects.get(case=case).status == Inspection.Status.PASSED


def test_a_suspended_holder_may_substitute_art24_IV(clerk):
    # Given a holder who suspended his authorization to substitute the vehicle (Art. 24 IV)
    authorization = AuthorizationFactory(suspended=True)
    driver = authorization.holder
    # When he files and the substitution is approved
    case = substitution_file(
        actor=driver.user, driver=driver, vehicle=new_vehicle(), crlv=crlv(),
        today=dt.date(2026, 11, 30),
    )
    accept_crlv(case, clerk)
    record_inspection(book_inspection(case, clerk), clerk)
    substitution_approve(case=case, actor=clerk, today=dt.date(2026, 12, 1))
    # Then the vehicle changes and the suspension runs on: it ends on its own last day
    authorization.refresh_from_db()
    assert authorization.vehicle_id == SubstitutionCase.objects.get(pk=case.pk).new_vehicle_id
    assert authorization.status == Authorization.Status.SUSPENDED


def test_a_clerk_files_at_the_counter_for_the_holder_art20(clerk):
    authorization = AuthorizationFactory()
    case = substitution_file(
        actor=clerk, driver=authorization.holder, vehicle=new_vehicle(), crlv=crlv(),
        today=dt.date(2026, 11, 30),
    )
    assert (case.state, case.applicant_id, case.filed_by_id) == (
        SubstitutionState.FILED, authorization.holder_id, clerk.pk,
    )
