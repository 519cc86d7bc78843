"""Arts. 12 and 20 through the REST API: 201, and 400/403/409 with nothing half-written."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from cases.models import AuditEvent, Case, Document
from inspections.models import Inspection
from tests.factories import AuthorizationFactory
from tests.substitution.factories import SubstitutionCaseFactory, crlv, new_vehicle
from workflows.substitution.models import SubstitutionCase, SubstitutionState

pytestmark = pytest.mark.django_db


def _payload(**overrides):
    data = new_vehicle()
    payload = {
        "plate": data.plate, "renavam": data.renavam, "make": data.make, "model": data.model,
        "manufacture_year": data.manufacture_year, "doors": data.doors,
        "capacity": data.capacity, "air_conditioning": True, "airbag": True,
        "colour": data.colour, "crlv": crlv(),
    }
    payload.update(overrides)
    return payload


def _state(case):
    return SubstitutionCase.objects.get(pk=case.pk).state


def test_the_holder_files_through_the_api_and_gets_a_numbered_case_art20(api, driver):
    response = api(driver.user).post("/api/substitutions/", _payload(), format="multipart")
    assert response.status_code == 201, response.content
    body = response.json()
    case = SubstitutionCase.objects.get()
    assert (body["number"], body["state"], body["kind"]) == (
        case.number, SubstitutionState.FILED, "vehicle_substitution",
    )
    document = Document.objects.get(case=case)
    assert (document.item, document.content_type) == ("crlv", "application/pdf")


def test_a_clerk_files_at_the_counter_naming_the_driver_art20(api, clerk, driver):
    response = api(clerk).post(
        "/api/substitutions/", _payload(driver=driver.pk), format="multipart"
    )
    assert response.status_code == 201, response.content
    assert SubstitutionCase.objects.get().applicant_id == driver.pk


def test_a_nine_year_old_vehicle_is_refused_with_its_articles_art11_II(api, driver):
    response = api(driver.user).post(
        "/api/substitutions/", _payload(manufacture_year=2015), format="multipart"
    )
    assert response.status_code == 400
    assert response.json()["article"] == "Art. 10 II b; Art. 11 II; Art. 12"
    assert (Case.objects.count(), AuditEvent.objects.count(), Document.objects.count()) == (
        0, 0, 0,
    )


def test_a_bad_plate_is_refused_naming_art10_II_a(api, driver):
    response = api(driver.user).post(
        "/api/substitutions/", _payload(plate="XYZ"), format="multipart"
    )
    # Refused by the plate's pattern the schema states (registers.fields.PlateField).
    assert response.status_code == 400
    assert response.json()["fields"]["plate"] == [
        "Placa inválida: XYZ. Use o formato ABC-1234 ou o Mercosul ABC1D23."
    ]
    assert not Case.objects.exists()


def test_a_missing_crlv_is_refused_naming_art10_II_a(api, driver):
    payload = _payload()
    del payload["crlv"]
    response = api(driver.user).post("/api/substitutions/", payload, format="multipart")
    assert (response.status_code, response.json()["article"]) == (400, "Art. 10 II a")
    assert not Case.objects.exists()


def test_a_second_filing_while_one_is_open_is_a_conflict_409(api, driver):
    SubstitutionCaseFactory(authorization=driver.authorizations.get())
    response = api(driver.user).post("/api/substitutions/", _payload(), format="multipart")
    assert (response.status_code, response.json()["code"]) == (409, "state_conflict")
    assert SubstitutionCase.objects.count() == 1


def test_the_driver_cannot_approve_his_own_substitution_403(api, driver):
    case = SubstitutionCaseFactory(
        awaiting_decision=True, authorization=driver.authorizations.get()
    )
    response = api(driver.user).post(f"/api/cases/{case.pk}/actions/approve/", {})
    assert response.status_code == 403
    assert _state(case) == SubstitutionState.AWAITING_DECISION


def test_approving_before_the_inspection_is_a_conflict_409(api, clerk):
    case = SubstitutionCaseFactory()
    response = api(clerk).post(f"/api/cases/{case.pk}/actions/approve/", {})
    assert (response.status_code, response.json()["code"]) == (409, "state_conflict")
    assert _state(case) == SubstitutionState.FILED
    assert not AuditEvent.objects.filter(case=case).exists()


def test_the_mayor_does_not_decide_substitutions_art20(api, mayor):
    case = SubstitutionCaseFactory(awaiting_decision=True)
    response = api(mayor).post(f"/api/cases/{case.pk}/actions/approve/", {})
    assert response.status_code == 403


def test_the_clerk_approves_through_the_api_art20(api, clerk):
    case = SubstitutionCaseFactory(awaiting_decision=True)
    response = api(clerk).post(f"/api/cases/{case.pk}/actions/approve/", {})
    assert response.status_code == 200, response.content
    assert response.json()["state"] == SubstitutionState.APPROVED
    case.authorization.refresh_from_db()
    assert case.authorization.vehicle_id == case.new_vehicle_id


def test_the_system_and_internal_transitions_cannot_be_taken_through_the_api(api, clerk):
    notice = SubstitutionCaseFactory(notice=True)
    scheduled = SubstitutionCaseFactory(inspection_scheduled=True)
    assert api(clerk).post(f"/api/cases/{notice.pk}/actions/lapse/", {}).status_code == 403
    assert api(clerk).post(f"/api/cases/{notice.pk}/actions/file/", {}).status_code == 403
    assert (
        api(clerk).post(f"/api/cases/{scheduled.pk}/actions/pass_inspection/", {}).status_code
        == 403
    )
    assert (_state(notice), _state(scheduled)) == (
        SubstitutionState.AWAITING_VEHICLE, SubstitutionState.INSPECTION_SCHEDULED,
    )


def test_rejecting_and_dismissing_need_a_reason(api, clerk):
    filed = SubstitutionCaseFactory()
    notice = SubstitutionCaseFactory(notice=True)
    no_reason = api(clerk).post(f"/api/cases/{filed.pk}/actions/reject/", {"note": " "})
    assert no_reason.status_code == 400
    assert api(clerk).post(f"/api/cases/{notice.pk}/actions/dismiss/", {}).status_code == 400
    response = api(clerk).post(
        f"/api/cases/{notice.pk}/actions/dismiss/", {"note": "Veículo repintado de branco."}
    )
    assert response.status_code == 200
    assert (_state(filed), _state(notice)) == (
        SubstitutionState.FILED, SubstitutionState.DISMISSED,
    )


def test_the_clerk_books_the_inspection_with_date_and_place_art20(api, clerk, driver):
    api(driver.user).post("/api/substitutions/", _payload(), format="multipart")
    case = SubstitutionCase.objects.get()
    reviewed = api(clerk).post(
        f"/api/cases/{case.pk}/actions/review_document/",
        {"item": "crlv", "decision": "accept"}, format="json",
    )
    assert reviewed.status_code == 200, reviewed.content
    when = (timezone.now() + dt.timedelta(days=2)).isoformat()
    response = api(clerk).post(
        f"/api/cases/{case.pk}/actions/schedule_inspection/",
        {"when": when, "place": "Pátio da Prefeitura"}, format="json",
    )
    assert response.status_code == 200, response.content
    inspection = Inspection.objects.get(case=case)
    assert (inspection.vehicle_id, inspection.place) == (case.new_vehicle_id, "Pátio da Prefeitura")
    assert _state(case) == SubstitutionState.INSPECTION_SCHEDULED


def test_another_driver_does_not_see_the_case_404(api):
    case = SubstitutionCaseFactory()
    stranger = AuthorizationFactory().holder
    response = api(stranger.user).post(f"/api/cases/{case.pk}/actions/withdraw/", {})
    assert response.status_code == 404
    assert _state(case) == SubstitutionState.FILED


def test_the_holder_withdraws_through_the_api_art20(api):
    case = SubstitutionCaseFactory()
    response = api(case.applicant.user).post(f"/api/cases/{case.pk}/actions/withdraw/", {})
    assert response.status_code == 200
    assert _state(case) == SubstitutionState.WITHDRAWN
