"""Art. 46 §2: the scanned AR card, once attached, is listed with its letter on the case
page and in the driver's notices, and opens for them — for nobody else."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile

from notifications.models import Notification
from notifications.post import letter_record_posting, letter_record_receipt
from tests.documents.paper import ISSUED_AT, notice_sent
from tests.factories import DriverFactory

pytestmark = pytest.mark.django_db

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


@pytest.fixture
def scanned():
    with time_machine.travel(ISSUED_AT, tick=False):
        papers = notice_sent()
    letter = Notification.objects.get(
        case=papers.notice, channel=Notification.Channel.REGISTERED_POST
    )
    with time_machine.travel(ISSUED_AT + dt.timedelta(days=5), tick=False):
        letter_record_posting(
            notification=letter, actor=papers.clerk, tracking_code="JT123456785BR",
            posted_on=dt.date(2026, 5, 5),
        )
        letter_record_receipt(
            notification=letter, actor=papers.clerk, delivered_on=dt.date(2026, 5, 7),
            receiver_name="José Carlos Ferreira", ar_attached_on=dt.date(2026, 5, 8),
            scan=SimpleUploadedFile("ar.pdf", PDF, content_type="application/pdf"),
        )
    return papers, Notification.objects.get(pk=letter.pk)


def test_art_46_par_2_the_clerk_sees_and_opens_the_scanned_ar(client, scanned):
    papers, letter = scanned
    client.force_login(papers.clerk)

    page = client.get(f"/processos/{papers.notice.pk}/").content.decode()
    response = client.get(f"/notificacoes/{letter.pk}/ar/digitalizacao/")

    assert f'href="/notificacoes/{letter.pk}/ar/digitalizacao/" data-testid="ar-scan"' in page
    assert response.status_code == 200
    assert b"".join(response.streaming_content) == PDF


def test_art_46_par_2_the_addressee_finds_it_in_his_notices_and_no_one_else_can(
    client, scanned
):
    papers, letter = scanned
    client.force_login(papers.holder_user)
    notices = client.get("/portal/notificacoes/").content.decode()
    client.force_login(DriverFactory().user)

    assert f"/notificacoes/{letter.pk}/ar/digitalizacao/" in notices
    assert client.get(f"/notificacoes/{letter.pk}/ar/digitalizacao/").status_code == 404
