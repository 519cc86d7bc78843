"""Art. 67 refusals through the API: exact status and code, and nothing written."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from cases.models import AuditEvent, Case, Document
from tests.factories import AuthorizationFactory, DriverFactory
from workflows.advertising.models import AdvertisingState

pytestmark = pytest.mark.django_db


def _nothing_written():
    assert (Case.objects.count(), AuditEvent.objects.count(), Document.objects.count()) == (
        0, 0, 0,
    )


def _filed(api, driver, request_body):
    response = api(driver.user).post("/api/advertisements/", request_body(), format="multipart")
    assert response.status_code == 201, response.content
    return response.json()["id"]


# --- The period ------------------------------------------------------------------------


def test_art_67_a_start_in_the_past_is_refused(api, driver, request_body, today):
    response = api(driver.user).post(
        "/api/advertisements/",
        request_body(start_on=(today - dt.timedelta(days=1)).isoformat()),
        format="multipart",
    )
    assert (response.status_code, response.json()["code"]) == (400, "start_in_past")
    assert response.json()["article"] == "Art. 67"
    _nothing_written()


def test_art_67_an_end_before_the_start_is_refused(api, driver, request_body, today):
    day = (today + dt.timedelta(days=3)).isoformat()
    before = (today + dt.timedelta(days=2)).isoformat()
    response = api(driver.user).post(
        "/api/advertisements/", request_body(start_on=day, end_on=before), format="multipart"
    )
    assert (response.status_code, response.json()["code"]) == (400, "end_before_start")
    _nothing_written()


def test_art_67_a_one_day_campaign_is_filed(api, driver, request_body, today):
    day = (today + dt.timedelta(days=3)).isoformat()
    response = api(driver.user).post(
        "/api/advertisements/", request_body(start_on=day, end_on=day), format="multipart"
    )
    assert response.status_code == 201, response.content


def test_art_67_more_than_twelve_months_is_refused(api, driver, request_body, today):
    response = api(driver.user).post(
        "/api/advertisements/",
        request_body(
            start_on=today.isoformat(), end_on=(today + dt.timedelta(days=366)).isoformat()
        ),
        format="multipart",
    )
    assert (response.status_code, response.json()["code"]) == (400, "period_too_long")
    assert "12 meses" in response.json()["detail"]
    _nothing_written()


# --- What is asked --------------------------------------------------------------------


def test_art_67_the_rear_window_needs_no_authorization(api, driver, request_body):
    response = api(driver.user).post(
        "/api/advertisements/", request_body(placement="rear_window"), format="multipart"
    )
    assert (response.status_code, response.json()["code"]) == (400, "no_authorization_needed")
    assert response.json()["article"] == "Art. 67"
    _nothing_written()


def test_art_67_the_layout_is_required(api, driver, request_body):
    response = api(driver.user).post(
        "/api/advertisements/", request_body(layout=None), format="multipart"
    )
    assert (response.status_code, response.json()["code"]) == (400, "documents_missing")
    _nothing_written()


def test_art_67_a_layout_that_is_not_what_it_says_is_refused(api, driver, request_body):
    fake = SimpleUploadedFile("arte.pdf", b"GIF89a not a pdf")
    response = api(driver.user).post(
        "/api/advertisements/", request_body(layout=[fake]), format="multipart"
    )
    assert (response.status_code, response.json()["code"]) == (400, "file_type")
    _nothing_written()


def test_art_67_the_same_place_twice_in_the_same_days_conflicts(api, driver, request_body):
    _filed(api, driver, request_body)
    response = api(driver.user).post("/api/advertisements/", request_body(), format="multipart")
    assert (response.status_code, response.json()["code"]) == (409, "advertising_overlap")
    assert Case.objects.count() == 1


# --- Who -------------------------------------------------------------------------------


def test_art_67_another_driver_cannot_file_for_the_holder(api, driver, request_body):
    other = AuthorizationFactory().holder
    response = api(other.user).post(
        "/api/advertisements/", request_body(holder=driver.pk), format="multipart"
    )
    assert response.status_code == 404
    _nothing_written()


def test_art_67_a_driver_without_an_authorization_has_nothing_to_advertise(api, request_body):
    nobody = DriverFactory()
    response = api(nobody.user).post("/api/advertisements/", request_body(), format="multipart")
    assert (response.status_code, response.json()["code"]) == (400, "no_active_authorization")
    _nothing_written()


def test_art_67_another_driver_cannot_see_or_withdraw_the_case(api, driver, request_body):
    pk = _filed(api, driver, request_body)
    other = AuthorizationFactory().holder
    response = api(other.user).post(f"/api/cases/{pk}/actions/withdraw/", {})
    assert response.status_code == 404
    assert Case.objects.get(pk=pk).state == AdvertisingState.FILED


def test_art_67_only_the_mayor_authorizes(api, driver, clerk, request_body):
    pk = _filed(api, driver, request_body)
    api(clerk).post(
        f"/api/cases/{pk}/actions/review_document/", {"item": "layout", "decision": "accept"}
    )
    api(clerk).post(f"/api/cases/{pk}/actions/accept/", {})
    response = api(clerk).post(f"/api/cases/{pk}/actions/approve/", {})
    assert (response.status_code, response.json()["code"]) == (403, "not_permitted")
    assert Case.objects.get(pk=pk).state == AdvertisingState.AWAITING_DECISION


def test_art_67_the_holder_cannot_review_his_own_layout(api, driver, request_body):
    pk = _filed(api, driver, request_body)
    response = api(driver.user).post(
        f"/api/cases/{pk}/actions/review_document/", {"item": "layout", "decision": "accept"}
    )
    assert (response.status_code, response.json()["code"]) == (403, "not_permitted")
    assert Document.objects.get().review == Document.Review.PENDING


# --- When ------------------------------------------------------------------------------


def test_art_67_the_mayor_cannot_authorize_before_the_clerk_accepts(
    api, driver, mayor, request_body
):
    pk = _filed(api, driver, request_body)
    response = api(mayor).post(f"/api/cases/{pk}/actions/approve/", {})
    assert (response.status_code, response.json()["code"]) == (409, "state_conflict")
    assert Case.objects.get(pk=pk).state == AdvertisingState.FILED


def test_art_67_no_withdrawal_after_the_authorization(api, driver, clerk, mayor, request_body):
    pk = _filed(api, driver, request_body)
    api(clerk).post(
        f"/api/cases/{pk}/actions/review_document/", {"item": "layout", "decision": "accept"}
    )
    api(clerk).post(f"/api/cases/{pk}/actions/accept/", {})
    api(mayor).post(f"/api/cases/{pk}/actions/approve/", {})
    response = api(driver.user).post(f"/api/cases/{pk}/actions/withdraw/", {})
    assert (response.status_code, response.json()["code"]) == (409, "state_conflict")
    assert Case.objects.get(pk=pk).state == AdvertisingState.AUTHORIZED
