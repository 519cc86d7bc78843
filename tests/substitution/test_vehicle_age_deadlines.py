"""Art. 12 (and the Art. 70 transition): each vehicle's last day in service is a row."""

from __future__ import annotations

import datetime as dt

import pytest

from cases.models import AuditEvent, Deadline
from cases.services.deadlines import deadlines_sweep
from notifications.models import Notification
from registers.models import Authorization
from tests.factories import (
    AuthorizationFactory,
    MunicipalRegistrationFactory,
    SuspensionCaseFactory,
    VehicleFactory,
)
from tests.substitution.factories import (
    PreLawAuthorizationFactory,
    SubstitutionCaseFactory,
    crlv,
    new_vehicle,
)
from tests.substitution.helpers import accept_crlv, book_inspection, record_inspection
from workflows.revocation.models import RevocationCase
from workflows.substitution.models import (
    SubstitutionCase,
    SubstitutionState,
    SubstitutionTrigger,
    VehicleDeadline,
)
from workflows.substitution.services import substitution_approve, substitution_file
from workflows.substitution.tracking import vehicle_age_deadlines_set
from workflows.suspension.models import SuspensionState

pytestmark = pytest.mark.django_db

AGE = "substitution.vehicle_age"
REMINDER = "substitution.vehicle_age_reminder"


def _rows(authorization):
    return [
        (row.kind, row.due_on, row.article, row.state)
        for row in Deadline.objects.filter(
            authorization=authorization, kind__startswith="substitution."
        ).order_by("id")
    ]


def test_a_2018_vehicle_leaves_service_on_31_december_2026_art12():
    authorization = AuthorizationFactory(vehicle__manufacture_year=2018)
    rows = vehicle_age_deadlines_set(authorization=authorization, today=dt.date(2026, 6, 1))
    # the reminders reach the holder on 02/10 (90 days left) and 01/12 (30 days left)
    assert [(r.kind, r.due_on, r.article, r.case_id) for r in rows] == [
        (AGE, dt.date(2026, 12, 31), "Art. 12", None),
        (REMINDER, dt.date(2026, 10, 1), "Art. 12", None),
        (REMINDER, dt.date(2026, 11, 30), "Art. 12", None),
    ]
    links = VehicleDeadline.objects.order_by("id")
    assert [(link.vehicle_id, link.target_on, link.days_before) for link in links] == [
        (authorization.vehicle_id, dt.date(2026, 12, 31), None),
        (authorization.vehicle_id, dt.date(2026, 12, 31), 90),
        (authorization.vehicle_id, dt.date(2026, 12, 31), 30),
    ]


def test_setting_the_rows_again_writes_nothing_art12():
    authorization = AuthorizationFactory(vehicle__manufacture_year=2018)
    vehicle_age_deadlines_set(authorization=authorization, today=dt.date(2026, 6, 1))
    again = vehicle_age_deadlines_set(authorization=authorization, today=dt.date(2026, 6, 2))
    assert again == []
    assert Deadline.objects.count() == 3


def test_a_vehicle_in_service_at_publication_has_the_art70_transition():
    # A 2016 vehicle would have left service on 31/12/2024; in service on 28/07/2023 it
    # had 36 months from the publication: until 28/07/2026 (Art. 70)
    authorization = PreLawAuthorizationFactory(vehicle__manufacture_year=2016)
    rows = vehicle_age_deadlines_set(authorization=authorization, today=dt.date(2024, 1, 15))
    assert [(r.kind, r.due_on, r.article) for r in rows] == [
        (AGE, dt.date(2026, 7, 28), "Art. 12; Art. 70"),
        (REMINDER, dt.date(2026, 4, 28), "Art. 12; Art. 70"),
        (REMINDER, dt.date(2026, 6, 27), "Art. 12; Art. 70"),
    ]


def test_the_later_of_art12_and_the_transition_applies_art70():
    authorization = PreLawAuthorizationFactory(vehicle__manufacture_year=2019)
    rows = vehicle_age_deadlines_set(authorization=authorization, today=dt.date(2024, 1, 15))
    assert (rows[0].due_on, rows[0].article) == (dt.date(2027, 12, 31), "Art. 12")


def test_a_vehicle_that_entered_by_substitution_has_no_transition_art70():
    # Given a pre-law authorization whose 2016 vehicle entered by a substitution after 2023:
    # the old vehicle's IM came first, the substitution issued the new one's
    authorization = PreLawAuthorizationFactory(vehicle__manufacture_year=2016)
    old_vehicle = VehicleFactory()
    SubstitutionCaseFactory(
        authorization=authorization, state=SubstitutionState.APPROVED,
        new_vehicle=authorization.vehicle, old_vehicle=old_vehicle,
    )
    MunicipalRegistrationFactory(authorization=authorization, vehicle=old_vehicle,
                                 valid_from=dt.date(2023, 3, 1), valid_until=dt.date(2024, 2, 29))
    MunicipalRegistrationFactory(authorization=authorization, valid_from=dt.date(2023, 11, 6),
                                 valid_until=dt.date(2024, 11, 5))
    rows = vehicle_age_deadlines_set(authorization=authorization, today=dt.date(2024, 1, 15))
    assert (rows[0].due_on, rows[0].article) == (dt.date(2024, 12, 31), "Art. 12")


