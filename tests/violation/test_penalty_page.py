"""A notice's penalty periods (Art. 59 III, IV) and the early release of an impeded vehicle
once the problem is fixed (Art. 59 IV a), by a clerk or an agent."""

from __future__ import annotations

import datetime as dt

import pytest

from accounts.roles import Role
from cases.models import AuditEvent
from cases.services.transitions import case_step
from registers.models import Authorization
from tests.factories import PASSWORD, AuthorizationFactory, UserFactory
from workflows.violation.models import PenaltyPeriod
from workflows.violation.services import (
    violation_notice_received,
    violation_notices_issue,
    violation_pay,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("roadside_day")]


@pytest.fixture(autouse=True)
def _payment_makes_the_penalty_stand(settings):
    # These tests use the payment as the moment the penalty stands: the reading of
    # PAYMENT_ENDS_APPEAL (the default keeps the appeal window open after paying).
    settings.PAYMENT_ENDS_APPEAL = True


@pytest.fixture
def served(agent, clerk):
    """A paid notice of item XIII: 30 days' suspension and up to 90 days' impediment."""
    taxi = AuthorizationFactory()
    [notice] = violation_notices_issue(
        agent=agent,
        authorization=taxi,
        items=["XIII"],
        occurred_at=dt.datetime(2026, 5, 2, 9, tzinfo=dt.UTC),
        place="Rodoviária",
        password=PASSWORD,
    )
    case_step(case=notice, action="send_notice", actor=clerk)
    violation_notice_received(case=notice, received_on=dt.date(2026, 5, 3), actor=clerk)
    violation_pay(case=notice, actor=clerk)
    return notice


def test_the_page_lists_the_periods_with_a_release_form_for_the_impediment(client, clerk, served):
    client.force_login(clerk)

    html = client.get(f"/autos/{served.pk}/penalidades/").content.decode()

    assert html.count('data-testid="period"') == 2
    assert "De 04/05/2026 a 02/06/2026" in html  # suspension, 30 days
    assert "De 04/05/2026 a 01/08/2026" in html  # impediment, 90 days
    assert html.count("Liberar veículo") == 1


def test_an_agent_releases_the_vehicle_early_art59_iv_a(client, agent, served):
    impediment = PenaltyPeriod.objects.get(kind="impediment")
    client.force_login(agent)

    response = client.post(
        f"/autos/{served.pk}/penalidades/{impediment.pk}/liberar/",
        {f"p{impediment.pk}-note": "Pneus trocados e vistoriados."},
        follow=True,
    )

    impediment.refresh_from_db()
    assert impediment.ended_on == dt.date(2026, 5, 4)
    assert "Veículo liberado" in response.content.decode()
    assert list(
        AuditEvent.objects.filter(case=served, transition="impediment_lifted").values_list(
            "note", "article"
        )
    ) == [("Pneus trocados e vistoriados.", "Art. 59 IV a")]
    # The 30-day suspension still holds the authorization (Art. 59 III).
    assert Authorization.objects.get(pk=served.authorization_id).status == "suspended"


def test_a_release_without_saying_what_was_fixed_changes_nothing(client, clerk, served):
    impediment = PenaltyPeriod.objects.get(kind="impediment")
    client.force_login(clerk)

    client.post(f"/autos/{served.pk}/penalidades/{impediment.pk}/liberar/", {})

    impediment.refresh_from_db()
    assert impediment.ended_on is None


def test_the_driver_sees_the_periods_but_may_not_release(client, served):
    impediment = PenaltyPeriod.objects.get(kind="impediment")
    client.force_login(served.applicant.user)

    html = client.get(f"/autos/{served.pk}/penalidades/").content.decode()
    client.post(
        f"/autos/{served.pk}/penalidades/{impediment.pk}/liberar/",
        {f"p{impediment.pk}-note": "Consertei."},
    )

    assert "Liberar veículo" not in html
    impediment.refresh_from_db()
    assert impediment.ended_on is None


def test_someone_else_does_not_see_the_notice(client, served):
    client.force_login(UserFactory(role=Role.DRIVER))

    assert client.get(f"/autos/{served.pk}/penalidades/").status_code == 404


def test_art_59_iii_a_suspension_not_yet_served_is_not_told_as_none(client, agent, clerk):
    """Issue 24: the page said "Nenhum período de suspensão" while a 30-day suspension was
    pending — the notice notified, not yet final."""
    taxi = AuthorizationFactory()
    [notice] = violation_notices_issue(
        agent=agent,
        authorization=taxi,
        items=["XIII"],
        occurred_at=dt.datetime(2026, 5, 2, 9, tzinfo=dt.UTC),
        place="Rodoviária",
        password=PASSWORD,
    )
    case_step(case=notice, action="send_notice", actor=clerk)
    violation_notice_received(case=notice, received_on=dt.date(2026, 5, 3), actor=clerk)
    client.force_login(clerk)

    html = client.get(f"/autos/{notice.pk}/penalidades/").content.decode()

    assert 'data-testid="period"' not in html
    assert "Nenhum período de suspensão" not in html
    assert 'data-testid="periods-pending"' in html
