"""What a search page costs beyond its matches (issue 23 point 3, issue 25).

The filters' long lists are rendered once per language and choice, not once per query:
the words searched differ at nearly every request, and keyed by them the fragment cache
missed every time (the search ran 22–27 % slower than with the removed form renderer).
The statements: one transaction planned for its own values, no count when the page tells
the total, no plate looked up for words no plate can hold."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

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


def _statements(client, path, params):
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(path, params)
    assert response.status_code == 200
    return response, [q["sql"] for q in ctx.captured_queries]


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


@pytest.mark.parametrize("path", ["/busca/", "/api/search/"])
def test_a_search_is_planned_for_its_own_values(clerk_client, aparecida, path):
    """Run more often than PostgreSQL tries custom plans of a prepared statement (five),
    no statement of the search is prepared: none takes a generic plan, which cannot know
    how selective its words are (core.db.custom_plans)."""
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL only")
    for words in ["maria aparecida", "souza", "maria", "aparecida souza"] * 3:
        assert clerk_client.get(path, {"q": words, "status": "all"}).status_code == 200
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%LIKE%'")
        assert cursor.fetchall() == []


def test_a_page_that_is_not_full_is_counted_without_a_count(clerk_client, aparecida):
    response, statements = _statements(
        clerk_client, "/busca/", {"q": "maria aparecida", "status": "all"}
    )
    assert "1–3 de 3" in response.content.decode()
    assert not any("COUNT(" in sql for sql in statements)


def test_a_full_page_and_one_past_the_last_are_counted(clerk_client):
    authorization = AuthorizationFactory(holder__name="Maria Aparecida Souza")
    for _ in range(53):
        SuspensionCaseFactory(authorization=authorization)
    params = {"q": "maria aparecida", "status": "all"}
    full, statements = _statements(clerk_client, "/busca/", params)
    assert "1–50 de 53" in full.content.decode()
    assert sum("COUNT(" in sql for sql in statements) == 1
    last, statements = _statements(clerk_client, "/busca/", {**params, "page": 2})
    assert "51–53 de 53" in last.content.decode()
    assert not any("COUNT(" in sql for sql in statements)
    beyond = clerk_client.get("/busca/", {**params, "page": 9})
    assert "51–53 de 53" in beyond.content.decode()
    api = clerk_client.get("/api/search/", {**params, "page": 9}).json()
    assert (api["count"], api["page"], api["pages"], len(api["results"])) == (53, 2, 2, 3)


PLATE_MATCH = '"registers_vehicle"."plate"::text LIKE'


def test_words_longer_than_a_plate_look_up_no_plate(clerk_client, aparecida):
    _, statements = _statements(clerk_client, "/busca/", {"q": "maria aparecida"})
    assert not any(PLATE_MATCH in sql for sql in statements)
    _, statements = _statements(clerk_client, "/busca/", {"q": "QAB-1C23"})
    assert any(PLATE_MATCH in sql for sql in statements)


def test_the_cases_named_are_one_condition_on_the_cases_own_columns(clerk_client, aparecida):
    """Their applicant or Termo among the lists found: PostgreSQL reads each relation's
    index when few are named, the cases in the page's order when many are; the ids of
    every case named are not united first (issue 25: 7,000 cases for "condutor 12")."""
    response, statements = _statements(
        clerk_client, "/busca/", {"q": "maria aparecida", "status": "all"}
    )
    assert not any("UNION" in sql and 'FROM "cases_case"' in sql for sql in statements)
    (page,) = [sql for sql in statements if sql.startswith('SELECT "cases_case"."id", "cases_')]
    # On PostgreSQL each list is one array parameter, whatever its length (core.db.one_of).
    listed = "= ANY(" if connection.vendor == "postgresql" else "IN ("
    assert f'"cases_case"."applicant_id" {listed}' in page
    assert f' OR "cases_case"."authorization_id" {listed}' in page
    for case in aparecida:
        assert case.number in response.content.decode()
    # The clerk may open every Termo: the ones found are not read again to be scoped.
    rescoped = 'FROM "registers_authorization" WHERE "registers_authorization"."id" IN ('
    assert not any(rescoped in sql and "LIMIT" in sql for sql in statements)


def test_words_with_letters_look_up_no_case_number(clerk_client, aparecida):
    number_match = 'ws_searchkey("cases_case"."number")'
    _, statements = _statements(clerk_client, "/busca/", {"q": "maria aparecida"})
    assert not any(number_match in sql for sql in statements)
    response, statements = _statements(
        clerk_client, "/busca/", {"q": aparecida[0].number.split("/")[1], "status": "all"}
    )
    assert any(number_match in sql for sql in statements)
    assert aparecida[0].number in response.content.decode()


def test_a_whole_case_number_is_found_by_year_and_sequence_not_by_substring(
    clerk_client, aparecida
):
    """AAAA/NNNNNN typed whole names one case: its year and sequence find it, and the
    substring index of every case's number is not asked (it reads more the more cases
    there are); a part of a number is still looked for inside every number."""
    number_match = 'ws_searchkey("cases_case"."number")'
    wanted = aparecida[1]
    response, statements = _statements(
        clerk_client, "/busca/", {"q": wanted.number, "status": "all"}
    )
    assert not any(number_match in sql for sql in statements)
    shown = response.content.decode()
    assert wanted.number in shown
    assert all(other.number not in shown for other in aparecida if other != wanted)
    response, statements = _statements(
        clerk_client, "/busca/", {"q": wanted.number[:9], "status": "all"}
    )
    assert any(number_match in sql for sql in statements)
    assert wanted.number in response.content.decode()


def test_a_cpf_looks_up_no_case_number(clerk_client, aparecida):
    """Eleven digits are longer than any case number's key (ten): the drivers are asked
    for the CPF, the substring index of every case's number is not."""
    number_match = 'ws_searchkey("cases_case"."number")'
    holder = aparecida[0].authorization.holder
    response, statements = _statements(
        clerk_client, "/busca/", {"q": holder.cpf, "status": "all"}
    )
    assert len(holder.cpf) == 11
    assert not any(number_match in sql for sql in statements)
    shown = response.content.decode()
    assert all(case.number in shown for case in aparecida)


