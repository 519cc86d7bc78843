"""Art. 46: one Correios object is one registered letter. The same tracking code typed for
a second letter let one AR answer for two notices (issue 19, item 15): the second posting
is a 400 with a message, and the database refuses it too."""

from __future__ import annotations

import pytest
from django.db import IntegrityError
from django.utils import timezone
from rest_framework.test import APIClient

from cases.services.transitions import case_act
from notifications.models import Notification
from tests.factories import PASSWORD, ViolationNoticeFactory

pytestmark = pytest.mark.django_db
CODE = "JT123456785BR"


def _letter(clerk) -> Notification:
    notice = ViolationNoticeFactory()
    case_act(case=notice, action="send_notice", actor=clerk, password=PASSWORD)
    return Notification.objects.get(case=notice, channel=Notification.Channel.REGISTERED_POST)


def test_art_46_one_tracking_code_cannot_post_two_letters(clerk):
    first, second = _letter(clerk), _letter(clerk)
    client = APIClient()
    client.force_authenticate(clerk)
    today = timezone.localdate().isoformat()
    ok = client.post(
        f"/api/notifications/{first.pk}/posting/", {"tracking_code": CODE, "posted_on": today}
    )
    assert ok.status_code == 200, ok.content

    again = client.post(
        f"/api/notifications/{second.pk}/posting/", {"tracking_code": CODE, "posted_on": today}
    )

    assert again.status_code == 400
    body = again.json()
    assert body["code"] == "tracking_code_used"
    assert CODE in body["detail"] and first.case.number in body["detail"]
    second.refresh_from_db()
    assert (second.tracking_code, second.status) == ("", Notification.Status.QUEUED)


def test_art_46_the_database_keeps_a_tracking_code_to_one_letter(clerk):
    first, second = _letter(clerk), _letter(clerk)
    Notification.objects.filter(pk=first.pk).update(tracking_code=CODE)
    with pytest.raises(IntegrityError):
        Notification.objects.filter(pk=second.pk).update(tracking_code=CODE)
