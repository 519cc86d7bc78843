"""Arts. 10, 20, 22: from filing to homologation, with the authorization, IM and papers issued."""

from __future__ import annotations

import datetime as dt

import pytest

from accounts.roles import Role
from cases.errors import RuleViolation
from cases.models import AuditEvent
from cases.services.transitions import case_act
from documents.models import OfficialDocument
from law._dates import add_years
from notifications.models import Notification
from registers.models import Authorization, Driver, MunicipalRegistration
from tests.application.factories import population
from tests.application.journey import filed, inspect, schedule, to_review
from tests.factories import PASSWORD, UserFactory
from workflows.application.models import ApplicationCase, ApplicationState, AuthorizationSequence
from workflows.application.services import application_approve_review, application_homologate

pytestmark = pytest.mark.django_db


def test_the_whole_journey_grants_the_authorization_im_and_papers_art22(
    applicant_user, clerk, mayor, today, _after_commit_work_stays_here
):
    # Given 10,000 inhabitants (cap 20, Art. 22 §2) and nothing in service
    population(10_000)
    # When a driver files, the clerk accepts the documents and schedules the inspection
    case = filed(applicant_user, today=today)
    case_act(case=case, action="accept", actor=clerk)
    inspection = schedule(case, clerk)
    # And the vehicle passes every item of the inspection (Art. 20)
    inspect(inspection, clerk)
    assert ApplicationCase.objects.get(pk=case.pk).state == ApplicationState.SECRETARIA_REVIEW
    # And the Secretaria approves (Art. 22 §1): a place is free, so it goes to the mayor
    reviewed = application_approve_review(case=case, actor=clerk, today=today)
    assert (reviewed.state, reviewed.approved_on, reviewed.place_granted_on) == (
        ApplicationState.AWAITING_HOMOLOGATION, today, today,
    )
    # And the mayor homologates (Art. 22)
    granted = application_homologate(
        case=case, actor=mayor, note="De acordo.", today=today, password=PASSWORD
    )

    # Then the case is granted and closed, tied to the new authorization
    case = ApplicationCase.objects.get(pk=case.pk)
    assert (case.state, case.granted_on) == (ApplicationState.GRANTED, today)
    assert case.closed_at is not None
    authorization = Authorization.objects.get(holder=case.applicant)
    assert (
        authorization.number,
        authorization.vehicle,
        authorization.status,
        authorization.granted_on,
        authorization.predates_law,
        case.authorization,
    ) == (
        f"TA-0001/{today.year}",
        case.vehicle,
        Authorization.Status.ACTIVE,
        today,
        False,
        authorization,
    )
    assert granted.authorization == authorization
    # And the IM is valid one year (Arts. 17, 18)
    registration = MunicipalRegistration.objects.get(authorization=authorization)
    assert (
        registration.number,
        registration.vehicle,
        registration.valid_from,
        registration.valid_until,
    ) == (
        f"IM-{today.year}/00001",
        case.vehicle,
        today,
        add_years(today, 1) - dt.timedelta(days=1),
    )
    # And the IM card and the Termo are issued, to be rendered after commit
    papers = OfficialDocument.objects.filter(case=case).order_by("id")
    assert [(d.kind, d.authorization_id, d.registration_id) for d in papers] == [
        (OfficialDocument.Kind.IM_CARD, authorization.pk, registration.pk),
        (OfficialDocument.Kind.AUTHORIZATION_TERM, authorization.pk, None),
    ]
    term = papers[1].context
    assert (term["authorization"]["number"], term["holder"]["name"], term["vehicle"]["plate"]) == (
        authorization.number,
        case.applicant.name,
        case.vehicle.display_plate,
    )
    # And the accepted 3x4 photo is the driver's, for the IM card (Art. 17)
    assert Driver.objects.get(pk=case.applicant.pk).photo.name.startswith("drivers/photos/")
    assert papers[0].context["holder"]["photo"].startswith("data:image/jpeg;base64,")

    # And the audit trail is exactly the journey, each step under its article
    events = list(
        AuditEvent.objects.filter(case=case).values_list("transition", "to_state", "article")
    )
    assert events == [
        ("open", "filed", "Art. 10; Art. 22"),
        *[("document_attached", "filed", "")] * 10,
        ("accept", "awaiting_inspection", "Art. 10"),
        ("schedule_inspection", "inspection_scheduled", "Art. 20"),
        ("inspection_scheduled", "inspection_scheduled", "Art. 20"),
        ("inspection_recorded", "inspection_scheduled", "Art. 20"),
        ("pass_inspection", "secretaria_review", "Art. 20"),
        ("approve_review", "approved", "Art. 22 §1"),
        ("grant_place", "awaiting_homologation", "Art. 22 §2"),
        ("homologate", "granted", "Art. 22"),
        ("registration_issued", "granted", "Art. 18"),
        # The mayor signs the Termo in the homologation's step.
        ("document_signed", "granted", "Lei 14.063/2020 Art. 4"),
    ]
    homologation = AuditEvent.objects.get(case=case, transition="homologate")
    assert (homologation.actor, homologation.note, homologation.data) == (
        mayor,
        "De acordo.",
        {"authorization": authorization.number},
    )
    assert AuditEvent.objects.get(case=case, transition="grant_place").actor is None
    # And the applicant was told at each turn, the last one naming the articles and dates
    notices = Notification.objects.filter(case=case).order_by("id")
    assert [n.template for n in notices] == [
        "application_filed",
        "application_inspection_scheduled",
        "application_place_granted",
        "application_granted",
    ]
    last = notices.last()
    assert last.subject == f"Autorização de táxi {authorization.number} outorgada"
    assert f"homologado pelo Prefeito em {today:%d/%m/%Y} (Art. 22" in last.body
    assert (
        f"vale de {today:%d/%m/%Y} até {registration.valid_until:%d/%m/%Y}, inclusive" in last.body
    )
    assert "(Arts. 17 e 18)" in last.body
    # And the papers and e-mails are queued only after commit (rows first)
    assert _after_commit_work_stays_here["documents"] == []


