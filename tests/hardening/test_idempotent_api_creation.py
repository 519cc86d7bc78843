"""Issue 12 §7: issuing a notice, filing a request and recording a payment through the API
happen once per `Idempotency-Key`: a repeat answers the first result."""

from __future__ import annotations

import datetime as dt
import threading
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts.roles import Role
from cases.models import Case
from tests.clandestine.factories import ClandestineCaseFactory
from tests.documents.helpers import queued_renders  # noqa: F401 — fixture
from tests.factories import PASSWORD, AuthorizationFactory, UserFactory
from workflows.clandestine.models import ClandestinePayment
from workflows.suspension.models import SuspensionCase
from workflows.violation.models import ViolationNotice

SP = ZoneInfo("America/Sao_Paulo")
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


@pytest.mark.django_db
def test_filing_twice_with_one_key_files_once_and_answers_the_first_result(api, driver):
    client = api(driver.user)
    first = client.post(
        "/api/suspensions/", {"ground": "IV", "days": 30}, format="json", HTTP_IDEMPOTENCY_KEY="k-1"
    )
    again = client.post(
        "/api/suspensions/", {"ground": "IV", "days": 30}, format="json", HTTP_IDEMPOTENCY_KEY="k-1"
    )
    assert first.status_code == again.status_code == 201, first.content
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert SuspensionCase.objects.count() == 1


@pytest.mark.django_db
def test_a_multipart_filing_repeated_files_once(api, driver):
    client = api(driver.user)

    def send():
        proof = SimpleUploadedFile("bo.pdf", PDF)
        return client.post(
            "/api/suspensions/",
            {"ground": "I", "days": 30, "proofs": [proof]},
            format="multipart",
            HTTP_IDEMPOTENCY_KEY="multi-1",
        )

    assert send().status_code == send().status_code == 201
    assert SuspensionCase.objects.count() == 1


@pytest.mark.django_db
def test_the_same_key_with_another_body_is_refused(api, driver):
    client = api(driver.user)
    client.post(
        "/api/suspensions/", {"ground": "IV", "days": 30}, format="json", HTTP_IDEMPOTENCY_KEY="k-2"
    )
    other = client.post(
        "/api/suspensions/", {"ground": "IV", "days": 31}, format="json", HTTP_IDEMPOTENCY_KEY="k-2"
    )
    assert other.status_code == 400
    assert other.json()["code"] == "idempotency_key_reused"
    assert SuspensionCase.objects.count() == 1


@pytest.mark.django_db
def test_without_a_key_each_request_is_its_own(api, driver):
    client = api(driver.user)
    client.post("/api/suspensions/", {"ground": "IV", "days": 30}, format="json")
    second = client.post("/api/suspensions/", {"ground": "IV", "days": 30}, format="json")
    assert second.status_code == 409
    assert "Idempotent-Replayed" not in second


@pytest.mark.django_db
def test_art_62_p3_a_payment_recorded_twice_with_one_key_is_recorded_once(api):
    clerk = UserFactory(role=Role.CLERK)
    case = ClandestineCaseFactory(held=True, costs_recorded=True)
    client = api(clerk)
    answers = [
        client.post(
            f"/api/cases/{case.pk}/actions/record_payment/",
            {"amount": "100,00", "reference": "DAM 1"},
            format="json",
            HTTP_IDEMPOTENCY_KEY="pay-1",
        )
        for _ in range(2)
    ]
    assert [a.status_code for a in answers] == [200, 200], answers[0].content
    assert ClandestinePayment.objects.filter(case=case).count() == 1


@pytest.mark.django_db
def test_art_47_issuing_a_notice_twice_with_one_key_issues_once(queued_renders):  # noqa: F811
    agent = UserFactory(role=Role.FISCAL_AGENT)
    taxi = AuthorizationFactory()
    client = APIClient()
    client.force_authenticate(agent)
    body = {
        "taxi": taxi.vehicle.plate,
        "items": ["I"],
        "conductor": "unidentified",
        "place": "Praça Central",
        "occurred_at": "2026-05-04T09:40:00-03:00",
        "password": PASSWORD,  # the agent signs the notice as he issues it
    }
    with time_machine.travel(dt.datetime(2026, 5, 4, 10, tzinfo=SP), tick=False):
        first = client.post("/api/violations/", body, format="json", HTTP_IDEMPOTENCY_KEY="n-1")
        again = client.post("/api/violations/", body, format="json", HTTP_IDEMPOTENCY_KEY="n-1")
    assert first.status_code == again.status_code == 201, first.content
    assert again.json() == first.json()
    assert ViolationNotice.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_simultaneous_requests_with_one_key_file_once(driver):
    token = Token.objects.create(user=driver.user)
    start = threading.Barrier(2)
    statuses: list[int] = []

    def send() -> None:
        try:
            client = APIClient(HTTP_AUTHORIZATION=f"Token {token.key}")
            start.wait()
            response = client.post(
                "/api/suspensions/",
                {"ground": "IV", "days": 30},
                format="json",
                HTTP_IDEMPOTENCY_KEY="race-1",
            )
            statuses.append(response.status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=send) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert statuses == [201, 201]
    assert Case.objects.count() == 1


@pytest.mark.django_db
def test_keys_older_than_their_lifetime_are_pruned_and_answer_nothing(api, driver, settings):
    from django.utils import timezone

    from web.idempotency import submission_records_prune
    from web.models import SubmissionRecord

    settings.IDEMPOTENCY_KEY_HOURS = 24
    client = api(driver.user)
    client.post(
        "/api/suspensions/", {"ground": "IV", "days": 30}, format="json", HTTP_IDEMPOTENCY_KEY="old"
    )
    assert SubmissionRecord.objects.count() == 1
    assert submission_records_prune(now=timezone.now() + dt.timedelta(hours=23)) == 0
    assert submission_records_prune(now=timezone.now() + dt.timedelta(hours=25)) == 1
    assert SubmissionRecord.objects.count() == 0
