"""Clerks record posting and the AR through the API and pages; drivers read their notices."""

from __future__ import annotations

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from cases.services.transitions import case_act
from notifications.models import Notification
from tests.factories import PASSWORD, DriverFactory, ViolationNoticeFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def letter(clerk):
    notice = ViolationNoticeFactory()
    case_act(case=notice, action="send_notice", actor=clerk, password=PASSWORD)
    return Notification.objects.get(case=notice, channel=Notification.Channel.REGISTERED_POST)


def _api(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_posting_through_the_api_validates_the_tracking_code(letter, clerk):
    url = f"/api/notifications/{letter.pk}/posting/"
    today = timezone.localdate().isoformat()
    bad = _api(clerk).post(url, {"tracking_code": "JT123456780BR", "posted_on": today})
    assert (bad.status_code, bad.json()["code"]) == (400, "invalid_tracking_code")
    good = _api(clerk).post(url, {"tracking_code": "jt 123456785 br", "posted_on": today})
    assert good.status_code == 200
    assert good.json()["tracking_code"] == "JT123456785BR"
    again = _api(clerk).post(url, {"tracking_code": "JT123456785BR", "posted_on": today})
    assert again.status_code == 409


def test_a_driver_cannot_record_an_ar_403(letter):
    driver_user = letter.recipient.user
    response = _api(driver_user).post(
        f"/api/notifications/{letter.pk}/posting/",
        {"tracking_code": "JT123456785BR", "posted_on": timezone.localdate().isoformat()},
    )
    assert response.status_code == 403
    letter.refresh_from_db()
    assert letter.status == Notification.Status.QUEUED


def test_a_driver_reads_only_the_notices_addressed_to_them(client, letter):
    other = DriverFactory()
    client.force_login(letter.recipient.user)
    page = client.get("/portal/notificacoes/").content.decode()
    assert letter.subject in page
    assert "Art. 63" in page
    client.force_login(other.user)
    assert letter.subject not in client.get("/portal/notificacoes/").content.decode()
    assert _api(other.user).get("/api/notifications/").json() == []


def test_staff_see_the_history_of_each_notification_on_the_case_page(client, clerk, letter):
    client.force_login(clerk)
    page = client.get(f"/processos/{letter.case_id}/").content.decode()
    assert "Registrar postagem" in page
    assert letter.address in page


def test_the_mailbox_page_is_for_staff_only(client, clerk, driver):
    client.force_login(driver.user)
    assert client.get("/correio/").status_code == 403
    client.force_login(clerk)
    assert client.get("/correio/").status_code == 200
