"""Art. 46: the clerk's letters to post come oldest first, a page at a time, each page
read by the letters' own index and stopped at the page (issue 25: five hundred letters
with a posting form each took 0.7 s to draw at a million cases)."""

from __future__ import annotations

import pytest

from core import paging
from tests.notifications.letters import letters_waiting

pytestmark = pytest.mark.django_db


@pytest.fixture
def letters():
    return letters_waiting(5)


def test_art_46_letters_to_post_page_on_oldest_first(clerk_client, letters, monkeypatch):
    monkeypatch.setattr(paging, "PAGE_SIZE", 2)
    seen = []
    path = "/correio/a-postar/"
    for _ in range(3):
        response = clerk_client.get(path)
        assert response.status_code == 200
        html = response.content.decode()
        seen += [n.subject for n in letters if f">{n.subject}<" in html]
        nxt = response.context["next_query"]
        path = f"/correio/a-postar/?{nxt}" if nxt else ""
    assert seen == [n.subject for n in letters]
    assert path == ""  # the third page is the last


def test_a_cursor_not_ours_answers_the_first_page_with_400(clerk_client, letters):
    response = clerk_client.get("/correio/a-postar/", {"cursor": "not-a-cursor"})
    assert response.status_code == 400
    assert "Carta 0" in response.content.decode()