def test_reminders_whose_day_has_passed_are_not_written_art12():
    authorization = AuthorizationFactory(vehicle__manufacture_year=2018)
    rows = vehicle_age_deadlines_set(authorization=authorization, today=dt.date(2026, 11, 30))
    # the 90-day reminder's day (02/10) passed; the 30-day one goes out tomorrow, 01/12
    assert [(r.kind, r.due_on) for r in rows] == [
        (AGE, dt.date(2026, 12, 31)), (REMINDER, dt.date(2026, 11, 30)),
    ]


def test_reminders_fire_on_their_day_once_and_the_deadline_opens_one_revocation_art12():
    # Given a 2018 vehicle tracked since June 2026
    authorization = AuthorizationFactory(vehicle__manufacture_year=2018)
    vehicle_age_deadlines_set(authorization=authorization, today=dt.date(2026, 6, 1))
    # On 01/10 nothing is due yet
    assert deadlines_sweep(today=dt.date(2026, 10, 1)).processed == 0
    # On 02/10 the 90-day reminder opens a notice and e-mails the holder, once
    assert deadlines_sweep(today=dt.date(2026, 10, 2)).applied == 1
    assert deadlines_sweep(today=dt.date(2026, 10, 2)).processed == 0
    notice = SubstitutionCase.objects.get()
    assert (notice.state, notice.trigger, notice.due_on, notice.opened_by_system) == (
        SubstitutionState.AWAITING_VEHICLE, SubstitutionTrigger.AGE, dt.date(2026, 12, 31), True,
    )
    assert (notice.applicant_id, notice.authorization_id, notice.old_vehicle_id) == (
        authorization.holder_id, authorization.pk, authorization.vehicle_id,
    )
    first = Notification.objects.get()
    assert (first.case_id, first.template) == (notice.pk, "substitution_reminder")
    assert "31/12/2026" in first.subject
    assert "Faltam 90 dias" in first.body
    # On 01/12 the 30-day reminder goes to the same notice
    assert deadlines_sweep(today=dt.date(2026, 11, 30)).processed == 0
    assert deadlines_sweep(today=dt.date(2026, 12, 1)).applied == 1
    assert SubstitutionCase.objects.count() == 1
    assert Notification.objects.filter(case=notice).count() == 2
    # On the last day itself nothing happens
    assert deadlines_sweep(today=dt.date(2026, 12, 31)).processed == 0
    assert not RevocationCase.objects.exists()
    # The day after, the vehicle still serves: one revocation citing Art. 12
    assert deadlines_sweep(today=dt.date(2027, 1, 1)).applied == 1
    deadlines_sweep(today=dt.date(2027, 1, 2))
    revocation = RevocationCase.objects.get()
    assert (revocation.ground_article, revocation.opened_by_system) == ("Art. 12", True)
    assert (revocation.authorization_id, revocation.applicant_id) == (
        authorization.pk, authorization.holder_id,
    )
    assert authorization.vehicle.display_plate in revocation.reason
    assert "31/12/2026" in revocation.reason
    # and the notice closes as lapsed, naming the revocation
    notice.refresh_from_db()
    assert (notice.state, notice.closed_at is not None) == (SubstitutionState.LAPSED, True)
    lapse = AuditEvent.objects.get(case=notice, transition="lapse")
    assert (lapse.actor, revocation.number in lapse.note) == (None, True)
    assert [
        e.transition for e in AuditEvent.objects.filter(case=notice).order_by("id")
    ] == ["open", "vehicle_deadline_reminder", "vehicle_deadline_reminder", "lapse"]
    assert [row[3] for row in _rows(authorization)] == ["done", "done", "done"]


def test_after_a_substitution_the_old_vehicle_opens_no_revocation_art12_art20(clerk):
    # Given a 2018 vehicle tracked, and its holder substituting it in December 2026
    authorization = AuthorizationFactory(vehicle__manufacture_year=2018)
    vehicle_age_deadlines_set(authorization=authorization, today=dt.date(2026, 6, 1))
    driver = authorization.holder
    case = substitution_file(
        actor=driver.user, driver=driver, vehicle=new_vehicle(), crlv=crlv(),
        today=dt.date(2026, 12, 1),
    )
    accept_crlv(case, clerk)
    record_inspection(book_inspection(case, clerk), clerk)
    substitution_approve(case=case, actor=clerk, today=dt.date(2026, 12, 20))
    # When 31/12/2026 passes
    report = deadlines_sweep(today=dt.date(2027, 1, 1))
    # Then the old vehicle's rows were cancelled and nothing is opened
    assert report.processed == 0
    assert not RevocationCase.objects.exists()
    old_rows = Deadline.objects.filter(
        vehicle_link__vehicle=case.old_vehicle, kind__startswith="substitution."
    )
    assert set(old_rows.values_list("state", flat=True)) == {Deadline.State.CANCELLED}


