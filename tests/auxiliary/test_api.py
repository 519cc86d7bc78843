"""Arts. 27, 28 through the REST API: 201, 400 with the article, 403, 409; nothing
half-written on a refusal."""

from __future__ import annotations

import pytest

from accounts.roles import Role
from cases.models import AuditEvent, Case, Document
from registers.models import AuxiliaryBinding, Driver
from registers.services.drivers import ART_10_I_ITEMS
from tests.auxiliary.factories import AuxiliaryBindingFactory, AuxiliaryCaseFactory, pdf
from tests.factories import UserFactory
from workflows.auxiliary.models import AuxiliaryCase, AuxiliaryState

pytestmark = pytest.mark.django_db


def _payload(data: dict) -> dict:
    return {
        "purpose": "register",
        **{f"auxiliary_{k}": v for k, v in data.items()},
        **{item: [pdf(f"{item}.pdf")] for item in ART_10_I_ITEMS},
    }


def _nothing_written(drivers: int) -> None:
    assert (Case.objects.count(), AuditEvent.objects.count(), Document.objects.count()) == (
        0, 0, 0,
    )
    assert Driver.objects.count() == drivers


def test_the_whole_journey_through_the_api_art27(api, driver, clerk, mayor, new_auxiliary_data):
    filed = api(driver.user).post("/api/auxiliaries/", _payload(new_auxiliary_data),
                                  format="multipart")
    assert filed.status_code == 201, filed.content
    pk = filed.json()["id"]
    assert filed.json()["state"] == AuxiliaryState.FILED
    assert api(clerk).post(f"/api/cases/{pk}/claim/").status_code == 200
    assert api(clerk).post(f"/api/cases/{pk}/actions/accept/", {}).status_code == 200
    approved = api(mayor).post(f"/api/cases/{pk}/actions/approve/", {"note": "ok"})
    assert approved.status_code == 200, approved.content
    detail = approved.json()
    assert detail["state"] == AuxiliaryState.APPROVED
    assert [e["transition"] for e in detail["events"]] == [
        "open", "driver_registered", *["document_attached"] * 7, "claim", "accept", "approve",
        "auxiliary_bound",
    ]
    assert [d["kind"] for d in detail["deadlines"]] == [
        "auxiliary.renewal_reminder", "auxiliary.expiry",
    ]
    assert AuxiliaryBinding.objects.get().auxiliary.cpf == new_auxiliary_data["cpf"]


def test_a_second_auxiliary_is_refused_with_the_article_400_art27(api, driver,
                                                                  new_auxiliary_data):
    AuxiliaryBindingFactory(authorization=driver.authorizations.get())
    drivers = Driver.objects.count()
    response = api(driver.user).post("/api/auxiliaries/", _payload(new_auxiliary_data),
                                     format="multipart")
    assert response.status_code == 400
    assert response.json()["article"] == "Art. 27"
    _nothing_written(drivers)


def test_missing_documents_are_refused_400_art27_p3(api, driver, new_auxiliary_data):
    payload = _payload(new_auxiliary_data)
    del payload["voter"]
    drivers = Driver.objects.count()
    response = api(driver.user).post("/api/auxiliaries/", payload, format="multipart")
    assert (response.status_code, response.json()["code"]) == (400, "documents_missing")
    _nothing_written(drivers)


def test_someone_without_a_role_on_the_holder_cannot_file_404_art27(api, driver,
                                                                   new_auxiliary_data):
    member = UserFactory(role=Role.COMMISSION_MEMBER)
    drivers = Driver.objects.count()
    payload = {**_payload(new_auxiliary_data), "holder": driver.pk}
    response = api(member).post("/api/auxiliaries/", payload, format="multipart")
    # His driver is outside the commission's scope (accounts.policy): not found.
    assert response.status_code == 404
    _nothing_written(drivers)


def test_a_driver_cannot_file_for_another_holder_art27(api, driver, new_auxiliary_data):
    from tests.factories import DriverFactory

    other = DriverFactory()
    drivers = Driver.objects.count()
    payload = {**_payload(new_auxiliary_data), "holder": driver.pk}
    response = api(other.user).post("/api/auxiliaries/", payload, format="multipart")
    assert response.status_code == 404  # another holder is outside his scope
    _nothing_written(drivers)


def test_the_holder_cannot_decide_his_own_request_403_art27_p2(api, driver):
    case = AuxiliaryCaseFactory(authorization=driver.authorizations.get(), awaiting_decision=True)
    response = api(driver.user).post(f"/api/cases/{case.pk}/actions/approve/", {})
    assert response.status_code == 403
    assert AuxiliaryCase.objects.get(pk=case.pk).state == AuxiliaryState.AWAITING_DECISION
    assert not AuditEvent.objects.filter(case=case).exists()
    assert not AuxiliaryBinding.objects.exists()


def test_deciding_before_the_check_is_a_conflict_409_art27_p2(api, clerk):
    case = AuxiliaryCaseFactory()
    response = api(clerk).post(f"/api/cases/{case.pk}/actions/approve/", {})
    assert (response.status_code, response.json()["code"]) == (409, "state_conflict")
    assert AuxiliaryCase.objects.get(pk=case.pk).state == AuxiliaryState.FILED
    assert not AuditEvent.objects.filter(case=case).exists()
    assert not AuxiliaryBinding.objects.exists()


def test_a_second_open_request_is_a_conflict_409_art27(api, driver, new_auxiliary_data):
    AuxiliaryCaseFactory(authorization=driver.authorizations.get())
    drivers = Driver.objects.count()
    response = api(driver.user).post("/api/auxiliaries/", _payload(new_auxiliary_data),
                                     format="multipart")
    assert response.status_code == 409
    assert Case.objects.count() == 1
    assert Driver.objects.count() == drivers


def test_the_portal_page_files_a_request_art27(client, driver, new_auxiliary_data):
    from django.urls import reverse

    client.force_login(driver.user)
    assert client.get(reverse("auxiliary-new")).status_code == 200
    post = {
        "purpose": "register",
        **{f"auxiliary_{k}": v for k, v in new_auxiliary_data.items()},
        **{f"file_{item}": pdf(f"{item}.pdf") for item in ART_10_I_ITEMS},
    }
    response = client.post(reverse("auxiliary-new"), post)
    assert response.status_code == 302, response.content.decode()[:2000]
    case = AuxiliaryCase.objects.get()
    assert response.url == reverse("case", args=[case.pk])
    assert client.get(response.url).status_code == 200


def test_the_case_page_offers_the_decision_to_the_executive_art27_p2(client, mayor):
    case = AuxiliaryCaseFactory(awaiting_decision=True)
    client.force_login(mayor)
    page = client.get(f"/processos/{case.pk}/").content.decode()
    assert 'data-action="approve"' in page and 'name="revoke_departing"' in page
    client.force_login(case.applicant.user)
    page = client.get(f"/processos/{case.pk}/").content.decode()
    assert 'data-action="approve"' not in page and 'data-action="withdraw"' in page
