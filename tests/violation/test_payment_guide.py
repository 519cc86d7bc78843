"""The fine's payment guide (Arts. 54, 55): amount in reais, last day and Pix code."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from accounts.roles import Role
from cases.services.transitions import case_step
from payments.pix import parse
from registers.models import VrteValue
from tests.factories import PASSWORD, AuthorizationFactory, UserFactory
from workflows.violation.services import (
    violation_notice_received,
    violation_notices_issue,
    violation_pay,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("roadside_day")]


@pytest.fixture
def notified(agent, clerk):
    """Item XIII on 2 May 2026, notified on 4 May: payment due 10 days later (Art. 55 I)."""
    VrteValue.objects.update_or_create(year=2026, defaults={"value": Decimal("4.7465")})
    taxi = AuthorizationFactory(holder__user=UserFactory(role=Role.DRIVER))
    [notice] = violation_notices_issue(
        agent=agent, authorization=taxi, items=["XIII"],
        occurred_at=dt.datetime(2026, 5, 2, 9, tzinfo=dt.UTC), place="Rodoviária",
        password=PASSWORD,
    )
    case_step(case=notice, action="send_notice", actor=clerk)
    violation_notice_received(case=notice, received_on=dt.date(2026, 5, 4), actor=clerk)
    notice.refresh_from_db()
    return notice


def test_art_55_the_driver_sees_the_amount_in_reais_the_last_day_and_the_pix_code(
    client, notified
):
    client.force_login(notified.authorization.holder.user)

    response = client.get(f"/autos/{notified.pk}/guia/")

    html = response.content.decode()
    assert response.status_code == 200
    reais = f"{notified.fine_reais:.2f}".replace(".", ",")
    assert f"R$ {reais}" in html
    assert "14/05/2026" in html  # 10 days from 4 May (Art. 55 I)
    code = html.split('data-testid="pix-code">')[1].split("</textarea>")[0]
    fields = parse(code)
    assert fields["54"] == f"{notified.fine_reais:.2f}"
    assert parse(fields["62"])["05"] == notified.number.replace("/", "")
    assert "<svg" in html


def test_a_paid_fine_has_no_guide(client, clerk, notified):
    violation_pay(case=notified, actor=clerk)
    client.force_login(notified.authorization.holder.user)

    response = client.get(f"/autos/{notified.pk}/guia/")

    assert response.status_code == 409
    assert "Não há multa a pagar" in response.content.decode()


def test_another_driver_cannot_open_the_guide(client, notified):
    client.force_login(AuthorizationFactory(holder__user=UserFactory(role=Role.DRIVER)).holder.user)

    assert client.get(f"/autos/{notified.pk}/guia/").status_code == 404


def test_the_case_page_links_to_the_guide(client, notified):
    client.force_login(notified.authorization.holder.user)

    html = client.get(f"/processos/{notified.pk}/").content.decode()

    assert f'href="/autos/{notified.pk}/guia/"' in html
