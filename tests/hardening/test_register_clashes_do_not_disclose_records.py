"""Issue 12 §4 (LGPD): a clash with someone else's CPF, CNH, RENAVAM or plate answers the
same message, status, code and article, naming no one else's data; a transfer of an
unknown authorization answers as one of an authorization not in force."""

from __future__ import annotations

import pytest

from accounts.roles import Role
from cases.models import Case
from registers.models import Authorization
from tests.application.factories import (
    applicant_data,
    document_fields,
    form_payload,
    population,
    vehicle_data,
)
from tests.factories import DriverFactory, UserFactory, VehicleFactory
from tests.transfer.factories import transfer_files

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _quiet_queues(monkeypatch):
    monkeypatch.setattr("notifications.services._enqueue", lambda pk: None)
    monkeypatch.setattr("documents.services._enqueue", lambda pk: None)


def _file(api, user, applicant, vehicle):
    payload = {**form_payload(applicant, vehicle), **document_fields()}
    return api(user).post("/api/applications/", payload, format="multipart")


def test_art_10_clashes_with_other_peoples_records_all_answer_alike(api):
    population(100_000)
    other = DriverFactory()
    other_vehicle = VehicleFactory(owner=other)
    answers = {}
    cases = {
        "cpf": (applicant_data(cpf=other.cpf), vehicle_data()),
        "cnh": (applicant_data(cnh_number=other.cnh_number), vehicle_data()),
        "renavam": (applicant_data(), vehicle_data(renavam=other_vehicle.renavam)),
        "plate": (applicant_data(), vehicle_data(plate=other_vehicle.plate)),
    }
    for name, (applicant, vehicle) in cases.items():
        response = _file(api, UserFactory(role=Role.DRIVER), applicant, vehicle)
        answers[name] = (response.status_code, response.json())
    assert Case.objects.count() == 0
    first = answers["cpf"]
    assert first[0] == 400
    assert first[1]["code"] == "register_mismatch"
    assert all(answer == first for answer in answers.values()), answers
    text = first[1]["detail"]
    for secret in (other.cpf, other.cnh_number, other_vehicle.renavam, other_vehicle.plate):
        assert secret not in text
    assert "outro" not in text.lower()


def test_art_25_an_unknown_authorization_answers_as_one_not_in_force(api):
    heir = DriverFactory()
    revoked = Authorization.objects.create(
        number="TA-9001",
        holder=DriverFactory(),
        vehicle=VehicleFactory(),
        granted_on="2024-03-01",
        status=Authorization.Status.REVOKED,
    )

    def transfer(number):
        payload = {
            "authorization_number": number,
            "cause": "I",
            "event_on": "2026-02-10",
            "relationship": "descendant",
            "succession_class": "I",
            **transfer_files("I"),
        }
        return api(heir.user).post("/api/transfers/", payload, format="multipart")

    known, unknown = transfer(revoked.number), transfer("TA-9002")
    assert known.status_code == unknown.status_code == 400, (known.content, unknown.content)
    known_body, unknown_body = known.json(), unknown.json()
    assert (known_body["code"], known_body["article"]) == (
        unknown_body["code"],
        unknown_body["article"],
    )
    assert known_body["detail"].replace("TA-9001", "N") == unknown_body["detail"].replace(
        "TA-9002", "N"
    )
