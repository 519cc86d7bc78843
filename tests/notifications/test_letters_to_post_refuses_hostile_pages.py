"""Art. 46: the clerk's letters to post, a page at a time, answer page parameters they did
not write as every paged list does (tests/paging.py): a page number is not ours and the
first page comes; a cursor we did not write answers 400 with the first page, never 500."""

from __future__ import annotations

import re

import pytest

from core import paging
from tests.notifications.letters import letters_waiting
from tests.paging import Listing, RefusesHostilePageParameters

pytestmark = pytest.mark.django_db


def _letters_on(html: str) -> list[str]:
    subjects = re.findall(r'<span lang="pt-BR">(Carta \d+)</span>', html)
    assert len(subjects) == html.count('data-testid="letter"')
    return subjects


class TestLettersToPost(RefusesHostilePageParameters):
    listing = Listing(path="/correio/a-postar/", rows_on=_letters_on)

    @pytest.fixture
    def first_page(self, monkeypatch) -> list[str]:
        monkeypatch.setattr(paging, "PAGE_SIZE", 2)
        letters_waiting(3)
        return ["Carta 0", "Carta 1"]  # oldest first, two a page
