"""Art. 10 II and Art. 11 II for the new vehicle; Arts. 10 §2 and 70 for its colour."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from cases.errors import NotPermitted, RuleViolation, StateConflict
from cases.models import AuditEvent, Case, Deadline, Document
from registers.models import Authorization, Vehicle
from tests.factories import AuthorizationFactory, DriverFactory, VehicleFactory
from tests.substitution.factories import (
    PreLawAuthorizationFactory,
    SubstitutionCaseFactory,
    crlv,
    new_vehicle,
)
from tests.substitution.helpers import accept_crlv, book_inspection, record_inspection
from workflows.substitution.models import SubstitutionCase, SubstitutionState
from workflows.substitution.services import substitution_approve, substitution_file

pytestmark = pytest.mark.django_db

NOV_2026 = dt.date(2026, 11, 30)
WITHIN_WINDOW = dt.date(2026, 5, 10)
AFTER_WINDOW = dt.date(2026, 7, 29)


def _counts():
    return (
        Case.objects.count(), AuditEvent.objects.count(), Document.objects.count(),
        Vehicle.objects.count(), Deadline.objects.count(),
    )


def _file(authorization, today=NOV_2026, upload=None, **vehicle):
    driver = authorization.holder
    return substitution_file(
        actor=driver.user, driver=driver, vehicle=new_vehicle(**vehicle),
        crlv=upload or crlv(), today=today,
    )


def test_a_nine_year_old_vehicle_is_refused_and_nothing_is_written_art10_II_b_art11_II():
    authorization = AuthorizationFactory()
    before = _counts()
    # A 2017 vehicle had to leave service by 31/12/2025 (Art. 12)
    with pytest.raises(RuleViolation) as refused:
        _file(authorization, manufacture_year=2017)
    assert refused.value.code == "requirements_unmet"
    assert refused.value.article == "Art. 10 II b; Art. 11 II; Art. 12"
    assert "31/12/2025" in str(refused.value)
    assert _counts() == before


def test_an_eight_year_old_vehicle_may_still_enter_in_its_last_year_art12():
    case = _file(AuthorizationFactory(), manufacture_year=2018)
    assert case.state == SubstitutionState.FILED


def test_every_unmet_requirement_is_named_at_once_art10_II_c_d():
    with pytest.raises(RuleViolation) as refused:
        _file(AuthorizationFactory(), doors=2, capacity=9, air_conditioning=False)
    assert refused.value.article == "Art. 10 II c; Art. 10 II d"


def test_a_vehicle_that_is_not_white_is_refused_art10_II_e():
    authorization = AuthorizationFactory()  # granted after the law: no colour window
    before = _counts()
    with pytest.raises(RuleViolation) as refused:
        _file(authorization, colour="prata", today=WITHIN_WINDOW)
    assert refused.value.article == "Art. 10 II e"
    assert _counts() == before


def test_within_the_window_a_pre_law_holder_may_bring_a_silver_vehicle_art10_p2_art70(clerk):
    # Given an authorization from before the law, within the 36 months (until 28/07/2026)
    authorization = PreLawAuthorizationFactory()
    # When the holder files a silver vehicle
    case = _file(authorization, colour="prata", today=WITHIN_WINDOW)
    # Then it is accepted on condition of being white by 28/07/2026
    assert (case.state, case.colour_grace_until) == (
        SubstitutionState.FILED, dt.date(2026, 7, 28),
    )
    # and the white-colour item of the inspection does not fail it
    accept_crlv(case, clerk)
    record_inspection(book_inspection(case, clerk), clerk, white_colour=False)
    # and once approved the colour row is set for the new vehicle (the 90-day reminder's
    # day, 29/04/2026, had passed; the 30-day one goes out on 28/06/2026)
    substitution_approve(case=case, actor=clerk, today=dt.date(2026, 6, 1))
    rows = Deadline.objects.filter(
        authorization=authorization, kind__startswith="substitution.colour"
    ).order_by("id")
    assert [(r.kind, r.due_on, r.article, r.state) for r in rows] == [
        ("substitution.colour_change", dt.date(2026, 7, 28), "Art. 10 §2; Art. 70", "pending"),
        ("substitution.colour_change_reminder", dt.date(2026, 6, 27), "Art. 10 §2; Art. 70",
         "pending"),
    ]


def test_after_the_window_the_pre_law_holder_must_bring_a_white_vehicle_art10_II_e():
    authorization = PreLawAuthorizationFactory()
    before = _counts()
    with pytest.raises(RuleViolation) as refused:
        _file(authorization, colour="prata", today=AFTER_WINDOW)
    assert refused.value.article == "Art. 10 II e"
    assert _counts() == before


def test_a_silver_vehicle_filed_in_the_window_is_not_approved_after_it_art10_II_e(clerk):
    case = SubstitutionCaseFactory(
        awaiting_decision=True,
        authorization=PreLawAuthorizationFactory(),
        new_vehicle__colour="prata",
        colour_grace_until=dt.date(2026, 7, 28),
    )
    vehicle_before = case.authorization.vehicle_id
    with pytest.raises(RuleViolation) as refused:
        substitution_approve(case=case, actor=clerk, today=AFTER_WINDOW)
    assert refused.value.article == "Art. 10 II e"
    assert SubstitutionCase.objects.get(pk=case.pk).state == SubstitutionState.AWAITING_DECISION
    assert Authorization.objects.get(pk=case.authorization_id).vehicle_id == vehicle_before
    assert AuditEvent.objects.filter(case=case).count() == 0


def test_a_vehicle_that_turned_too_old_before_the_decision_is_not_approved_art12(clerk):
    # Filed in December 2026 as a 2018 vehicle, decided in January 2027: too late
    case = SubstitutionCaseFactory(awaiting_decision=True, new_vehicle__manufacture_year=2018)
    with pytest.raises(RuleViolation) as refused:
        substitution_approve(case=case, actor=clerk, today=dt.date(2027, 1, 4))
    assert "Art. 12" in refused.value.article
    assert SubstitutionCase.objects.get(pk=case.pk).state == SubstitutionState.AWAITING_DECISION


def test_a_vehicle_of_another_owner_is_refused_art4_V():
    authorization = AuthorizationFactory()
    other = VehicleFactory(owner=DriverFactory(), manufacture_year=2025)
    before = _counts()
    with pytest.raises(RuleViolation) as refused:
        _file(authorization, plate=other.plate, renavam=other.renavam)
    # One answer for every clash with someone else's record (LGPD; issue 12).
    assert refused.value.code == "register_mismatch"
    assert _counts() == before


def test_a_vehicle_the_holder_already_has_in_the_register_is_reused_art10_II_a():
    authorization = AuthorizationFactory()
    owned = VehicleFactory(owner=authorization.holder, manufacture_year=2025, colour="branca")
    vehicles = Vehicle.objects.count()
    case = _file(authorization, plate=owned.plate, renavam=owned.renavam, model="Cronos")
    assert Vehicle.objects.count() == vehicles
    owned.refresh_from_db()
    assert (case.new_vehicle_id, owned.model) == (owned.pk, "Cronos")


def test_plate_and_renavam_are_checked_and_nothing_is_written_art10_II_a():
    authorization = AuthorizationFactory()
    before = _counts()
    with pytest.raises(RuleViolation) as bad_plate:
        _file(authorization, plate="AB-12")
    with pytest.raises(RuleViolation) as bad_renavam:
        _file(authorization, renavam="12345678901")
    assert (bad_plate.value.code, bad_renavam.value.code) == ("invalid_plate", "invalid_renavam")
    assert _counts() == before


def test_a_crlv_that_is_not_a_pdf_is_refused_and_nothing_is_written():
    authorization = AuthorizationFactory()
    before = _counts()
    with pytest.raises(RuleViolation) as refused:
        _file(authorization, upload=SimpleUploadedFile("crlv.pdf", b"GIF89a nope"))
    assert refused.value.code == "file_type"
    assert _counts() == before


def test_the_crlv_is_required_art10_II_a():
    authorization = AuthorizationFactory()
    driver = authorization.holder
    with pytest.raises(RuleViolation) as refused:
        substitution_file(
            actor=driver.user, driver=driver, vehicle=new_vehicle(), crlv=None, today=NOV_2026
        )
    assert refused.value.article == "Art. 10 II a"


def test_one_substitution_at_a_time_art20():
    authorization = AuthorizationFactory()
    first = _file(authorization)
    before = _counts()
    with pytest.raises(StateConflict) as refused:
        _file(authorization)
    assert first.number in str(refused.value)
    assert _counts() == before


def test_someone_else_cannot_file_for_the_holder(driver):
    other = AuthorizationFactory().holder
    with pytest.raises(NotPermitted):
        substitution_file(
            actor=driver.user, driver=other, vehicle=new_vehicle(), crlv=crlv(), today=NOV_2026
        )


def test_without_an_authorization_in_force_there_is_nothing_to_substitute_art20():
    authorization = AuthorizationFactory(status=Authorization.Status.REVOKED)
    with pytest.raises(RuleViolation) as refused:
        _file(authorization)
    assert refused.value.article == "Art. 20"


def test_filing_completes_the_notice_the_system_opened_art12():
    # Given the notice the system opened when the vehicle's last day approached
    notice = SubstitutionCaseFactory(notice=True, due_on=dt.date(2026, 12, 31))
    # When the holder files
    case = _file(notice.authorization)
    # Then it is the same case, now filed
    assert case.pk == notice.pk
    assert case.state == SubstitutionState.FILED
    assert SubstitutionCase.objects.count() == 1
