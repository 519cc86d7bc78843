"""The fiscal agent's phone page (Arts. 47, 50, 51): find the taxi, mark the items, issue."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cases.models import Case
from tests.complaint.factories import bind_auxiliary
from tests.factories import PASSWORD, AuthorizationFactory, MunicipalRegistrationFactory
from workflows.violation.models import ViolationNotice, ViolationState

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("roadside_day")]

PAGE = "/fiscalizacao/autos/novo/"


def _post(client, taxi, **overrides):
    data = {
        "authorization": taxi.pk,
        "items": ["I", "XIII"],
        "conductor": "holder",
        "place": "Av. Brasil, em frente ao nº 200",
        "occurred_at": "2026-05-04T09:40",
        "description": "Veículo lavado no ponto; pneu careca.",
        "password": PASSWORD,
    }
    return client.post(PAGE, {**data, **overrides})


@pytest.fixture
def taxi():
    return AuthorizationFactory()


def test_the_agent_finds_the_taxi_by_plate_and_sees_holder_and_auxiliary_art47(client, agent, taxi):
    auxiliary = bind_auxiliary(taxi, name="Beto Auxiliar")
    client.force_login(agent)
    plate = taxi.vehicle.plate

    html = client.get(PAGE, {"q": f"{plate[:3]}-{plate[3:].lower()}"}).content.decode()

    assert taxi.holder.name in html and auxiliary.name in html
    assert taxi.number in html
    assert 'name="conductor" value="auxiliary"' in html


@pytest.mark.parametrize("by", ["termo", "im"])
def test_the_agent_finds_the_taxi_by_termo_or_im_number(client, agent, taxi, by):
    registration = MunicipalRegistrationFactory(authorization=taxi)
    client.force_login(agent)

    query = taxi.number if by == "termo" else registration.number.lower()
    html = client.get(PAGE, {"q": query}).content.decode()

    assert taxi.holder.name in html and registration.number in html


def test_an_unknown_taxi_is_said_so(client, agent):
    client.force_login(agent)

    html = client.get(PAGE, {"q": "XYZ9Z99"}).content.decode()

    assert 'data-testid="not-found"' in html and "Arts. 60 a 62" in html


def test_two_items_at_once_make_two_notices_with_their_numbers_art51(client, agent, taxi):
    client.force_login(agent)

    response = _post(client, taxi)

    assert response.status_code == 302
    notices = list(ViolationNotice.objects.order_by("number"))
    assert [(n.item, n.state, n.agent, n.offender) for n in notices] == [
        ("I", ViolationState.ISSUED, agent, taxi.holder),
        ("XIII", ViolationState.ISSUED, agent, taxi.holder),
    ]
    assert response["Location"] == (
        f"/fiscalizacao/autos/lavrados/?autos={notices[0].pk},{notices[1].pk}"
    )
    confirmation = client.get(response["Location"]).content.decode()
    numbers = re.findall(r'data-testid="notice-number">([^<]+)<', confirmation)
    assert numbers == [notices[0].number, notices[1].number]
    assert f'href="/processos/{notices[0].pk}/"' in confirmation


def test_the_auxiliary_identified_as_the_driver_is_the_offender_art49(client, agent, taxi):
    auxiliary = bind_auxiliary(taxi)
    client.force_login(agent)

    _post(client, taxi, items=["VIII"], conductor="auxiliary")

    assert ViolationNotice.objects.get().offender == auxiliary


def test_item_xxi_is_not_offered_and_is_refused_if_posted_art58(client, agent, taxi):
    client.force_login(agent)

    html = client.get(PAGE, {"q": taxi.vehicle.plate}).content.decode()
    offered = re.findall(r'name="items" value="([IVX]+)"', html)
    assert "XXI" not in offered and len(offered) == 28

    refused = _post(client, taxi, items=["I", "XXI"])

    assert refused.status_code == 400
    page = refused.content.decode()
    assert "O item XXI do Art. 58 não pode ser citado" in page
    assert "(Art. 58 XXI)" in page
    assert not ViolationNotice.objects.exists()


def test_the_agent_must_say_who_was_driving_art50(client, agent, taxi):
    client.force_login(agent)

    refused = _post(client, taxi, conductor="")

    assert refused.status_code == 400
    assert "Informe quem conduzia o táxi." in refused.content.decode()
    assert not ViolationNotice.objects.exists()


def test_a_clerk_cannot_issue_notices_art41(client, clerk, taxi):
    client.force_login(clerk)

    page = client.get(PAGE)
    posted = _post(client, taxi)

    assert page.status_code == posted.status_code == 403
    assert "Somente agentes fiscais lavram autos de infração." in posted.content.decode()
    assert "(Art. 41)" in posted.content.decode()
    assert not Case.objects.exists()


def test_a_driver_cannot_issue_notices_art41(client, taxi):
    client.force_login(taxi.holder.user)

    assert _post(client, taxi).status_code == 403
    assert not ViolationNotice.objects.exists()


def test_the_confirmation_reads_a_fixed_number_of_queries_however_many_notices(
    client, agent, taxi, django_assert_num_queries
):
    client.force_login(agent)
    _post(client, taxi, items=["I", "XIII"])
    two = ",".join(str(pk) for pk in ViolationNotice.objects.values_list("pk", flat=True))
    _post(client, taxi, items=["II", "III", "IV", "XIV"])
    six = ",".join(str(pk) for pk in ViolationNotice.objects.values_list("pk", flat=True))
    url = "/fiscalizacao/autos/lavrados/?autos="

    with CaptureQueriesContext(connection) as few:
        client.get(url + two)
    with django_assert_num_queries(len(few)):
        page = client.get(url + six)
    assert page.content.decode().count('data-testid="notice"') == 6