def test_a_long_list_of_ids_finds_the_same_rows_as_an_in_list(aparecida):
    from cases.models import Case
    from core.db import one_of

    ids = [*(c.pk for c in aparecida), *range(10**12, 10**12 + 5000)]
    with CaptureQueriesContext(connection) as ctx:
        found = sorted(Case.objects.filter(one_of("pk", ids)).values_list("pk", flat=True))
    assert found == sorted(c.pk for c in aparecida)
    if connection.vendor == "postgresql":
        assert '"cases_case"."id" = ANY(' in ctx.captured_queries[0]["sql"]
    assert list(Case.objects.filter(one_of("pk", []))) == []


@pytest.mark.parametrize("path", ["/busca/", "/api/search/"])
def test_a_page_of_cases_reads_what_its_rows_show(clerk_client, path):
    """A row shows a case's number, kind, state, applicant and dates: the case is read with
    its applicant's name, not with its assignee's and Termo's rows (three models built a
    row that no one showed), and no row reads anything more."""
    for n in range(5):
        SuspensionCaseFactory(authorization=AuthorizationFactory(holder__name=f"Rosa {n}"))
    few, statements = _statements(clerk_client, path, {"q": "rosa", "status": "all"})
    (page,) = [sql for sql in statements if sql.startswith('SELECT "cases_case"."id"')]
    assert '"accounts_user"' not in page and '"registers_authorization"' not in page
    assert '"registers_driver"."name"' in page and '"registers_driver"."cpf"' not in page

    for n in range(5, 10):
        SuspensionCaseFactory(authorization=AuthorizationFactory(holder__name=f"Rosa {n}"))
    more, more_statements = _statements(clerk_client, path, {"q": "rosa", "status": "all"})
    assert len(more_statements) == len(statements)
    if path == "/api/search/":
        names = sorted(row["applicant"] for row in more.json()["results"])
        assert names == [f"Rosa {n}" for n in range(10)]
        assert {row["kind_label"] for row in more.json()["results"]} == {"Suspensão a pedido"}
    else:
        assert all(f"Rosa {n}</a>" in more.content.decode() for n in range(10))


@pytest.mark.parametrize("path", ["/busca/", "/api/search/"])
def test_a_search_and_its_read_log_are_one_transaction(clerk_client, aparecida, path):
    """The drivers shown are logged before the search's transaction ends: its end, then
    the log's own transaction, were two round trips more (issue 25)."""
    _, statements = _statements(clerk_client, path, {"q": "maria aparecida", "status": "all"})
    (logged,) = [
        i for i, sql in enumerate(statements) if 'INSERT INTO "accounts_personaldataaccess"' in sql
    ]
    (searched,) = [i for i, sql in enumerate(statements) if 'FROM "cases_case"' in sql]
    between = statements[searched:logged]
    assert not any(sql.startswith(("COMMIT", "RELEASE SAVEPOINT")) for sql in between)


def test_the_kinds_are_listed_in_the_language_they_are_drawn_in():
    """The kinds and states are read when a form draws or checks them, not copied onto
    every form made (~300 states normalized at every search, issue 25)."""
    from django.utils import translation

    from workspace.forms import CaseSearchForm

    with translation.override("pt-br"):
        form = CaseSearchForm()
    with translation.override("en"):
        drawn_in_english = str(form["kind"])
    with translation.override("pt-br"):
        drawn_in_portuguese = str(form["kind"])
    assert drawn_in_english != drawn_in_portuguese
