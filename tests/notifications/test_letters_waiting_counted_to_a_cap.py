"""Art. 46: the clerk's queue says how many registered letters wait for the post office,
counted up to the queue's cap and then "more than" (issue 25: sixteen thousand letters in
the seed of a million cases were counted on every queue page)."""

from __future__ import annotations

import pytest

from cases import selectors
from notifications.models import Notification
from tests.notifications.letters import letters_waiting

pytestmark = pytest.mark.django_db


@pytest.fixture
def letters():
    return letters_waiting(3)


def _banner(client) -> str:
    html = client.get("/processos/").content.decode()
    start = html.index('data-testid="letters-waiting"')
    return html[start : html.index("</p>", start)]


def test_art_46_the_queue_counts_the_letters_waiting(clerk_client, letters):
    assert "3 cartas registradas aguardando postagem" in _banner(clerk_client)


def test_art_46_past_the_cap_the_queue_says_more_than(clerk_client, letters, monkeypatch):
    monkeypatch.setattr(selectors, "COUNT_CAP", 2)

    assert "Mais de 2 cartas registradas aguardando postagem" in _banner(clerk_client)


def test_posted_letters_are_not_counted(clerk_client, letters):
    Notification.objects.filter(pk=letters[0].pk).update(status=Notification.Status.SENT)

    assert "2 cartas registradas aguardando postagem" in _banner(clerk_client)
    assert "Mais de" not in _banner(clerk_client)


def test_staff_who_post_no_letter_see_the_queue_without_the_banner(client, letters):
    """Only clerks post letters (notifications.post): for the fiscal agent the count is
    of no list at all, and the queue is drawn without it."""
    from accounts.roles import Role
    from tests.factories import UserFactory

    client.force_login(UserFactory(role=Role.FISCAL_AGENT))
    response = client.get("/processos/")

    assert response.status_code == 200
    assert 'data-testid="letters-waiting"' not in response.content.decode()
