"""Issue 12 §1: a date no case can have (01/01/0001, 31/12/9999) is refused at the door of
every action, page and API, before any rule runs."""

from __future__ import annotations

import pytest

from accounts.roles import Role
from tests.clandestine.factories import ClandestineCaseFactory
from tests.factories import UserFactory
from workflows.clandestine.models import ClandestinePayment

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("day", ["0001-01-01", "9999-12-31", "1899-12-31"])
def test_art_62_p3_a_payment_dated_out_of_any_case_answers_400(api, day):
    case = ClandestineCaseFactory(held=True, costs_recorded=True)
    response = api(UserFactory(role=Role.CLERK)).post(
        f"/api/cases/{case.pk}/actions/record_payment/",
        {"amount": "100,00", "paid_on": day},
        format="json",
    )
    assert response.status_code == 400, response.content
    assert "paid_on" in response.json()["fields"]
    assert "Data fora do intervalo" in response.json()["fields"]["paid_on"][0]
    assert not ClandestinePayment.objects.exists()


def test_art_62_p3_the_page_refuses_it_too(client):
    case = ClandestineCaseFactory(held=True, costs_recorded=True)
    client.force_login(UserFactory(role=Role.CLERK))
    page = client.post(
        f"/processos/{case.pk}/acao/record_payment/",
        {"amount": "100,00", "paid_on": "0001-01-01"},
        follow=True,
    )
    assert "01/01/0001" in page.content.decode()
    assert not ClandestinePayment.objects.exists()
