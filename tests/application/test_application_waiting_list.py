"""Art. 22 §2-3 and Art. 69: the fleet cap, the waiting list by filing order, places freed."""

from __future__ import annotations

import datetime as dt

import pytest

from accounts.roles import Role
from cases.models import AuditEvent
from cases.services.transitions import case_act
from notifications.models import Notification
from registers.models import Authorization, PopulationFigure
from tests.application.factories import population
from tests.application.journey import to_review
from tests.factories import AuthorizationFactory, UserFactory
from workflows.application.fleet import fleet_place_freed, waiting_list_advance
from workflows.application.models import ApplicationCase, ApplicationState
from workflows.application.selectors import fleet_status, waiting_list_position
from workflows.application.services import application_approve_review, application_deny
from workflows.application.tasks import advance_waiting_list

pytestmark = pytest.mark.django_db

S = ApplicationState


def _kept_from_before_the_law(count: int) -> list[Authorization]:
    """Authorizations existing on 28 July 2023 (Arts. 22 §2, 69)."""
    return [
        AuthorizationFactory(granted_on=dt.date(2019, 5, 2), predates_law=True)
        for _ in range(count)
    ]


def _end(authorization: Authorization, day: dt.date) -> None:
    """The authorization ends (a cancellation or revocation service would do this)."""
    authorization.cancel(on=day)
    authorization.save(update_fields=["status", "ended_on"])


def _applications(clerk, today, count: int) -> list[ApplicationCase]:
    """`count` applications filed one after the other, all inspected and in review."""
    return [
        to_review(UserFactory(role=Role.DRIVER), clerk, today=today, name=f"Requerente {n}")
        for n in range(count)
    ]


def _fresh(case):
    return ApplicationCase.objects.get(pk=case.pk)


def _positions(*cases):
    return [waiting_list_position(_fresh(case)) for case in cases]


def test_fleet_full_waiting_list_by_filing_order_and_places_freed_art22_p2(
    clerk, mayor, today
):
    # Given 1,000 inhabitants (cap 2) and 3 authorizations kept from before the law
    population(1_000)
    kept = _kept_from_before_the_law(3)
    first, second, third = _applications(clerk, today, 3)
    # When the Secretaria approves them out of filing order: third, first, second
    for case in (third, first, second):
        application_approve_review(case=case, actor=clerk, today=today)
    # Then all wait, the list ordered by filing, not by approval
    assert [_fresh(c).state for c in (first, second, third)] == [S.WAITING_LIST] * 3
    assert _positions(first, second, third) == [1, 2, 3]
    # And the authorizations above the cap are kept (Arts. 22 §2, 69)
    status = fleet_status(today)
    assert (status.cap, status.in_force, status.reserved, status.free) == (2, 3, 0, 0)
    assert Authorization.objects.filter(status=Authorization.Status.ACTIVE).count() == 3
    assert list(
        AuditEvent.objects.filter(case=third)
        .exclude(transition__in=["open", "document_attached"])
        .values_list("transition", "to_state", "article")
    )[-2:] == [
        ("approve_review", "approved", "Art. 22 §1"),
        ("enter_waiting_list", "waiting_list", "Art. 22 §2"),
    ]
    # And the applicant is told the position and why
    notice = Notification.objects.filter(case=third).latest("id")
    assert notice.template == "application_waiting_list"
    assert "com 1000 habitantes segundo o IBGE, são 2 vagas, todas ocupadas" in notice.body
    assert "é o 1º da fila de espera, por ordem de protocolo" in notice.body

    # When one kept authorization ends, the fleet is still at its cap: nobody moves
    _end(kept[0], today)
    assert fleet_place_freed(today=today) == []
    assert _positions(first, second, third) == [1, 2, 3]
    # When a second one ends, a place frees and goes to the first filed
    _end(kept[1], today)
    assert fleet_place_freed(today=today) == [first]
    assert (_fresh(first).state, _fresh(first).place_granted_on) == (
        S.AWAITING_HOMOLOGATION, today,
    )
    assert _positions(second, third) == [1, 2]
    granted = AuditEvent.objects.get(case=first, transition="grant_place")
    assert (granted.actor, granted.article, granted.data) == (
        None, "Art. 22 §2", {"cap": 2, "population": 1000, "free_places": 1},
    )
    assert Notification.objects.filter(case=first).latest("id").template == (
        "application_place_granted"
    )
    # When the mayor denies the first, its place goes to the next at once
    application_deny(case=first, actor=mayor, note="Indeferido.", today=today)
    assert (_fresh(second).state, _positions(third)) == (S.AWAITING_HOMOLOGATION, [1])
    # When the administrator records a larger population, the periodic task hands it on
    PopulationFigure.objects.filter(year=today.year).update(population=1_500)
    assert advance_waiting_list() == 1
    assert _fresh(third).state == S.AWAITING_HOMOLOGATION
    # And running it again is harmless
    assert advance_waiting_list() == 0