def test_a_row_whose_vehicle_no_longer_serves_is_moot_art12():
    # The vehicle changed by a path that did not cancel the rows (stale row)
    authorization = AuthorizationFactory(vehicle__manufacture_year=2018)
    vehicle_age_deadlines_set(authorization=authorization, today=dt.date(2026, 11, 30))
    Authorization.objects.filter(pk=authorization.pk).update(vehicle=VehicleFactory())
    report = deadlines_sweep(today=dt.date(2027, 1, 1))
    assert (report.applied, report.moot) == (0, 2)
    assert not RevocationCase.objects.exists()


def test_an_authorization_no_longer_in_force_has_nothing_to_revoke_art12():
    authorization = AuthorizationFactory(vehicle__manufacture_year=2018)
    vehicle_age_deadlines_set(authorization=authorization, today=dt.date(2026, 11, 30))
    notice = SubstitutionCaseFactory(notice=True, authorization=authorization)
    Authorization.objects.filter(pk=authorization.pk).update(
        status=Authorization.Status.CANCELLED, ended_on=dt.date(2026, 12, 15)
    )
    report = deadlines_sweep(today=dt.date(2027, 1, 1))
    assert (report.applied, report.moot) == (0, 2)
    assert not RevocationCase.objects.exists()
    assert SubstitutionCase.objects.get(pk=notice.pk).state == SubstitutionState.LAPSED


def test_a_suspension_on_request_holds_the_revocation_until_it_ends_art24_IV():
    # Given a 2018 vehicle whose holder suspended the authorization (Art. 24 IV) until 28/02
    authorization = AuthorizationFactory(vehicle__manufacture_year=2018, suspended=True)
    vehicle_age_deadlines_set(authorization=authorization, today=dt.date(2026, 12, 15))
    suspension = SuspensionCaseFactory(
        authorization=authorization, state=SuspensionState.IN_EFFECT,
        start_on=dt.date(2026, 12, 1), end_on=dt.date(2027, 2, 28),
    )
    # When 31/12/2026 passes during the suspension
    report = deadlines_sweep(today=dt.date(2027, 1, 1))
    # Then no revocation: the row is replaced by a re-check at the suspension's end
    assert (report.applied, report.moot) == (0, 1)
    assert not RevocationCase.objects.exists()
    recheck = Deadline.objects.get(kind=AGE, state=Deadline.State.PENDING)
    assert (recheck.due_on, recheck.article, suspension.number in recheck.label) == (
        dt.date(2027, 2, 28), "Art. 12", True,
    )
    assert recheck.vehicle_link.target_on == dt.date(2026, 12, 31)
    # When the suspension is over and the vehicle is still the old one, the revocation opens
    assert deadlines_sweep(today=dt.date(2027, 2, 28)).processed == 0
    SuspensionCaseFactory._meta.model.objects.filter(pk=suspension.pk).update(
        state=SuspensionState.ENDED
    )
    assert deadlines_sweep(today=dt.date(2027, 3, 1)).applied == 1
    assert RevocationCase.objects.get().ground_article == "Art. 12"


def test_a_corrected_manufacture_year_moves_the_row_instead_of_revoking_art12():
    authorization = AuthorizationFactory(vehicle__manufacture_year=2018)
    vehicle_age_deadlines_set(authorization=authorization, today=dt.date(2026, 12, 15))
    # The register said 2018 by mistake: the CRLV says 2019
    type(authorization.vehicle).objects.filter(pk=authorization.vehicle_id).update(
        manufacture_year=2019
    )
    report = deadlines_sweep(today=dt.date(2027, 1, 1))
    assert (report.applied, report.moot) == (0, 1)
    assert not RevocationCase.objects.exists()
    assert Deadline.objects.get(kind=AGE, state=Deadline.State.PENDING).due_on == dt.date(
        2027, 12, 31
    )


def test_a_substitution_filed_late_is_named_in_the_revocation_art12():
    authorization = AuthorizationFactory(vehicle__manufacture_year=2018)
    vehicle_age_deadlines_set(authorization=authorization, today=dt.date(2026, 12, 15))
    # filed on 01/01/2027, after the last day (one filed in time holds the revocation)
    in_progress = SubstitutionCaseFactory(
        authorization=authorization,
        opened_at=dt.datetime(2027, 1, 1, 10, tzinfo=dt.timezone(dt.timedelta(hours=-3))),
    )
    deadlines_sweep(today=dt.date(2027, 1, 1))
    assert in_progress.number in RevocationCase.objects.get().reason
    # the holder's own request is not closed by it
    assert SubstitutionCase.objects.get(pk=in_progress.pk).state == SubstitutionState.FILED
