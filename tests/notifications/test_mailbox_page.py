"""/correio/: staff read the e-mails the embedded default wrote to files, as they were
sent — accents intact, the date in local time as dd/mm/aaaa HH:MM."""

from __future__ import annotations

import datetime as dt
import re

import pytest
import time_machine

from notifications.models import Notification
from notifications.services import notification_deliver
from tests.documents.paper import ISSUED_AT, notice_sent

pytestmark = pytest.mark.django_db


@pytest.fixture
def file_mailbox(settings, tmp_path):
    settings.EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    settings.EMAIL_FILE_PATH = str(tmp_path / "mail")
    return tmp_path / "mail"


@pytest.fixture
def delivered(file_mailbox, monkeypatch):
    """The notice's e-mail copy delivered through the real service into the mail files."""
    monkeypatch.setattr("notifications.services._enqueue", lambda pk: None)
    monkeypatch.setattr("documents.services._enqueue", lambda pk: None)
    with time_machine.travel(ISSUED_AT, tick=False):
        papers = notice_sent()
        mail = Notification.objects.get(
            case=papers.notice, channel=Notification.Channel.EMAIL, template="violation_notice"
        )
        notification_deliver(notification_id=mail.pk)
    return papers


def _page(client, clerk) -> str:
    client.force_login(clerk)
    response = client.get("/correio/")
    assert response.status_code == 200
    return re.sub(r"\s+", " ", response.content.decode())


def test_the_mailbox_shows_accented_names_as_written(client, delivered):
    page = _page(client, delivered.clerk)

    assert "Prezado(a) José Carlos Ferreira," in page
    assert f"Auto de infração {delivered.notice.number}: notificação" in page
    assert "Suspensão da autorização por 30 dias" in page
    assert "�" not in page


def test_the_mailbox_shows_the_date_in_local_time_not_the_rfc_header(client, delivered):
    page = _page(client, delivered.clerk)

    assert f'<time datetime="{ISSUED_AT.isoformat()}">04/05/2026 10:00</time>' in page
    assert "+0000" not in page and "Mon, 04 May 2026" not in page


def test_the_newest_mail_comes_first(client, delivered, file_mailbox):
    from django.core.mail import send_mail

    with time_machine.travel(ISSUED_AT + dt.timedelta(hours=2), tick=False):
        send_mail("Segunda mensagem — ação", "Corpo", "taxi@example.org", ["b@example.org"])

    page = _page(client, delivered.clerk)

    assert page.index("Segunda mensagem — ação") < page.index("Prezado(a) José Carlos")
