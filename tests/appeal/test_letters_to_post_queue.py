"""Letters to post as a queue of their own for the clerk (issue 24 §6): a closed appeal's
decision letter no longer waits unseen (Art. 46: the appellant's clock starts only when
the letter is received)."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine

from cases.services.transitions import case_act
from notifications.models import Notification
from tests.appeal.factories import SP, filed_appeal, notified_notice
from tests.factories import PASSWORD
from workflows.appeal.models import AppealCase, Outcome

pytestmark = pytest.mark.django_db


def _decided_appeal(members):
    notice = notified_notice(received_on=dt.date(2026, 3, 3))
    at = dt.datetime.combine(dt.date(2026, 3, 10), dt.time(10), tzinfo=SP)
    with time_machine.travel(at, tick=False):
        appeal = filed_appeal(notice)
        case_act(case=appeal, action="open_voting", actor=members[0])
        for member in members[:2]:
            case_act(
                case=appeal,
                action="vote",
                actor=member,
                vote=Outcome.DENIED,
                reason="R.",
                password=PASSWORD,
            )
    return AppealCase.objects.get(pk=appeal.pk)


def test_art_46_a_closed_appeals_decision_letter_is_in_the_clerks_letters_to_post(
    client, clerk, members
):
    appeal = _decided_appeal(members)
    assert appeal.closed_at is not None
    letter = Notification.objects.get(case=appeal, channel=Notification.Channel.REGISTERED_POST)
    client.force_login(clerk)

    queue = client.get("/processos/").content.decode()
    page = client.get("/correio/a-postar/").content.decode()

    assert 'href="/correio/a-postar/"' in queue and 'data-testid="letters-waiting"' in queue
    assert (
        page.count('data-testid="letter"')
        == Notification.objects.filter(
            channel=Notification.Channel.REGISTERED_POST, status=Notification.Status.QUEUED
        ).count()
    )
    assert appeal.number in page and letter.subject in page

    # Posting it from the list brings the clerk back to the list, without the letter.
    response = client.post(
        f"/notificacoes/{letter.pk}/postagem/",
        {
            "tracking_code": "JT123456785BR",
            "posted_on": "2026-03-11",
            "next": "/correio/a-postar/",
        },
    )
    assert response.status_code == 302 and response["Location"] == "/correio/a-postar/"
    letter.refresh_from_db()
    assert letter.status == Notification.Status.SENT
    assert appeal.number not in client.get("/correio/a-postar/").content.decode()


def test_only_clerks_have_the_letters_to_post(client, members):
    client.force_login(members[0])
    assert client.get("/correio/a-postar/").status_code == 403
