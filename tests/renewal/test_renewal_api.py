"""Arts. 18-20 through the REST API: 201 on filing; 400/403/409 with the article, and
nothing changed when refused."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine

from cases.models import AuditEvent, Case, Document
from inspections.models import Inspection
from tests.factories import DriverFactory
from tests.renewal.factories import RenewalCaseFactory, at, pdf
from workflows.renewal.models import RenewalCase, RenewalState

pytestmark = pytest.mark.django_db


def _state(case):
    return RenewalCase.objects.get(pk=case.pk).state


def _files(im, **extra):
    return {
        "previous_number": im.number,
        "crlv": pdf("crlv.pdf"),
        "cnh": pdf("cnh.pdf"),
        "cnh_expires_on": "2031-05-10",
        **extra,
    }


def test_the_holder_files_through_the_api_art19(api, im, holder):
    with time_machine.travel(at(dt.date(2027, 2, 1)), tick=False):
        response = api(holder.user).post("/api/renewals/", _files(im), format="multipart")
    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["kind"], body["state"]) == ("renewal", "filed")
    assert body["number"] == RenewalCase.objects.get().number
    assert sorted(Document.objects.values_list("item", "content_type")) == [
        ("cnh", "application/pdf"),
        ("crlv", "application/pdf"),
    ]


def test_a_missing_document_is_400_with_the_article_art19_ii(api, im, holder):
    files = _files(im)
    del files["crlv"]
    events = AuditEvent.objects.count()
    with time_machine.travel(at(dt.date(2027, 2, 1)), tick=False):
        response = api(holder.user).post("/api/renewals/", files, format="multipart")
    assert response.status_code == 400
    assert (response.json()["article"], response.json()["code"]) == (
        "Art. 19 II",
        "renewal_incomplete",
    )
    assert (Case.objects.count(), AuditEvent.objects.count(), Document.objects.count()) == (
        0,
        events,
        0,
    )


def test_an_expired_cnh_is_400_with_the_article_art10_i_b(api, im, holder):
    with time_machine.travel(at(dt.date(2027, 2, 1)), tick=False):
        response = api(holder.user).post(
            "/api/renewals/", _files(im, cnh_expires_on="2027-01-01"), format="multipart"
        )
    assert response.status_code == 400
    assert response.json()["article"] == "Art. 10 I b"
    assert Case.objects.count() == 0


def test_a_driver_cannot_file_for_someone_else_through_the_api(api, im):
    other = DriverFactory()
    response = api(other.user).post(
        "/api/renewals/", _files(im, driver=im.authorization.holder_id), format="multipart"
    )
    assert response.status_code == 404
    assert Case.objects.count() == 0


def test_the_holder_cannot_accept_his_own_documents_403_art19(api):
    case = RenewalCaseFactory(filed=True)
    response = api(case.applicant.user).post(f"/api/cases/{case.pk}/actions/accept/", {})
    assert response.status_code == 403
    assert response.json()["article"] == "Art. 19"
    assert _state(case) == RenewalState.FILED


def test_renewing_before_the_inspection_is_a_conflict_409_art18(api, clerk):
    case = RenewalCaseFactory(awaiting_inspection=True)
    response = api(clerk).post(f"/api/cases/{case.pk}/actions/approve/", {})
    assert response.status_code == 409
    assert response.json()["code"] == "state_conflict"
    assert _state(case) == RenewalState.AWAITING_INSPECTION
    assert case.registration.status == "valid"


@pytest.mark.parametrize("action", ["remind", "expire", "close_superseded"])
def test_system_transitions_cannot_be_taken_through_the_api_art18(api, clerk, action):
    case = RenewalCaseFactory()
    response = api(clerk).post(f"/api/cases/{case.pk}/actions/{action}/", {})
    assert response.status_code == 403
    assert _state(case) == RenewalState.AWAITING_REQUEST


@pytest.mark.parametrize("action", ["pass_inspection", "fail_inspection"])
def test_inspection_results_come_only_from_the_recorded_inspection_art20(api, clerk, action):
    case = RenewalCaseFactory(inspection_scheduled=True)
    response = api(clerk).post(f"/api/cases/{case.pk}/actions/{action}/", {})
    assert response.status_code == 403
    assert _state(case) == RenewalState.INSPECTION_SCHEDULED


def test_another_driver_does_not_see_the_case_404(api):
    case = RenewalCaseFactory(filed=True)
    response = api(DriverFactory().user).post(f"/api/cases/{case.pk}/actions/resubmit/", {})
    assert response.status_code == 404


def test_the_clerk_schedules_the_inspection_through_the_api_art20(api, clerk):
    case = RenewalCaseFactory(awaiting_inspection=True)
    with time_machine.travel(at(dt.date(2027, 2, 1)), tick=False):
        response = api(clerk).post(
            f"/api/cases/{case.pk}/actions/schedule_inspection/",
            {"when": "2027-02-03T09:30:00-03:00", "place": "Pátio da Secretaria"},
            format="json",
        )
    assert response.status_code == 200, response.content
    assert response.json()["state"] == "inspection_scheduled"
    inspection = Inspection.objects.get(case=case)
    assert (inspection.vehicle, inspection.place) == (
        case.authorization.vehicle,
        "Pátio da Secretaria",
    )


def test_closing_without_renewal_before_the_expiry_is_refused_art18(api, clerk):
    # Awaiting the request or a correction while the IM is still valid: refused by Art. 18
    for case in (RenewalCaseFactory(), RenewalCaseFactory(correction_requested=True)):
        response = api(clerk).post(
            f"/api/cases/{case.pk}/actions/close_not_renewed/", {"note": "sem retorno"}
        )
        assert response.status_code == 400
        assert response.json()["article"] == "Art. 18"
        assert response.json()["detail"].startswith(f"A IM {case.registration.number} ainda vale")
        assert _state(case) == case.state
    # Once filed, the case is the Secretaria's to decide: no such action there
    filed = RenewalCaseFactory(filed=True)
    response = api(clerk).post(
        f"/api/cases/{filed.pk}/actions/close_not_renewed/", {"note": "sem retorno"}
    )
    assert response.status_code == 409


def test_closing_without_renewal_needs_a_reason(api, clerk):
    case = RenewalCaseFactory(expired=True)
    response = api(clerk).post(f"/api/cases/{case.pk}/actions/close_not_renewed/", {"note": " "})
    assert response.status_code == 400
    assert "note" in response.json()["fields"]
    assert _state(case) == RenewalState.EXPIRED
