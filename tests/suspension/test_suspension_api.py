"""Art. 24 through the REST API: clear errors with the article, 400/403/409, no half-writes."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.authtoken.models import Token

from accounts.roles import Role
from cases.models import AuditEvent, Case, Document
from tests.factories import SuspensionCaseFactory, UserFactory
from workflows.suspension.models import SuspensionCase, SuspensionState

pytestmark = pytest.mark.django_db
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


def _nothing_written():
    assert (Case.objects.count(), AuditEvent.objects.count(), Document.objects.count()) == (
        0,
        0,
        0,
    )


def test_driver_files_with_a_token_and_gets_a_numbered_case_art24(client, driver):
    token = Token.objects.create(user=driver.user)
    response = client.post(
        "/api/suspensions/",
        {"ground": "I", "days": 45, "proofs": [SimpleUploadedFile("bo.pdf", PDF)]},
        HTTP_AUTHORIZATION=f"Token {token.key}",
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["state"] == SuspensionState.FILED
    assert body["number"] == Case.objects.get().number
    document = Document.objects.get()
    assert (document.item, document.content_type) == ("proof", "application/pdf")


def test_more_than_120_days_is_refused_naming_art24(api, driver):
    response = api(driver.user).post("/api/suspensions/", {"ground": "IV", "days": 121})
    assert response.status_code == 400
    assert response.json()["article"].startswith("Art. 24")
    assert "120" in response.json()["detail"]
    _nothing_written()


def test_grounds_i_to_iii_need_proof_art24_p1(api, driver):
    response = api(driver.user).post("/api/suspensions/", {"ground": "II", "days": 30})
    assert response.status_code == 400
    assert response.json()["article"] == "Art. 24 §1"
    _nothing_written()


def test_a_file_that_is_not_what_it_says_is_refused_and_nothing_is_written(api, driver):
    fake = SimpleUploadedFile("bo.pdf", b"GIF89a not a pdf at all")
    response = api(driver.user).post(
        "/api/suspensions/", {"ground": "I", "days": 30, "proofs": [fake]}, format="multipart"
    )
    assert response.status_code == 400
    assert response.json()["code"] == "file_type"
    _nothing_written()


def test_a_png_named_pdf_is_refused(api, driver):
    png = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32
    response = api(driver.user).post(
        "/api/suspensions/",
        {"ground": "I", "days": 30, "proofs": [SimpleUploadedFile("bo.pdf", png)]},
        format="multipart",
    )
    assert (response.status_code, response.json()["code"]) == (400, "file_mismatch")
    _nothing_written()


def test_a_file_over_10_mb_is_refused(api, driver):
    big = SimpleUploadedFile("bo.pdf", PDF + b"0" * (10 * 1024 * 1024))
    response = api(driver.user).post(
        "/api/suspensions/", {"ground": "I", "days": 30, "proofs": [big]}, format="multipart"
    )
    assert (response.status_code, response.json()["code"]) == (400, "file_too_large")
    _nothing_written()


def test_an_unknown_ground_is_refused(api, driver):
    response = api(driver.user).post("/api/suspensions/", {"ground": "V", "days": 30})
    assert response.status_code == 400
    assert "ground" in response.json()["fields"]
    _nothing_written()


def test_anonymous_clients_are_refused():
    from rest_framework.test import APIClient

    assert APIClient().get("/api/cases/").status_code == 401


def test_a_driver_cannot_take_a_clerks_action_403(api, driver):
    case = SuspensionCaseFactory(authorization=driver.authorizations.get())
    response = api(driver.user).post(f"/api/cases/{case.pk}/actions/accept/", {})
    assert response.status_code == 403
    assert SuspensionCase.objects.get(pk=case.pk).state == SuspensionState.FILED


def test_an_action_the_state_does_not_allow_is_a_conflict_409(api, clerk):
    case = SuspensionCaseFactory(awaiting_decision=True)
    response = api(clerk).post(f"/api/cases/{case.pk}/actions/accept/", {})
    assert response.status_code == 409
    assert response.json()["code"] == "state_conflict"
    assert SuspensionCase.objects.get(pk=case.pk).state == SuspensionState.AWAITING_DECISION


def test_the_system_transition_cannot_be_taken_through_the_api(api, mayor):
    case = SuspensionCaseFactory(state=SuspensionState.IN_EFFECT)
    response = api(mayor).post(f"/api/cases/{case.pk}/actions/end/", {})
    assert response.status_code == 403


def test_rejecting_needs_a_reason(api, clerk):
    case = SuspensionCaseFactory()
    response = api(clerk).post(f"/api/cases/{case.pk}/actions/reject/", {"note": " "})
    assert response.status_code == 400
    assert SuspensionCase.objects.get(pk=case.pk).state == SuspensionState.FILED


def test_a_second_extension_is_refused_naming_art24(api, driver, mayor):
    case = SuspensionCaseFactory(
        state=SuspensionState.IN_EFFECT,
        authorization=driver.authorizations.get(),
        requested_days=30,
        extension_requested_days=30,
        extension_days=30,
    )
    response = api(driver.user).post(
        f"/api/cases/{case.pk}/actions/request_extension/", {"days": 10}
    )
    assert response.status_code == 400
    assert response.json()["article"] == "Art. 24"
    assert SuspensionCase.objects.get(pk=case.pk).state == SuspensionState.IN_EFFECT


def test_an_extension_longer_than_the_original_is_refused_art24(api, driver):
    case = SuspensionCaseFactory(
        state=SuspensionState.IN_EFFECT,
        authorization=driver.authorizations.get(),
        requested_days=30,
    )
    response = api(driver.user).post(
        f"/api/cases/{case.pk}/actions/request_extension/", {"days": 31}
    )
    assert response.status_code == 400
    assert SuspensionCase.objects.get(pk=case.pk).extension_requested_days is None


def test_the_whole_journey_through_the_api_art24(api, driver, clerk, mayor):
    filed = api(driver.user).post("/api/suspensions/", {"ground": "IV", "days": 10})
    pk = filed.json()["id"]
    assert api(clerk).post(f"/api/cases/{pk}/claim/").status_code == 200
    assert api(clerk).post(f"/api/cases/{pk}/actions/accept/", {}).status_code == 200
    approved = api(mayor).post(f"/api/cases/{pk}/actions/approve/", {"note": "ok"})
    assert approved.status_code == 200
    detail = approved.json()
    assert detail["state"] == SuspensionState.IN_EFFECT
    assert [d["kind"] for d in detail["deadlines"]] == ["suspension.end"]
    assert [e["transition"] for e in detail["events"]] == [
        "open",
        "claim",
        "accept",
        "approve",
        "authorization_suspended",
    ]
    assert all(
        e["article"].startswith("Art. 24") for e in detail["events"] if e["transition"] != "claim"
    )


def test_schema_and_docs_are_served(api, clerk):
    assert api(clerk).get("/api/schema/").status_code == 200
    assert api(clerk).get("/api/docs/").status_code == 200


def test_a_clerk_cannot_file_for_a_driver_he_cannot_find(api, clerk):
    response = api(clerk).post("/api/suspensions/", {"ground": "IV", "days": 5, "driver": 999})
    assert response.status_code == 404


def test_a_clerk_files_at_the_counter_for_a_driver(api, clerk, driver):
    response = api(clerk).post(
        "/api/suspensions/", {"ground": "IV", "days": 5, "driver": driver.pk}
    )
    assert response.status_code == 201
    case = Case.objects.get()
    assert (case.applicant, case.filed_by) == (driver, clerk)


def test_a_commission_member_cannot_file_404(api, driver):
    member = UserFactory(role=Role.COMMISSION_MEMBER)
    response = api(member).post(
        "/api/suspensions/", {"ground": "IV", "days": 5, "driver": driver.pk}
    )
    # His driver is outside the commission's scope (accounts.policy): not found.
    assert response.status_code == 404
    _nothing_written()
