"""What a search page costs beyond its matches (issue 23 point 3, issue 25).

The filters' long lists are rendered once per language and choice, not once per query:
the words searched differ at nearly every request, and keyed by them the fragment cache
missed every time (the search ran 22–27 % slower than with the removed form renderer)."""

from __future__ import annotations

import pytest

from accounts.roles import Role
from tests.factories import AuthorizationFactory, SuspensionCaseFactory, UserFactory

pytestmark = pytest.mark.django_db

SELECT_WIDGET = "django/forms/widgets/select.html"


@pytest.fixture
def clerk_client(client):
    client.force_login(UserFactory(role=Role.CLERK))
    return client


@pytest.fixture
def aparecida():
    authorization = AuthorizationFactory(holder__name="Maria Aparecida Souza")
    return [SuspensionCaseFactory(authorization=authorization) for _ in range(3)]


def test_the_filters_lists_are_drawn_once_whatever_the_words_searched(clerk_client, aparecida):
    clerk_client.get("/busca/", {"q": "souza", "status": "all", "kind": "suspension"})
    response = clerk_client.get(
        "/busca/", {"q": "maria aparecida", "status": "all", "kind": "suspension"}
    )
    assert SELECT_WIDGET not in [t.name for t in response.templates]
    html = response.content.decode()
    assert 'value="maria aparecida"' in html  # the box shows this request's words
    assert '<option value="all" selected>' in html
    assert '<option value="suspension" selected>' in html
    assert aparecida[0].number in html


def test_a_list_with_another_choice_is_drawn_with_that_choice(clerk_client, aparecida):
    clerk_client.get("/busca/", {"q": "souza", "status": "all"})
    response = clerk_client.get("/busca/", {"q": "souza", "status": "closed"})
    html = response.content.decode()
    assert '<option value="closed" selected>' in html
    assert '<option value="all" selected>' not in html


def test_a_wrong_choice_is_shown_wrong_from_the_cached_lists_too(clerk_client):
    for q in ("souza", "maria"):
        response = clerk_client.get("/busca/", {"q": q, "kind": "appeal", "state": "filed"})
        assert response.status_code == 400
        assert "não existe para o tipo" in response.content.decode()


def test_the_lists_follow_the_language(clerk_client, aparecida):
    clerk_client.get("/busca/", {"q": "souza", "status": "all"})
    clerk_client.cookies["django_language"] = "en"
    html = clerk_client.get("/busca/", {"q": "maria", "status": "all"}).content.decode()
    assert '<option value="closed">Closed</option>' in html
