"""Association endpoints through HTTP only (Art. 3 §§1-5), and §5 on the public page."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from municipal.models import ExecutiveUse, ExecutiveVehicle, Membership
from registers.models import Vehicle
from tests.factories import AuthorizationFactory, MunicipalRegistrationFactory
from tests.municipal_factories import AssociationFactory, MembershipFactory

pytestmark = pytest.mark.django_db

VEHICLE = {
    "plate": "EXE1C23",
    "renavam": "",
    "make": "Toyota",
    "model": "Corolla",
    "manufacture_year": 2025,
    "doors": 4,
    "capacity": 5,
    "air_conditioning": True,
    "airbag": True,
    "colour": "prata",
    "seal": "SE-001",
    "registered_on": "2026-03-02",
}


def _client(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def _renavam() -> str:
    from validate_docbr import RENAVAM

    return RENAVAM().generate()


def test_art_3_par_1_i_clerk_registers_an_association(clerk):
    response = _client(clerk).post(
        "/api/associations/",
        {
            "name": "Cooperativa Mantenópolis",
            "kind": "cooperative",
            "cnpj": "12345678000190",
            "registered_on": "2026-03-01",
            "colour": "prata",
        },
    )
    assert response.status_code == 201, response.content
    standard = _client(clerk).post(
        "/api/associations/",
        {
            "name": "Outra",
            "kind": "association",
            "cnpj": "12345678000191",
            "registered_on": "2026-03-01",
            "colour": "branca",
        },
    )
    assert standard.status_code == 400 and standard.json()["article"] == "Art. 3 §1"


def test_art_3_caput_par_2_a_member_joins_a_second_association(clerk):
    """Art. 3 caput: drivers "poderá agrupar-se em associações e cooperativas"; §2 only
    keeps the member out of the second association's count of vehicles."""
    membership = MembershipFactory()
    other = AssociationFactory()
    taxi = membership.driver.authorizations.get()
    response = _client(clerk).post(
        f"/api/associations/{other.pk}/members/",
        {"authorization": taxi.number, "since": "2026-03-01"},
    )
    assert response.status_code == 201, response.content
    assert Membership.objects.filter(driver=membership.driver).count() == 2
    again = _client(clerk).post(
        f"/api/associations/{other.pk}/members/",
        {"authorization": taxi.number, "since": "2026-03-02"},
    )
    assert again.status_code == 400 and again.json()["article"] == "Art. 3"


def test_art_3_par_2_a_member_counted_by_another_association_does_not_raise_the_limit(clerk):
    # Given 30 members, 10 of whom joined another association first
    first = AssociationFactory()
    second = AssociationFactory()
    early = MembershipFactory.create_batch(10, association=first)
    for membership in early:
        MembershipFactory(association=second, driver=membership.driver, since="2026-01-10")
    MembershipFactory.create_batch(20, association=second, since="2026-01-10")
    # Then the second counts 20 for its limit (2 vehicles) and all 30 for its minimum
    body = _client(clerk).get(f"/api/associations/{second.pk}/").json()
    assert (body["members_with_authorization"], body["max_vehicles"]) == (30, 2)
    first_body = _client(clerk).get(f"/api/associations/{first.pk}/").json()
    assert (first_body["members_with_authorization"], first_body["max_vehicles"]) == (10, 1)
    client = _client(clerk)
    url = f"/api/associations/{second.pk}/vehicles/"
    for plate in ("EXE1C23", "EXE2C34"):
        created = client.post(
            url, {**VEHICLE, "plate": plate, "renavam": _renavam()}, format="json"
        )
        assert created.status_code == 201, created.content
    third = client.post(url, {**VEHICLE, "plate": "EXE3C45", "renavam": _renavam()}, format="json")
    assert third.status_code == 400 and third.json()["article"] == "Art. 3 §1 II"


def test_art_3_par_1_iii_an_executive_taxi_is_not_used_once_members_fell_below_twenty(clerk):
    """Art. 3 §1 II-III hold at every use, not only when the vehicle was registered."""
    association = AssociationFactory()
    members = MembershipFactory.create_batch(20, association=association)
    api = _client(clerk)
    executive = api.post(
        f"/api/associations/{association.pk}/vehicles/",
        {**VEHICLE, "renavam": _renavam()},
        format="json",
    ).json()
    Membership.objects.filter(pk__in=[m.pk for m in members[5:]]).update(ended_on="2026-03-01")
    use = api.post(
        f"/api/executive-vehicles/{executive['id']}/uses/",
        {"membership": members[0].pk, "contract": "Contrato 7/2026 — Hospital"},
    )
    assert use.status_code == 400 and use.json()["article"] == "Art. 3 §1 III"
    assert not ExecutiveUse.objects.exists()


