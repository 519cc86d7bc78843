"""Stand pages through HTTP only: the public list, the agent's phone page, the sign."""

from __future__ import annotations

import pytest

from municipal.models import Stand, StandAssignment
from tests.factories import AuthorizationFactory, UserFactory
from tests.municipal_factories import StandAssignmentFactory, StandFactory

pytestmark = pytest.mark.django_db


def test_art_32_public_stand_list_shows_location_type_places(client):
    StandFactory(name="Ponto da Matriz", address="Praça da Matriz", places=4)
    page = client.get("/pontos/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Ponto da Matriz" in html and "Praça da Matriz" in html and "fixo" in html


def test_art_32_par_1_the_sign_lists_the_plates_of_the_fixed_stand(client):
    assignment = StandAssignmentFactory()
    ended = StandAssignmentFactory(stand=assignment.stand)
    ended.ended_on = ended.since
    ended.save()
    page = client.get(f"/pontos/{assignment.stand.pk}/placa/")
    assert page.status_code == 200
    html = page.content.decode()
    assert assignment.authorization.vehicle.display_plate in html
    assert ended.authorization.vehicle.display_plate not in html
    assert "Art. 35" in html


def test_agent_phone_page_shows_who_belongs_to_the_stand(client, agent):
    assignment = StandAssignmentFactory()
    client.force_login(agent)
    html = client.get(f"/pontos/{assignment.stand.pk}/").content.decode()
    assert assignment.authorization.holder.name in html
    assert assignment.authorization.vehicle.display_plate in html
    assert "ordem de chegada" in html


def test_public_stand_page_hides_the_holders_names(client):
    assignment = StandAssignmentFactory()
    html = client.get(f"/pontos/{assignment.stand.pk}/").content.decode()
    assert assignment.authorization.vehicle.display_plate in html
    assert assignment.authorization.holder.name not in html


def test_art_32_clerk_creates_a_stand_through_the_form(client, clerk):
    client.force_login(clerk)
    assert client.get("/pontos/novo/").status_code == 200
    response = client.post(
        "/pontos/novo/",
        {
            "name": "Ponto do Hospital",
            "address": "Rua da Saúde, 1",
            "kind": "rotating",
            "places": "3",
            "act_number": "Decreto 9/2026",
            "act_date": "2026-01-10",
            "starts_on": "2026-01-11",
        },
    )
    stand = Stand.objects.get(name="Ponto do Hospital")
    assert response.status_code == 302 and response["Location"] == f"/pontos/{stand.pk}/"


def test_art_32_par_2_iii_provisional_without_end_rerenders_400(client, clerk):
    client.force_login(clerk)
    response = client.post(
        "/pontos/novo/",
        {
            "name": "Ponto da Festa",
            "address": "Parque",
            "kind": "provisional",
            "places": "5",
            "act_number": "Portaria 3/2026",
            "act_date": "2026-06-01",
            "starts_on": "2026-06-20",
        },
    )
    assert response.status_code == 400
    assert "evento especial" in response.content.decode()
    assert not Stand.objects.exists()


def test_a_driver_gets_403_on_the_stand_form(client):
    client.force_login(AuthorizationFactory().holder.user)
    assert client.get("/pontos/novo/").status_code == 403
    assert client.post("/pontos/novo/", {"name": "X"}).status_code == 403


def test_clerk_assigns_a_taxi_from_the_stand_page(client, clerk):
    stand = StandFactory()
    authorization = AuthorizationFactory()
    client.force_login(clerk)
    response = client.post(
        f"/pontos/{stand.pk}/designar/",
        {"authorization": authorization.vehicle.display_plate},
        follow=True,
    )
    assert response.status_code == 200
    assert "Designação registrada." in response.content.decode()
    assert StandAssignment.objects.filter(stand=stand, authorization=authorization).exists()


def test_assign_by_a_non_clerk_is_403(client):
    stand = StandFactory()
    client.force_login(UserFactory())
    response = client.post(
        f"/pontos/{stand.pk}/designar/", {"authorization": AuthorizationFactory().number}
    )
    assert response.status_code == 403
    assert not StandAssignment.objects.exists()
