"""Arts. 46 §2 and 47 §2: on the case page, a registered letter waiting to be posted offers
the posting form, and one posted offers the delivery attempt and the AR forms — each
with its own fields, built only for the letter that needs it."""

from __future__ import annotations

import pytest
from django.utils import timezone

from cases.services.transitions import case_act
from notifications.models import Notification
from tests.factories import PASSWORD, ViolationNoticeFactory

pytestmark = pytest.mark.django_db


def _names(page: str, action: str) -> list[str]:
    """The names of the fields of the form posting to `action`."""
    import re

    form = re.search(rf'<form method="post" action="{re.escape(action)}"[^>]*>(.*?)</form>',
                     page, re.S)
    assert form, action
    return [n for n in re.findall(r'name="([a-z_]+)"', form.group(1))
            if n not in ("csrfmiddlewaretoken", "form_token")]


def test_art_46_the_case_page_offers_posting_then_attempt_and_receipt(client, clerk):
    notice = ViolationNoticeFactory()
    case_act(case=notice, action="send_notice", actor=clerk, password=PASSWORD)
    letter = Notification.objects.get(case=notice, channel=Notification.Channel.REGISTERED_POST)
    client.force_login(clerk)

    queued = client.get(f"/processos/{notice.pk}/").content.decode()
    assert _names(queued, f"/notificacoes/{letter.pk}/postagem/") == [
        "tracking_code", "posted_on",
    ]
    assert f"/notificacoes/{letter.pk}/ar/" not in queued

    Notification.objects.filter(pk=letter.pk).update(
        status=Notification.Status.SENT, tracking_code="JT123456785BR",
        posted_on=timezone.localdate(),
    )
    sent = client.get(f"/processos/{notice.pk}/").content.decode()
    assert _names(sent, f"/notificacoes/{letter.pk}/tentativa/") == ["attempted_on", "note"]
    assert "delivered_on" in _names(sent, f"/notificacoes/{letter.pk}/ar/")