def test_art_3_par_1_an_association_without_executive_taxis_declares_no_colour(clerk):
    response = _client(clerk).post(
        "/api/associations/",
        {
            "name": "Associação dos Taxistas do Centro",
            "kind": "association",
            "cnpj": "12345678000191",
            "registered_on": "2026-03-01",
        },
    )
    assert response.status_code == 201, response.content
    association_id = response.json()["id"]
    MembershipFactory.create_batch(20, association_id=association_id)
    vehicle = _client(clerk).post(
        f"/api/associations/{association_id}/vehicles/",
        {**VEHICLE, "renavam": _renavam()},
        format="json",
    )
    assert vehicle.status_code == 400 and vehicle.json()["article"] == "Art. 3 §1"


def test_art_3_par_1_iii_no_executive_taxi_below_twenty_members(clerk):
    association = AssociationFactory()
    MembershipFactory.create_batch(19, association=association)
    response = _client(clerk).post(
        f"/api/associations/{association.pk}/vehicles/",
        {**VEHICLE, "renavam": _renavam()},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["article"] == "Art. 3 §1 III"
    assert not Vehicle.objects.filter(plate="EXE1C23").exists()


def test_art_3_par_1_ii_and_par_3_fleet_limit_and_requirements(clerk):
    association = AssociationFactory()
    MembershipFactory.create_batch(20, association=association)
    client = _client(clerk)
    url = f"/api/associations/{association.pk}/vehicles/"
    no_airbag = client.post(url, {**VEHICLE, "renavam": _renavam(), "airbag": False}, format="json")
    assert no_airbag.status_code == 400 and no_airbag.json()["article"] == "Art. 3 §3"
    assert client.post(url, {**VEHICLE, "renavam": _renavam()}, format="json").status_code == 201
    assert (
        client.post(
            url, {**VEHICLE, "plate": "EXE2C34", "renavam": _renavam()}, format="json"
        ).status_code
        == 201
    )
    third = client.post(url, {**VEHICLE, "plate": "EXE3C45", "renavam": _renavam()}, format="json")
    assert third.status_code == 400 and third.json()["article"] == "Art. 3 §1 II"
    assert ExecutiveVehicle.objects.count() == 2


def test_art_3_par_4_and_5_use_under_contract_retains_the_members_taxi(client, clerk):
    association = AssociationFactory()
    members = MembershipFactory.create_batch(20, association=association)
    api = _client(clerk)
    executive = api.post(
        f"/api/associations/{association.pk}/vehicles/",
        {**VEHICLE, "renavam": _renavam()},
        format="json",
    ).json()
    member = members[0]
    own = member.driver.authorizations.get()
    MunicipalRegistrationFactory(authorization=own)
    no_contract = api.post(
        f"/api/executive-vehicles/{executive['id']}/uses/",
        {"membership": member.pk, "contract": ""},
    )
    assert no_contract.status_code == 400 and no_contract.json()["article"] == "Art. 3 §4"
    use = api.post(
        f"/api/executive-vehicles/{executive['id']}/uses/",
        {"membership": member.pk, "contract": "Contrato 7/2026 — Hospital"},
    )
    assert use.status_code == 201, use.content
    assert use.json()["retained_plate"] == own.vehicle.display_plate
    busy = api.post(
        f"/api/executive-vehicles/{executive['id']}/uses/",
        {"membership": members[1].pk, "contract": "Contrato 8/2026"},
    )
    assert busy.status_code == 409
    # the public verification page shows the retention (§5)
    page = client.get(f"/verificar/?q={own.vehicle.plate}").content.decode()
    assert "retido junto à" in page and association.name in page
    executive_page = client.get("/verificar/?q=EXE1C23").content.decode()
    assert "somente mediante contrato" in executive_page
    # the use ends: released
    assert api.post(f"/api/executive-uses/{use.json()['id']}/end/").status_code == 200
    assert "retido junto à" not in client.get(f"/verificar/?q={own.vehicle.plate}").content.decode()
    assert ExecutiveUse.objects.get().ended_at is not None


def test_associations_are_staff_only_and_writes_clerk_only():
    driver = AuthorizationFactory().holder.user
    assert _client(driver).get("/api/associations/").status_code == 403
    assert _client(driver).post("/api/associations/", {}).status_code == 403
    response = _client(driver).post(
        "/api/associations/",
        {
            "name": "X",
            "kind": "cooperative",
            "cnpj": "12345678000190",
            "registered_on": "2026-03-01",
            "colour": "prata",
        },
    )
    assert response.status_code == 403
