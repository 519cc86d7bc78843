"""Art. 67 through the REST API alone: the holder asks, the clerk reviews the layout and
accepts, the mayor (the Executive) authorizes, the advertisement is in force for its period
and the sweeper ends it after its last day."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from cases.models import AuditEvent, Deadline
from cases.services.deadlines import deadlines_sweep
from notifications.models import Notification
from tests.advertising.conftest import PNG
from workflows.advertising.models import AdvertisingCase, AdvertisingState
from workflows.advertising.selectors import advertisements_in_force

pytestmark = pytest.mark.django_db


def test_art_67_request_review_accept_authorize_in_force_and_end(
    api, driver, authorization, clerk, mayor, request_body, today
):
    start, end = today + dt.timedelta(days=1), today + dt.timedelta(days=30)

    # The holder files with the layout of the advertisement
    filed = api(driver.user).post("/api/advertisements/", request_body(), format="multipart")
    assert filed.status_code == 201, filed.content
    pk = filed.json()["id"]
    assert filed.json()["state"] == AdvertisingState.FILED

    # The clerk cannot forward it before the layout is accepted
    early = api(clerk).post(f"/api/cases/{pk}/actions/accept/", {})
    assert (early.status_code, early.json()["code"]) == (400, "documents_not_accepted")
    assert early.json()["article"] == "Art. 67"

    # The clerk reviews the layout, then accepts the request
    reviewed = api(clerk).post(
        f"/api/cases/{pk}/actions/review_document/", {"item": "layout", "decision": "accept"}
    )
    assert reviewed.status_code == 200, reviewed.content
    accepted = api(clerk).post(f"/api/cases/{pk}/actions/accept/", {})
    assert (accepted.status_code, accepted.json()["state"]) == (
        200, AdvertisingState.AWAITING_DECISION,
    )

    # The mayor authorizes it for the Executive
    approved = api(mayor).post(f"/api/cases/{pk}/actions/approve/", {})
    assert approved.status_code == 200, approved.content
    body = approved.json()
    assert body["state"] == AdvertisingState.AUTHORIZED
    assert [(d["kind"], d["due_on"], d["article"]) for d in body["deadlines"]] == [
        ("advertising.end", end.isoformat(), "Art. 67"),
    ]
    case = AdvertisingCase.objects.get(pk=pk)
    assert (case.authorized_from, case.end_on, case.vehicle_id) == (
        start, end, authorization.vehicle_id,
    )
    notice = Notification.objects.get(case=case, template="advertising_decided")
    assert notice.recipient == driver
    assert start.strftime("%d/%m/%Y") in notice.body and end.strftime("%d/%m/%Y") in notice.body

    # In force from its first to its last day, not before, not after
    assert list(advertisements_in_force(authorization, on=today)) == []
    assert list(advertisements_in_force(authorization, on=start)) == [case]
    assert list(advertisements_in_force(authorization, on=end)) == [case]

    # On its last day the sweeper leaves it alone; the day after, it ends it
    assert deadlines_sweep(today=end).applied == 0
    assert deadlines_sweep(today=end + dt.timedelta(days=1)).applied == 1
    case.refresh_from_db()
    assert case.state == AdvertisingState.ENDED
    assert Deadline.objects.get(case=case).state == Deadline.State.DONE
    assert list(advertisements_in_force(authorization, on=end)) == []
    assert list(AuditEvent.objects.filter(case=case).values_list("transition", flat=True)) == [
        "open", "document_attached", "review_document", "accept",
        "approve", "end",
    ]
    assert AuditEvent.objects.get(case=case, transition="end").article == "Art. 67"


def test_art_67_a_refused_layout_is_corrected_and_resubmitted(
    api, driver, clerk, request_body
):
    pk = api(driver.user).post("/api/advertisements/", request_body(), format="multipart").json()[
        "id"
    ]
    refused = api(clerk).post(
        f"/api/cases/{pk}/actions/review_document/",
        {"item": "layout", "decision": "reject", "note": "Arte sem a posição no veículo."},
    )
    assert refused.status_code == 200
    asked = api(clerk).post(
        f"/api/cases/{pk}/actions/ask_correction/", {"note": "Envie a arte com a posição."}
    )
    assert asked.json()["state"] == AdvertisingState.CORRECTION_REQUESTED
    resent = api(driver.user).post(
        f"/api/cases/{pk}/actions/resubmit/",
        {"item": "layout", "document": SimpleUploadedFile("arte.png", PNG)},
        format="multipart",
    )
    assert (resent.status_code, resent.json()["state"]) == (200, AdvertisingState.FILED)
    assert [d["content_type"] for d in resent.json()["documents"]][-1] == "image/png"


def test_art_67_the_mayor_denies_with_a_reason(api, driver, clerk, mayor, request_body):
    pk = api(driver.user).post("/api/advertisements/", request_body(), format="multipart").json()[
        "id"
    ]
    api(clerk).post(
        f"/api/cases/{pk}/actions/review_document/", {"item": "layout", "decision": "accept"}
    )
    api(clerk).post(f"/api/cases/{pk}/actions/accept/", {})
    denied = api(mayor).post(
        f"/api/cases/{pk}/actions/deny/", {"note": "Conteúdo inadequado ao serviço público."}
    )
    assert (denied.status_code, denied.json()["state"]) == (200, AdvertisingState.DENIED)
    assert denied.json()["deadlines"] == []
