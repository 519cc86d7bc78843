"""Art. 23 through the REST API and the portal: 201, 400, 403, 409; nothing written on a
refusal."""

from __future__ import annotations

import pytest

from accounts.roles import Role
from cases.models import AuditEvent, Case
from registers.models import Authorization
from tests.cancellation.factories import CancellationCaseFactory
from tests.factories import UserFactory
from workflows.cancellation.models import CancellationCase, CancellationState

pytestmark = pytest.mark.django_db


def test_the_whole_journey_through_the_api_art23(api, driver, clerk):
    filed = api(driver.user).post("/api/cancellations/", {"acknowledged_bar": True},
                                  format="json")
    assert filed.status_code == 201, filed.content
    pk = filed.json()["id"]
    assert api(clerk).post(f"/api/cases/{pk}/claim/").status_code == 200
    confirmed = api(clerk).post(f"/api/cases/{pk}/actions/confirm/", {})
    assert confirmed.status_code == 200, confirmed.content
    assert confirmed.json()["state"] == CancellationState.CANCELLED
    assert [e["transition"] for e in confirmed.json()["events"]] == [
        "open", "claim", "confirm", "authorization_cancelled",
    ]
    assert Authorization.objects.get(holder=driver).status == Authorization.Status.CANCELLED


def test_without_the_acknowledgement_400_art23_sole(api, driver):
    response = api(driver.user).post("/api/cancellations/", {"acknowledged_bar": False},
                                     format="json")
    assert response.status_code == 400
    assert response.json()["article"] == "Art. 23 parágrafo único"
    assert (Case.objects.count(), AuditEvent.objects.count()) == (0, 0)


def test_a_commission_member_cannot_file_404_art23(api, driver):
    member = UserFactory(role=Role.COMMISSION_MEMBER)
    response = api(member).post("/api/cancellations/",
                                {"acknowledged_bar": True, "holder": driver.pk}, format="json")
    # His driver is outside the commission's scope (accounts.policy): not found.
    assert response.status_code == 404
    assert Case.objects.count() == 0


def test_the_holder_cannot_confirm_his_own_cancellation_403_art23(api, driver):
    case = CancellationCaseFactory(authorization=driver.authorizations.get())
    response = api(driver.user).post(f"/api/cases/{case.pk}/actions/confirm/", {})
    assert response.status_code == 403
    assert CancellationCase.objects.get(pk=case.pk).state == CancellationState.FILED
    assert not AuditEvent.objects.filter(case=case).exists()
    assert Authorization.objects.get(holder=driver).status == Authorization.Status.ACTIVE


def test_confirming_a_withdrawn_request_is_a_conflict_409_art23(api, driver, clerk):
    case = CancellationCaseFactory(authorization=driver.authorizations.get(),
                                   state=CancellationState.WITHDRAWN)
    response = api(clerk).post(f"/api/cases/{case.pk}/actions/confirm/", {})
    assert (response.status_code, response.json()["code"]) == (409, "state_conflict")
    assert not AuditEvent.objects.filter(case=case).exists()
    assert Authorization.objects.get(holder=driver).status == Authorization.Status.ACTIVE


def test_a_second_request_is_a_conflict_409_art23(api, driver):
    CancellationCaseFactory(authorization=driver.authorizations.get())
    response = api(driver.user).post("/api/cancellations/", {"acknowledged_bar": True},
                                     format="json")
    assert response.status_code == 409
    assert Case.objects.count() == 1


def test_the_portal_page_warns_and_files_art23(client, driver):
    from django.urls import reverse

    client.force_login(driver.user)
    page = client.get(reverse("cancellation-new"))
    assert page.status_code == 200
    assert "5 anos" in page.content.decode()
    refused = client.post(reverse("cancellation-new"), {"reason": "x"})
    assert refused.status_code == 400
    assert Case.objects.count() == 0
    response = client.post(reverse("cancellation-new"), {"acknowledged_bar": "on"})
    assert response.status_code == 302
    assert CancellationCase.objects.get().applicant == driver


def test_the_case_page_offers_the_confirmation_to_a_clerk_only_art23(client, clerk, driver):
    case = CancellationCaseFactory(authorization=driver.authorizations.get())
    client.force_login(clerk)
    assert 'data-action="confirm"' in client.get(f"/processos/{case.pk}/").content.decode()
    client.force_login(driver.user)
    page = client.get(f"/processos/{case.pk}/").content.decode()
    assert 'data-action="confirm"' not in page and 'data-action="withdraw"' in page


def test_a_correction_is_resubmitted_with_the_signed_request_art23(api, driver, clerk):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from cases.models import Document

    case = CancellationCaseFactory(authorization=driver.authorizations.get(),
                                   state=CancellationState.CORRECTION_REQUESTED)
    pdf = SimpleUploadedFile("requerimento.pdf", b"%PDF-1.4\n%%EOF\n")
    response = api(driver.user).post(
        f"/api/cases/{case.pk}/actions/resubmit/",
        {"item": "signed_request", "document": pdf}, format="multipart",
    )
    assert response.status_code == 200, response.content
    assert response.json()["state"] == CancellationState.FILED
    assert Document.objects.get(case=case).item == "signed_request"
    fake = SimpleUploadedFile("requerimento.pdf", b"GIF89a")
    case.refresh_from_db()
    api(clerk).post(f"/api/cases/{case.pk}/actions/ask_correction/", {"note": "assinatura"})
    refused = api(driver.user).post(
        f"/api/cases/{case.pk}/actions/resubmit/",
        {"item": "signed_request", "document": fake}, format="multipart",
    )
    assert (refused.status_code, refused.json()["code"]) == (400, "file_type")
    assert CancellationCase.objects.get(pk=case.pk).state == CancellationState.CORRECTION_REQUESTED
    assert Document.objects.filter(case=case).count() == 1