def test_numbers_are_per_year_and_a_refused_homologation_gives_its_number_back_art22(
    clerk, mayor, today
):
    population(10_000)
    first = to_review(UserFactory(role=Role.DRIVER), clerk, today=today)
    application_approve_review(case=first, actor=clerk, today=today)
    # The CNH expires before the mayor decides: the requirement is checked again (Art. 10 I b)
    applicant = first.applicant
    later = applicant.cnh_expires_on + dt.timedelta(days=1)
    with pytest.raises(RuleViolation) as refused:
        application_homologate(case=first, actor=mayor, today=later, password=PASSWORD)
    assert refused.value.article == "Art. 10 I b"
    assert ApplicationCase.objects.get(pk=first.pk).state == ApplicationState.AWAITING_HOMOLOGATION
    assert not AuthorizationSequence.objects.filter(last__gt=0).exists()
    # The same day it goes through, and gets the first number of the year
    application_homologate(case=first, actor=mayor, today=today, password=PASSWORD)
    assert Authorization.objects.get().number == f"TA-0001/{today.year}"


def test_the_vehicle_must_still_be_young_enough_at_homologation_art12(
    applicant_user, clerk, mayor, today
):
    population(10_000)
    case = to_review(applicant_user, clerk, today=today)
    application_approve_review(case=case, actor=clerk, today=today)
    vehicle = case.vehicle
    vehicle.manufacture_year = today.year - 8
    vehicle.save(update_fields=["manufacture_year"])
    next_year = dt.date(today.year + 1, 1, 4)
    with pytest.raises(RuleViolation) as refused:
        application_homologate(case=case, actor=mayor, today=next_year, password=PASSWORD)
    assert refused.value.article == "Art. 10 II b; Art. 11 II; Art. 12"
    assert Authorization.objects.count() == 0


def test_without_a_population_figure_the_secretaria_cannot_approve_art22_p3(
    applicant_user, clerk, today
):
    case = to_review(applicant_user, clerk, today=today)
    with pytest.raises(RuleViolation) as refused:
        application_approve_review(case=case, actor=clerk, today=today)
    assert refused.value.article == "Art. 22 §3"
    assert ApplicationCase.objects.get(pk=case.pk).state == ApplicationState.SECRETARIA_REVIEW
    assert not AuditEvent.objects.filter(case=case, transition="approve_review").exists()


def test_the_mayor_denies_and_the_applicant_is_told_why_art22(applicant_user, clerk, mayor, today):
    population(10_000)
    case = to_review(applicant_user, clerk, today=today)
    application_approve_review(case=case, actor=clerk, today=today)
    case_act(case=case, action="deny", actor=mayor, note="Interesse público.")
    case = ApplicationCase.objects.get(pk=case.pk)
    assert (case.state, case.closed_at is not None) == (ApplicationState.DENIED, True)
    notice = Notification.objects.filter(case=case).latest("id")
    assert notice.template == "application_refused"
    assert "O Prefeito negou a homologação" in notice.body
    assert "Fundamentação: Interesse público." in notice.body


def test_the_secretaria_rejects_with_a_reason_art22_p1(applicant_user, clerk, today):
    case = filed(applicant_user, today=today)
    with pytest.raises(RuleViolation):
        case_act(case=case, action="reject", actor=clerk, note="  ")
    case_act(case=case, action="reject", actor=clerk, note="Certidão criminal positiva.")
    case = ApplicationCase.objects.get(pk=case.pk)
    assert case.state == ApplicationState.REJECTED
    assert "A Secretaria de Finanças indeferiu" in Notification.objects.latest("id").body


def test_the_applicant_may_withdraw_before_the_decision(applicant_user, today):
    case = filed(applicant_user, today=today)
    case_act(case=case, action="withdraw", actor=applicant_user)
    assert ApplicationCase.objects.get(pk=case.pk).state == ApplicationState.WITHDRAWN
