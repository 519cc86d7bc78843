"""The application through the REST API: filing, corrections, and 400/403/409 with the article."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from cases.models import AuditEvent, Case, Document
from tests.application.factories import (
    ApplicationCaseFactory,
    applicant_data,
    document_fields,
    form_payload,
    pdf_file,
    population,
    vehicle_data,
)
from tests.application.journey import filed
from tests.factories import PASSWORD, DriverFactory
from workflows.application.models import ApplicationCase, ApplicationState

pytestmark = pytest.mark.django_db

S = ApplicationState


def _payload(**applicant):
    return {**form_payload(applicant_data(**applicant), vehicle_data()), **document_fields()}


def _state(case):
    return ApplicationCase.objects.get(pk=case.pk).state


def test_a_driver_files_multipart_and_sees_the_checklist_art10(api, applicant_user):
    response = api(applicant_user).post(
        "/api/applications/", _payload(cpf="529.982.247-25"), format="multipart"
    )
    assert response.status_code == 201, response.content
    body = response.json()
    case = ApplicationCase.objects.get()
    assert (body["id"], body["number"], body["state"], body["waiting_position"]) == (
        case.pk, case.number, "filed", None,
    )
    assert [(line["item"], line["status"]) for line in body["checklist"]][:3] == [
        ("identity", "pending"), ("cnh", "pending"), ("cpf", "pending"),
    ]
    assert case.applicant.cpf == "52998224725"
    assert Document.objects.filter(case=case).count() == 10


@pytest.mark.parametrize(
    ("override", "article"),
    [
        ({"cpf": "111.111.111-11"}, "Art. 10 I c"),
        ({"cnh_category": "A"}, "Art. 10 I b"),
        ({"city": "Barra de São Francisco"}, "Art. 3"),
    ],
)
def test_refusals_name_the_article_and_write_nothing(api, applicant_user, override, article):
    response = api(applicant_user).post("/api/applications/", _payload(**override),
                                        format="multipart")
    assert response.status_code == 400
    assert response.json()["article"] == article
    assert (Case.objects.count(), AuditEvent.objects.count(), Document.objects.count()) == (
        0, 0, 0,
    )


def test_a_nine_year_old_vehicle_is_refused_through_the_api_art11_ii(api, applicant_user):
    payload = _payload()
    payload["manufacture_year"] = timezone.localdate().year - 9
    response = api(applicant_user).post("/api/applications/", payload, format="multipart")
    assert response.status_code == 400
    assert response.json()["article"] == "Art. 10 II b; Art. 11 II; Art. 12"
    assert Case.objects.count() == 0


def test_a_file_that_is_not_what_it_says_is_refused_through_the_api(api, applicant_user):
    payload = _payload()
    payload["doc_crlv"] = pdf_file("crlv.jpg")
    response = api(applicant_user).post("/api/applications/", payload, format="multipart")
    assert (response.status_code, response.json()["code"]) == (400, "file_mismatch")
    assert Case.objects.count() == 0


def test_a_second_application_is_a_conflict_409_art22_p4(api):
    driver = DriverFactory()
    ApplicationCaseFactory(applicant=driver)
    response = api(driver.user).post(
        "/api/applications/",
        _payload(cpf=driver.cpf, cnh_number=driver.cnh_number),
        format="multipart",
    )
    assert response.status_code == 409
    assert response.json()["article"] == "Art. 22 §4"
    assert Case.objects.count() == 1


def test_missing_fields_are_reported_by_name(api, applicant_user):
    response = api(applicant_user).post("/api/applications/", {"name": "X"}, format="multipart")
    assert response.status_code == 400
    assert {"cpf", "plate", "renavam"} <= set(response.json()["fields"])


def test_a_fiscal_agent_cannot_file_403(api, fiscal_agent):
    response = api(fiscal_agent).post("/api/applications/", _payload(), format="multipart")
    assert response.status_code == 403
    assert Case.objects.count() == 0


def test_the_applicant_cannot_approve_their_own_application_403_art22_p1(api):
    case = ApplicationCaseFactory(in_review=True)
    population(10_000)
    response = api(case.applicant.user).post(f"/api/cases/{case.pk}/actions/approve_review/", {})
    assert response.status_code == 403
    assert response.json()["article"] == "Art. 22 §1"
    assert _state(case) == S.SECRETARIA_REVIEW


def test_a_clerk_cannot_homologate_403_art22(api, clerk):
    case = ApplicationCaseFactory(awaiting_homologation=True)
    response = api(clerk).post(
        f"/api/cases/{case.pk}/actions/homologate/", {"password": PASSWORD}
    )
    assert response.status_code == 403
    assert _state(case) == S.AWAITING_HOMOLOGATION


def test_homologating_before_the_review_is_a_conflict_409(api, mayor):
    case = ApplicationCaseFactory(in_review=True)
    response = api(mayor).post(
        f"/api/cases/{case.pk}/actions/homologate/", {"password": PASSWORD}
    )
    assert (response.status_code, response.json()["code"]) == (409, "state_conflict")
    assert _state(case) == S.SECRETARIA_REVIEW
    assert not AuditEvent.objects.filter(case=case).exists()


def test_approving_twice_is_a_conflict_409(api, clerk):
    case = ApplicationCaseFactory(waiting=True)
    population(10_000)
    response = api(clerk).post(f"/api/cases/{case.pk}/actions/approve_review/", {})
    assert response.status_code == 409
    assert _state(case) == S.WAITING_LIST


def test_the_fleet_steps_cannot_be_taken_through_the_api(api, clerk, mayor):
    case = ApplicationCaseFactory(waiting=True)
    assert api(mayor).post(f"/api/cases/{case.pk}/actions/grant_place/", {}).status_code == 403
    assert (
        api(clerk).post(f"/api/cases/{case.pk}/actions/enter_waiting_list/", {}).status_code
        == 403
    )
    assert _state(case) == S.WAITING_LIST


def test_an_inspection_result_is_recorded_not_declared(api, clerk):
    case = ApplicationCaseFactory(state=S.INSPECTION_SCHEDULED)
    response = api(clerk).post(f"/api/cases/{case.pk}/actions/pass_inspection/", {})
    assert response.status_code == 403
    assert _state(case) == S.INSPECTION_SCHEDULED


def test_another_driver_cannot_see_nor_act_on_the_application(api):
    case = ApplicationCaseFactory()
    stranger = DriverFactory()
    client = api(stranger.user)
    assert client.get(f"/api/applications/{case.pk}/").status_code == 404
    assert client.post(f"/api/cases/{case.pk}/actions/withdraw/", {}).status_code == 404


def test_review_correct_and_resubmit_through_the_generic_actions_art10(
    api, applicant_user, clerk, today
):
    case = filed(applicant_user, today=today)
    staff, owner = api(clerk), api(applicant_user)
    rejected = staff.post(
        f"/api/cases/{case.pk}/actions/review_document/",
        {"item": "criminal_federal", "decision": "reject", "note": "Certidão vencida."},
    )
    assert rejected.status_code == 200, rejected.content
    assert staff.post(f"/api/cases/{case.pk}/actions/ask_correction/",
                      {"note": "Certidão."}).status_code == 200
    detail = owner.get(f"/api/cases/{case.pk}/").json()
    assert [a["name"] for a in detail["actions"]] == ["resubmit", "withdraw"]
    resubmitted = owner.post(
        f"/api/cases/{case.pk}/actions/resubmit/",
        {"doc_criminal_federal": pdf_file("certidao.pdf")},
        format="multipart",
    )
    assert resubmitted.status_code == 200, resubmitted.content
    assert resubmitted.json()["state"] == "filed"
    checklist = owner.get(f"/api/applications/{case.pk}/").json()["checklist"]
    line = next(item for item in checklist if item["item"] == "criminal_federal")
    assert (line["status"], line["article"]) == ("pending", "Art. 10 I e")


def test_scheduling_the_inspection_through_the_api_art20(api, applicant_user, clerk, today):
    case = filed(applicant_user, today=today)
    staff = api(clerk)
    assert staff.post(f"/api/cases/{case.pk}/actions/accept/", {}).status_code == 200
    when = (timezone.now() + dt.timedelta(days=3)).isoformat()
    response = staff.post(
        f"/api/cases/{case.pk}/actions/schedule_inspection/",
        {"when": when, "place": "Pátio municipal"},
    )
    assert response.status_code == 200, response.content
    assert response.json()["state"] == "inspection_scheduled"
    assert case.inspections.get().place == "Pátio municipal"


def test_the_workflow_is_described_with_every_edge_and_article(api, clerk):
    described = next(
        w for w in api(clerk).get("/api/workflows/").json() if w["kind"] == "application"
    )
    edges = {e["name"]: (e["article"], e["roles"]) for e in described["edges"]}
    assert edges["homologate"] == ("Art. 22", ["mayor"])
    assert edges["approve_review"] == ("Art. 22 §1", ["clerk"])
    assert edges["grant_place"] == ("Art. 22 §2", ["system"])


def test_the_old_action_name_accept_documents_still_accepts_the_application_art10(
    api, applicant_user, clerk, today
):
    case = filed(applicant_user, today=today)

    response = api(clerk).post(f"/api/cases/{case.pk}/actions/accept_documents/", {})

    assert response.status_code == 200, response.content
    assert case.events.filter(transition="accept").count() == 1
