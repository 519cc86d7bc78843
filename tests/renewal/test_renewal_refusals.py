"""Art. 19 with Arts. 10-12: a renewal that does not qualify is refused, naming the article,
and nothing is written."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from cases.errors import NotPermitted, RuleViolation, StateConflict
from cases.models import AuditEvent, Case, Deadline, Document
from notifications.models import Notification
from registers.models import Driver, MunicipalRegistration
from tests.factories import AuthorizationFactory, DriverFactory, VehicleFactory
from tests.renewal.factories import filing, im_issued
from workflows.renewal.services import renewal_file

pytestmark = pytest.mark.django_db

FILED_ON = dt.date(2027, 2, 1)


def _snapshot():
    return (
        Case.objects.count(),
        AuditEvent.objects.count(),
        Document.objects.count(),
        Notification.objects.count(),
        list(Deadline.objects.order_by("id").values_list("state", flat=True)),
        list(MunicipalRegistration.objects.order_by("id").values_list("status", flat=True)),
        list(Driver.objects.order_by("id").values_list("cnh_expires_on", flat=True)),
    )


def _refused(holder, registration, error=RuleViolation, today=FILED_ON, **overrides):
    before = _snapshot()
    with pytest.raises(error) as refused:
        renewal_file(
            actor=holder.user, driver=holder, today=today, **filing(registration, **overrides)
        )
    assert _snapshot() == before
    return refused.value


def test_without_the_crlv_the_request_is_refused_art19_ii(im, holder):
    error = _refused(holder, im, crlv=None)
    assert (error.article, error.message) == ("Art. 19 II", "Anexe o CRLV do veículo.")


def test_without_the_cnh_and_its_expiry_the_request_is_refused_art19_iii(im, holder):
    error = _refused(holder, im, cnh=None, cnh_expires_on=None)
    assert error.article == "Art. 19 III"
    assert error.message == "Anexe a CNH. Informe a validade da CNH apresentada."


def test_every_missing_item_is_named_at_once_art19(im, holder):
    error = _refused(holder, im, previous_number="", crlv=None, cnh=None)
    assert error.article == "Art. 19 I; Art. 19 II; Art. 19 III"


def test_a_previous_im_that_is_not_the_one_to_renew_is_refused_art19_i(im, holder):
    error = _refused(holder, im, previous_number="IM-2020/00001")
    assert error.article == "Art. 19 I"
    assert error.message == (
        f"A IM anterior informada (IM-2020/00001) não é a IM deste termo a renovar ({im.number})."
    )


def test_an_expired_cnh_is_refused_art10_i_b(im, holder):
    error = _refused(holder, im, cnh_expires_on=dt.date(2027, 1, 31))
    assert error.article == "Art. 10 I b"
    assert "A CNH venceu em 31/01/2027." in error.message


def test_a_cnh_that_expires_before_the_new_im_starts_is_refused_art10_i_b(im, holder):
    # Filed on 1 February; the new IM would start on 1 March; the CNH ends on 15 February
    error = _refused(holder, im, cnh_expires_on=dt.date(2027, 2, 15))
    assert error.article == "Art. 10 I b"


def test_a_vehicle_past_its_art12_date_cannot_be_renewed_art12():
    # A 2018 vehicle had to leave the service by 31 December 2026 (Art. 12)
    registration = im_issued(vehicle=VehicleFactory(manufacture_year=2018))
    holder = registration.authorization.holder
    error = _refused(holder, registration)
    assert error.article == "Art. 10 II b; Art. 11 II; Art. 12"
    assert "deveria ter sido substituído até 31/12/2026" in error.message


def test_a_pre_law_vehicle_is_renewed_within_the_art70_transition_art12_art70():
    # A 2015 vehicle in service when the law was published keeps running until 28 July 2026
    authorization = AuthorizationFactory(
        predates_law=True, vehicle=VehicleFactory(manufacture_year=2015)
    )
    registration = im_issued(authorization=authorization, valid_from=dt.date(2025, 7, 1))
    holder = authorization.holder
    case = renewal_file(
        actor=holder.user, driver=holder, today=dt.date(2026, 6, 15), **filing(registration)
    )
    assert case.registration == registration
    # ... and not after it
    later = im_issued(
        authorization=AuthorizationFactory(
            predates_law=True, vehicle=VehicleFactory(manufacture_year=2015)
        ),
        valid_from=dt.date(2025, 8, 1),
    )
    error = _refused(later.authorization.holder, later, today=dt.date(2026, 7, 15))
    assert error.article == "Art. 10 II b; Art. 11 II; Art. 12"


def test_a_file_that_is_not_a_pdf_is_refused_before_anything_is_written(im, holder):
    fake = SimpleUploadedFile("crlv.pdf", b"GIF89a not a pdf")
    error = _refused(holder, im, crlv=fake)
    assert error.code == "file_type"


def test_a_second_request_while_one_is_in_progress_is_a_conflict_art19(im, holder):
    renewal_file(actor=holder.user, driver=holder, today=FILED_ON, **filing(im))
    error = _refused(holder, im, error=StateConflict)
    assert error.article == "Art. 19"


def test_nobody_files_for_another_driver_art18(im, holder):
    stranger = DriverFactory()
    before = _snapshot()
    with pytest.raises(NotPermitted):
        renewal_file(actor=stranger.user, driver=holder, today=FILED_ON, **filing(im))
    assert _snapshot() == before


def test_a_clerk_files_at_the_counter_for_the_holder_art19(im, holder, clerk):
    case = renewal_file(actor=clerk, driver=holder, today=FILED_ON, **filing(im))
    assert (case.applicant, case.filed_by) == (holder, clerk)
    assert AuditEvent.objects.filter(case=case, transition="submit").get().actor == clerk


def test_an_im_that_is_already_the_renewal_is_not_renewed_again_art18():
    # The IM in force starts on 1 March 2027: it is itself the renewal of the previous one
    upcoming = im_issued(valid_from=dt.date(2027, 3, 1))
    error = _refused(upcoming.authorization.holder, upcoming)
    assert error.article == "Art. 18"
    assert error.message == (
        f"A IM {upcoming.number} já é a renovação: começa a valer em 01/03/2027."
    )
