"""Art. 39 IV, VI: any passenger files a complaint without signing in, and gets a number."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from cases.models import AuditEvent, Case
from tests.factories import AuthorizationFactory
from workflows.complaint.models import ComplaintCase, ComplaintState

pytestmark = pytest.mark.django_db

NUMBER = re.compile(r"^2026/\d{6}$")


def _data(**overrides):
    data = {
        "plate": "",
        "occurred_at": "2026-05-03T22:15",
        "place": "Rodoviária, ponto 2",
        "account": "O taxista cobrou o dobro da tabela e não quis dar troco.",
        "passenger_name": "Maria Passageira",
        "passenger_contact": "(33) 99999-0000",
    }
    return {**data, **overrides}


def test_a_passenger_files_without_login_and_gets_a_number_art39(client):
    taxi = AuthorizationFactory()
    plate = taxi.vehicle.plate

    assert client.get("/reclamacao/").status_code == 200
    response = client.post("/reclamacao/", _data(plate=f"{plate[:3]}-{plate[3:].lower()}"))

    assert response.status_code == 302
    assert response["Location"].startswith("/reclamacao/recebida/?r=")
    complaint = ComplaintCase.objects.get()
    assert NUMBER.match(complaint.number)
    assert (complaint.state, complaint.plate, complaint.taxi, complaint.filed_by) == (
        ComplaintState.RECEIVED,
        plate,
        taxi,
        None,
    )
    # The taxi is kept apart from Case.authorization, which would show it to the holder.
    assert complaint.authorization is None and complaint.applicant is None
    assert list(AuditEvent.objects.values_list("transition", "to_state", "article")) == [
        ("open", "received", "Art. 39 IV e VI")
    ]
    receipt = client.get(response["Location"])
    assert receipt.status_code == 200
    assert complaint.number in receipt.content.decode()


def test_a_well_formed_plate_of_no_taxi_is_kept_for_the_clerk_art60(client):
    client.post("/reclamacao/", _data(plate="XYZ1A23"))

    complaint = ComplaintCase.objects.get()
    assert (complaint.plate, complaint.taxi) == ("XYZ1A23", None)


def test_a_malformed_plate_is_refused_clearly_and_nothing_is_written(client):
    response = client.post("/reclamacao/", _data(plate="XY-12"))

    assert response.status_code == 400
    assert "Placa inválida: XY-12. Use o formato ABC-1234 ou o Mercosul ABC1D23." in (
        response.content.decode()
    )
    assert not Case.objects.exists()
    assert not AuditEvent.objects.exists()


def test_a_time_in_the_future_is_refused(client):
    response = client.post("/reclamacao/", _data(plate="XYZ1A23", occurred_at="2026-05-04T10:30"))

    assert response.status_code == 400
    assert "A data e hora informadas estão no futuro." in response.content.decode()
    assert not Case.objects.exists()


def test_what_happened_and_where_are_required(client):
    response = client.post("/reclamacao/", _data(plate="XYZ1A23", place="", account="  "))

    assert response.status_code == 400
    assert not Case.objects.exists()


def test_a_filled_honeypot_writes_nothing(client):
    response = client.post("/reclamacao/", _data(plate="XYZ1A23", campo_extra="http://spam"))

    assert response.status_code == 400
    assert not Case.objects.exists()


def test_the_form_is_csrf_protected():
    strict = Client(enforce_csrf_checks=True)

    refused = strict.post("/reclamacao/", _data(plate="XYZ1A23"))

    assert refused.status_code == 403
    assert not Case.objects.exists()
    page = strict.get("/reclamacao/")
    token = page.cookies["csrftoken"].value
    accepted = strict.post("/reclamacao/", _data(plate="XYZ1A23"), HTTP_X_CSRFTOKEN=token)
    assert accepted.status_code == 302


def test_a_forged_receipt_link_is_not_found(client):
    assert client.get("/reclamacao/recebida/?r=2026/000001").status_code == 404
    assert client.get("/reclamacao/recebida/").status_code == 404


def test_the_public_api_files_without_login_and_answers_only_the_number(api):
    taxi = AuthorizationFactory()

    response = api().post(
        "/api/complaints/",
        {
            "plate": taxi.vehicle.plate,
            "occurred_at": "2026-05-03T22:15:00-03:00",
            "place": "Praça Central",
            "account": "Recusou a corrida curta.",
            "passenger_contact": "(33) 99999-0000",
        },
        format="json",
    )

    assert response.status_code == 201
    complaint = ComplaintCase.objects.get()
    assert response.json() == {"number": complaint.number}
    assert complaint.taxi == taxi and complaint.passenger_contact == "(33) 99999-0000"


def test_the_public_api_refuses_a_malformed_plate(api):
    response = api().post(
        "/api/complaints/",
        {"plate": "12", "occurred_at": "2026-05-03T22:15:00-03:00", "place": "P", "account": "A"},
        format="json",
    )

    # Refused by the plate's pattern the schema states (registers.fields.PlateField).
    assert response.status_code == 400
    assert response.json()["fields"]["plate"] == [
        "Placa inválida: 12. Use o formato ABC-1234 ou o Mercosul ABC1D23."
    ]
    assert not Case.objects.exists()
