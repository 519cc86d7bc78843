"""Art. 25 through the REST API: 201, 400 with the article, 403, 409; nothing written on a
refusal."""

from __future__ import annotations

import pytest

from accounts.roles import Role
from cases.models import AuditEvent, Case, Document
from inspections.models import Inspection
from registers.models import Authorization
from tests.factories import AuthorizationFactory, DriverFactory, UserFactory
from tests.transfer.factories import TransferCaseFactory, transfer_files
from workflows.transfer.models import TransferCase, TransferState

pytestmark = pytest.mark.django_db


def _payload(authorization, **extra) -> dict:
    return {
        "authorization_number": authorization.number, "cause": "I", "event_on": "2026-02-10",
        "relationship": "descendant", "succession_class": "I", **transfer_files("I"), **extra,
    }


def _nothing_written() -> None:
    assert (Case.objects.count(), AuditEvent.objects.count(), Document.objects.count()) == (
        0, 0, 0,
    )


def test_the_whole_journey_through_the_api_art25(
    api, authorization, clerk, mayor, agent, tomorrow_at_nine, all_items_met
):
    heir = DriverFactory()
    filed = api(heir.user).post("/api/transfers/", _payload(authorization), format="multipart")
    assert filed.status_code == 201, filed.content
    pk = filed.json()["id"]
    assert api(clerk).post(f"/api/cases/{pk}/actions/accept/", {}).status_code == 200
    scheduled = api(agent).post(
        f"/api/cases/{pk}/actions/schedule_inspection/",
        {"when": tomorrow_at_nine.isoformat(), "place": "Pátio da Prefeitura"}, format="json",
    )
    assert scheduled.status_code == 200, scheduled.content
    inspection = Inspection.objects.get(case_id=pk)
    recorded = api(agent).post(f"/api/inspections/{inspection.pk}/result/",
                               {"items": all_items_met}, format="json")
    assert recorded.status_code == 200, recorded.content
    approved = api(mayor).post(f"/api/cases/{pk}/actions/approve/", {"note": "anuência"})
    assert approved.status_code == 200, approved.content
    assert approved.json()["state"] == TransferState.TRANSFERRED
    assert Authorization.objects.get(pk=authorization.pk).holder == heir
    assert [e["transition"] for e in approved.json()["events"]] == [
        "open", *["document_attached"] * 11, "accept", "schedule_inspection",
        "inspection_scheduled", "inspection_recorded", "pass_inspection", "approve",
        "authorization_transferred",
    ]


def test_a_beneficiary_failing_a_requirement_is_refused_400_art25(api, authorization):
    heir = AuthorizationFactory().holder
    response = api(heir.user).post("/api/transfers/", _payload(authorization), format="multipart")
    assert response.status_code == 400
    assert response.json()["article"] == "Art. 22 §4"
    _nothing_written()


def test_a_commission_member_cannot_file_404_art25(api, authorization):
    member = UserFactory(role=Role.COMMISSION_MEMBER)
    heir = DriverFactory()
    response = api(member).post(
        "/api/transfers/", _payload(authorization, beneficiary=heir.pk), format="multipart"
    )
    # His driver is outside the commission's scope (accounts.policy): not found.
    assert response.status_code == 404
    _nothing_written()


def test_the_beneficiary_cannot_consent_403_art25_sole(api, authorization):
    case = TransferCaseFactory(authorization=authorization, awaiting_consent=True)
    response = api(case.applicant.user).post(f"/api/cases/{case.pk}/actions/approve/", {})
    assert response.status_code == 403
    assert TransferCase.objects.get(pk=case.pk).state == TransferState.AWAITING_CONSENT
    assert not AuditEvent.objects.filter(case=case).exists()
    assert Authorization.objects.get(pk=authorization.pk).holder == case.previous_holder


def test_consent_before_the_inspection_is_a_conflict_409_art20(api, authorization, mayor):
    case = TransferCaseFactory(authorization=authorization, awaiting_inspection=True)
    response = api(mayor).post(f"/api/cases/{case.pk}/actions/approve/", {})
    assert (response.status_code, response.json()["code"]) == (409, "state_conflict")
    assert TransferCase.objects.get(pk=case.pk).state == TransferState.AWAITING_INSPECTION
    assert not AuditEvent.objects.filter(case=case).exists()
    assert Authorization.objects.get(pk=authorization.pk).holder == case.previous_holder


def test_the_inspection_result_is_not_an_action_of_its_own_403_art20(api, clerk):
    case = TransferCaseFactory(state=TransferState.INSPECTION_SCHEDULED)
    response = api(clerk).post(f"/api/cases/{case.pk}/actions/pass_inspection/", {})
    assert (response.status_code, response.json()["code"]) == (403, "not_permitted")
    assert TransferCase.objects.get(pk=case.pk).state == TransferState.INSPECTION_SCHEDULED


def test_the_portal_page_files_for_the_logged_in_beneficiary_art25(client, authorization):
    from django.urls import reverse

    heir = DriverFactory()
    client.force_login(heir.user)
    assert client.get(reverse("transfer-new")).status_code == 200
    post = {
        "authorization_number": authorization.number, "cause": "I", "event_on": "2026-02-10",
        "relationship": "descendant", "succession_class": "I",
        **{f"file_{item}": files[0] for item, files in transfer_files("I").items()},
    }
    response = client.post(reverse("transfer-new"), post)
    assert response.status_code == 302, response.content.decode()[:3000]
    assert TransferCase.objects.get().applicant == heir


def test_the_case_page_shows_the_transfer_to_staff_and_beneficiary_art25(client, clerk):
    case = TransferCaseFactory(awaiting_consent=True)
    for user in (clerk, case.applicant.user, case.previous_holder.user):
        client.force_login(user)
        page = client.get(f"/processos/{case.pk}/")
        assert page.status_code == 200
        assert "Aguardando anuência do Prefeito" in page.content.decode()
