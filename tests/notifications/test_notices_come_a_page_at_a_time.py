"""The notices a clerk may read are every notice the municipality sent: "my notices" and
`/api/notifications/` give them a page at a time, newest first, each page linking to the
next (issue 25), for staff and driver alike."""

from __future__ import annotations

import datetime as dt
import re
from zoneinfo import ZoneInfo

import pytest

from core import paging
from notifications.models import Notification
from tests.factories import ViolationNoticeFactory
from tests.paging import (
    Listing,
    RefusesHostilePageParameters,
    RefusesHostilePageSizes,
    in_pages_of,
    walk_api,
    walk_pages,
)

pytestmark = pytest.mark.django_db

SP = ZoneInfo("America/Sao_Paulo")


@pytest.fixture
def notices(monkeypatch) -> list[int]:
    """Five e-mails about one notice, two written at the same moment (the id orders them),
    pages of two."""
    monkeypatch.setattr(paging, "PAGE_SIZE", 2)
    case = ViolationNoticeFactory()
    rows = []
    for n, hour in enumerate((9, 14, 14, 11, 16)):
        row = Notification.objects.create(
            case=case,
            recipient=case.applicant,
            address="taxista@example.org",
            channel=Notification.Channel.EMAIL,
            template="violation_notice",
            subject=f"Aviso {n}",
            body="Texto",
        )
        written = dt.datetime(2026, 3, 2, hour, tzinfo=SP)
        Notification.objects.filter(pk=row.pk).update(created_at=written)
        rows.append((written, row.pk))
    return [pk for _, pk in sorted(rows, reverse=True)]


def _subjects(html: str) -> list[str]:
    return re.findall(r"<strong><span lang=\"pt-BR\">(Aviso \d)</span>", html)


def _ids_by_subject(html: str) -> list[int]:
    """The notices on a page, each as many times as the page shows one (`data-testid`)."""
    subjects = _subjects(html)
    assert len(subjects) == html.count('data-testid="notice"')
    by_subject = dict(Notification.objects.values_list("subject", "pk"))
    return [by_subject[s] for s in subjects]


MY_NOTICES = Listing(
    path="/portal/notificacoes/", rows_on=_ids_by_subject, api="/api/notifications/"
)


def test_my_notices_shows_a_page_and_links_to_the_next_until_the_end(notices, clerk_client):
    assert walk_pages(clerk_client, MY_NOTICES) == in_pages_of(2, notices)


def test_the_notifications_api_gives_a_page_and_the_next_in_its_link_header(
    notices, clerk_client
):
    assert walk_api(clerk_client, MY_NOTICES.api) == in_pages_of(2, notices)


def test_the_driver_pages_his_own_notices_the_same_way(notices, client):
    driver = Notification.objects.get(pk=notices[0]).recipient.user
    client.force_login(driver)
    assert walk_pages(client, MY_NOTICES) == in_pages_of(2, notices)
    assert walk_api(client, MY_NOTICES.api) == in_pages_of(2, notices)


class TestParametersItDidNotWrite(RefusesHostilePageParameters, RefusesHostilePageSizes):
    """A `?page=`, a cursor or a page size "my notices" never wrote: the first page, or 400."""

    listing = MY_NOTICES

    @pytest.fixture
    def first_page(self, notices):
        return notices[:2]