def test_a_waiting_application_filed_earlier_gets_the_free_place_first_art22_p2(clerk, today):
    population(1_000)
    _kept_from_before_the_law(2)
    earlier, later = _applications(clerk, today, 2)
    application_approve_review(case=earlier, actor=clerk, today=today)
    assert _fresh(earlier).state == S.WAITING_LIST
    # A place appears (population raised) before any advance ran
    PopulationFigure.objects.filter(year=today.year).update(population=1_500)
    # When the later-filed application is approved, the earlier one gets the place
    application_approve_review(case=later, actor=clerk, today=today)
    assert (_fresh(earlier).state, _fresh(later).state) == (S.AWAITING_HOMOLOGATION, S.WAITING_LIST)
    assert _positions(later) == [1]


def test_a_reserved_place_counts_against_the_cap_until_the_mayor_decides_art22_p2(
    clerk, today
):
    population(1_000)
    _kept_from_before_the_law(1)
    first, second = _applications(clerk, today, 2)
    application_approve_review(case=first, actor=clerk, today=today)
    application_approve_review(case=second, actor=clerk, today=today)
    assert (_fresh(first).state, _fresh(second).state) == (
        S.AWAITING_HOMOLOGATION, S.WAITING_LIST,
    )
    status = fleet_status(today)
    assert (status.in_force, status.reserved, status.free) == (1, 1, 0)


def test_withdrawing_with_a_reserved_place_hands_it_on(applicant_user, clerk, today):
    population(1_000)
    _kept_from_before_the_law(1)
    holder = to_review(applicant_user, clerk, today=today)
    waiting = to_review(UserFactory(role=Role.DRIVER), clerk, today=today)
    application_approve_review(case=holder, actor=clerk, today=today)
    application_approve_review(case=waiting, actor=clerk, today=today)
    case_act(case=holder, action="withdraw", actor=applicant_user)
    assert (_fresh(holder).state, _fresh(waiting).state) == (
        S.WITHDRAWN, S.AWAITING_HOMOLOGATION,
    )


def test_a_suspended_authorization_still_holds_its_place_art22_p2(clerk, today):
    population(1_000)
    AuthorizationFactory(suspended=True)
    AuthorizationFactory()
    (case,) = _applications(clerk, today, 1)
    application_approve_review(case=case, actor=clerk, today=today)
    assert _fresh(case).state == S.WAITING_LIST


def test_without_a_population_figure_the_waiting_list_does_not_move(clerk, today):
    population(1_000)
    _kept_from_before_the_law(2)
    (case,) = _applications(clerk, today, 1)
    application_approve_review(case=case, actor=clerk, today=today)
    PopulationFigure.objects.all().delete()
    assert waiting_list_advance(today=today) == []
    assert _fresh(case).state == S.WAITING_LIST


def test_the_newest_population_figure_up_to_this_year_is_used_art22_p3(today):
    population(1_000, year=today.year - 3)
    population(2_000, year=today.year - 1)
    population(9_000, year=today.year + 1)  # not yet in force
    assert fleet_status(today).cap == 4


def test_the_applicant_sees_the_position_on_the_portal_and_in_the_api(client, clerk, today):
    population(500)
    _kept_from_before_the_law(1)
    first, second = _applications(clerk, today, 2)
    for case in (first, second):
        application_approve_review(case=case, actor=clerk, today=today)
    user = second.applicant.user
    client.force_login(user)
    page = client.get(f"/portal/outorga/{second.pk}/").content.decode()
    assert "é o 2º da fila de espera, por ordem de protocolo" in page
    listing = client.get("/portal/outorga/").content.decode()
    assert "2º lugar" in listing
    body = client.get(f"/api/applications/{second.pk}/").json()
    assert (body["state"], body["waiting_position"]) == ("waiting_list", 2)
    assert client.get(f"/api/applications/{first.pk}/").status_code == 404
