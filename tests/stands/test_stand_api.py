"""Stand endpoints through HTTP only (Arts. 32-36): who may do what, and the refusals."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from municipal.models import Stand, StandArrival, StandAssignment, StandWaiting
from tests.factories import AuthorizationFactory, UserFactory
from tests.municipal_factories import StandAssignmentFactory, StandFactory

pytestmark = pytest.mark.django_db


def _client(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


NEW_STAND = {
    "name": "Ponto da Rodoviária",
    "address": "Av. Brasil, 10",
    "kind": "fixed",
    "places": 2,
    "act_number": "Decreto 55/2026",
    "act_date": "2026-02-01",
    "starts_on": "2026-02-02",
    "shelter": True,
    "shelter_roof": "acrylic",
}


def test_art_32_clerk_registers_a_stand_by_its_act(clerk):
    response = _client(clerk).post("/api/stands/", NEW_STAND, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["places"] == 2 and body["act_number"] == "Decreto 55/2026"
    assert Stand.objects.get(pk=body["id"]).shelter_roof == "acrylic"


def test_art_32_a_stand_without_act_number_is_refused_400(clerk):
    response = _client(clerk).post("/api/stands/", {**NEW_STAND, "act_number": ""}, format="json")
    assert response.status_code == 400
    assert response.json()["article"] == "Art. 32"
    assert not Stand.objects.exists()


def test_a_driver_cannot_register_a_stand_403():
    driver_user = AuthorizationFactory().holder.user
    response = _client(driver_user).post("/api/stands/", NEW_STAND, format="json")
    assert response.status_code == 403
    assert not Stand.objects.exists()


def test_anonymous_cannot_register_a_stand_401_or_403():
    response = _client().post("/api/stands/", NEW_STAND, format="json")
    assert response.status_code == 401
    assert not Stand.objects.exists()


def test_art_32_par_1_the_public_list_and_the_plates_of_a_fixed_stand():
    assignment = StandAssignmentFactory()
    listed = _client().get("/api/stands/")
    assert listed.status_code == 200
    assert [s["name"] for s in listed.json()] == [assignment.stand.name]
    assert listed.json()[0]["assigned"] == 1
    detail = _client().get(f"/api/stands/{assignment.stand.pk}/").json()
    assert detail["plates"] == [assignment.authorization.vehicle.display_plate]


def test_art_32_par_2_i_assignment_then_waiting_order_when_full(clerk):
    stand = StandFactory(places=1)
    first, second, third = (AuthorizationFactory() for _ in range(3))
    client = _client(clerk)
    url = f"/api/stands/{stand.pk}/assignments/"
    assert client.post(url, {"authorization": first.number}).status_code == 201
    waiting = client.post(url, {"authorization": second.vehicle.plate})
    assert waiting.status_code == 202
    assert waiting.json()["state"] == "waiting"
    assert client.post(url, {"authorization": third.number}).status_code == 202
    # the first leaves: the place goes to the one who asked first
    assignment = StandAssignment.objects.get(authorization=first)
    released = client.post(f"/api/stand-assignments/{assignment.pk}/release/")
    assert released.status_code == 200
    assert list(
        StandAssignment.objects.filter(stand=stand, ended_on__isnull=True).values_list(
            "authorization", flat=True
        )
    ) == [second.pk]
    assert StandWaiting.objects.get(authorization=third).state == "waiting"


def test_art_32_par_2_i_rotating_stand_refuses_assignment_400(clerk):
    stand = StandFactory(rotating=True)
    response = _client(clerk).post(
        f"/api/stands/{stand.pk}/assignments/", {"authorization": AuthorizationFactory().number}
    )
    assert response.status_code == 400
    assert response.json()["article"] == "Art. 32 §2 I"
    assert not StandAssignment.objects.exists()


def test_taxi_already_assigned_elsewhere_is_a_conflict_409(clerk):
    assignment = StandAssignmentFactory()
    other = StandFactory()
    response = _client(clerk).post(
        f"/api/stands/{other.pk}/assignments/",
        {"authorization": assignment.authorization.number},
    )
    assert response.status_code == 409
    assert StandAssignment.objects.count() == 1


def test_art_35_out_of_town_taxi_refused_at_a_fixed_stand_400(agent):
    stand = StandFactory()
    response = _client(agent).post(f"/api/stands/{stand.pk}/line/", {"plate": "XYZ1A23"})
    assert response.status_code == 400
    assert response.json()["article"] == "Art. 35"
    assert not StandArrival.objects.exists()


def test_art_36_order_of_arrival_through_the_api(agent):
    stand = StandFactory(places=3)
    first = StandAssignmentFactory(stand=stand).authorization
    second = StandAssignmentFactory(stand=stand).authorization
    client = _client(agent)
    url = f"/api/stands/{stand.pk}/line/"
    a = client.post(url, {"plate": first.vehicle.plate}).json()
    b = client.post(url, {"plate": second.vehicle.plate}).json()
    assert [row["plate"] for row in client.get(url).json()] == [
        first.vehicle.display_plate,
        second.vehicle.display_plate,
    ]
    jumped = client.post(f"/api/stand-arrivals/{b['id']}/departure/", {})
    assert jumped.status_code == 400
    assert jumped.json()["article"] == "Art. 36"
    assert StandArrival.objects.get(pk=b["id"]).departed_at is None
    called = client.post(
        f"/api/stand-arrivals/{b['id']}/departure/", {"passenger_call": True}, format="json"
    )
    assert called.status_code == 200 and called.json()["passenger_call"] is True
    assert client.post(f"/api/stand-arrivals/{a['id']}/departure/", {}).status_code == 200
    assert client.get(url).json() == []


def test_driver_records_his_own_arrival_but_not_another_taxis_403():
    stand = StandFactory(rotating=True)
    mine = AuthorizationFactory()
    other = AuthorizationFactory()
    client = _client(mine.holder.user)
    url = f"/api/stands/{stand.pk}/line/"
    assert client.post(url, {"plate": mine.vehicle.plate}).status_code == 201
    assert client.post(url, {"plate": other.vehicle.plate}).status_code == 403
    assert StandArrival.objects.count() == 1


def test_the_line_is_staff_only_403():
    stand = StandFactory()
    user = UserFactory()
    assert _client(user).get(f"/api/stands/{stand.pk}/line/").status_code == 403


def test_art_32_revoking_a_stand_ends_its_assignments_and_waiting(clerk):
    stand = StandFactory(places=1)
    assignment = StandAssignmentFactory(stand=stand)
    client = _client(clerk)
    waiting = client.post(
        f"/api/stands/{stand.pk}/assignments/", {"authorization": AuthorizationFactory().number}
    )
    assert waiting.status_code == 202
    no_act = client.post(f"/api/stands/{stand.pk}/revoke/", {"act_number": ""})
    assert no_act.status_code == 400 and no_act.json()["article"] == "Art. 32"
    revoked = client.post(f"/api/stands/{stand.pk}/revoke/", {"act_number": "Decreto 80/2026"})
    assert revoked.status_code == 200 and revoked.json()["revoked_on"] is not None
    assignment.refresh_from_db()
    assert assignment.ended_on is not None
    assert StandWaiting.objects.get().state == "withdrawn"
    assert (
        client.post(
            f"/api/stands/{stand.pk}/revoke/", {"act_number": "Decreto 81/2026"}
        ).status_code
        == 409
    )
    assert _client().get("/api/stands/").json() == []


def test_a_driver_is_refused_403_before_his_input_is_read():
    # whatever he sends (here an authorization that does not exist), the role comes first
    user = AuthorizationFactory().holder.user
    stand = StandFactory()
    response = _client(user).post(f"/api/stands/{stand.pk}/assignments/", {"authorization": "nada"})
    assert response.status_code == 403
    assert response.json()["detail"] == (
        "Somente servidores da Secretaria de Finanças podem alterar este cadastro."
    )


def test_art_36_a_taxi_leaving_without_a_passenger_leaves_from_any_place_and_goes_elsewhere(
    agent,
):
    """Art. 36 orders the departures "para o Transporte Individual de Passageiros": a taxi
    leaving without one gives up its place from any position in the line, and is not kept
    from arriving at another stand (Art. 38 II forbids abandoning the car, not leaving)."""
    stand = StandFactory(places=3)
    first = StandAssignmentFactory(stand=stand).authorization
    second = StandAssignmentFactory(stand=stand).authorization
    client = _client(agent)
    url = f"/api/stands/{stand.pk}/line/"
    client.post(url, {"plate": first.vehicle.plate})
    b = client.post(url, {"plate": second.vehicle.plate}).json()
    left = client.post(
        f"/api/stand-arrivals/{b['id']}/departure/", {"without_passenger": True}, format="json"
    )
    assert left.status_code == 200, left.content
    assert left.json()["without_passenger"] is True
    assert [row["plate"] for row in client.get(url).json()] == [first.vehicle.display_plate]
    elsewhere = StandFactory(rotating=True)
    arrived = client.post(f"/api/stands/{elsewhere.pk}/line/", {"plate": second.vehicle.plate})
    assert arrived.status_code == 201, arrived.content


def test_art_35_a_suspended_local_taxi_is_told_it_is_suspended_not_from_elsewhere(agent):
    """Art. 35 is about taxis of other municipalities; a local one whose authorization is
    suspended (Art. 24, 59 III) is refused for what it is (issue 19, item 14)."""
    stand = StandFactory()
    taxi = AuthorizationFactory(suspended=True)
    response = _client(agent).post(f"/api/stands/{stand.pk}/line/", {"plate": taxi.vehicle.plate})
    assert response.status_code == 400
    assert response.json()["article"] == "Art. 24"
    assert "suspensa" in response.json()["detail"]
    assert "outro município" not in response.json()["detail"]
    assert not StandArrival.objects.exists()


def test_art_3_par_4_an_executive_taxi_takes_no_place_at_a_stand(agent):
    """Art. 3 §4: executive taxis serve only under contract, "proibindo o seu uso nos
    serviços próprios dos táxis não executivos" (issue 19, item 16)."""
    from municipal.models import ExecutiveVehicle
    from tests.factories import VehicleFactory
    from tests.municipal_factories import AssociationFactory

    executive = ExecutiveVehicle.objects.create(
        association=AssociationFactory(),
        vehicle=VehicleFactory(owner=None, colour="prata"),
        seal="SE-9",
        registered_on="2026-03-01",
    )
    stand = StandFactory(rotating=True)
    response = _client(agent).post(
        f"/api/stands/{stand.pk}/line/", {"plate": executive.vehicle.plate}
    )
    assert response.status_code == 400
    assert response.json()["article"] == "Art. 3 §4"
    assert not StandArrival.objects.exists()
