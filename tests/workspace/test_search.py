"""The clerk's search box: number, name, CPF, plate, IM and Termo, tolerant of accents,
case and punctuation; open, closed and all cases; filters as choices; counted pages."""

from __future__ import annotations

import pytest
from django.db import connection
from django.utils import timezone

from accounts.roles import Role
from tests.factories import (
    AuthorizationFactory,
    DriverFactory,
    MunicipalRegistrationFactory,
    SuspensionCaseFactory,
    UserFactory,
    ViolationNoticeFactory,
)
from workflows.suspension.models import SuspensionState

pytestmark = pytest.mark.django_db


@pytest.fixture
def clerk_client(client):
    client.force_login(UserFactory(role=Role.CLERK))
    return client


@pytest.fixture
def jose():
    holder = DriverFactory(name="José Conceição D'Ávila", cpf="52998224725")
    authorization = AuthorizationFactory(
        holder=holder, number="TA-2026/000007", vehicle__plate="QAB1C23"
    )
    MunicipalRegistrationFactory(authorization=authorization, number="IM-2026/000042")
    return SuspensionCaseFactory(
        authorization=authorization, sequence=31, year=2026, number="2026/000031"
    )


def _numbers(response) -> list[str]:
    return [row["number"] for row in response.json()["results"]]


@pytest.mark.parametrize(
    "q",
    [
        "jose conceicao",  # no accents
        "JOSÉ CONCEIÇÃO",  # upper case
        "davila",  # punctuation dropped
        "529.982.247-25",  # CPF with its punctuation
        "qab-1c23",  # plate, lower case with a dash
        "IM 2026/000042",  # the IM
        "ta-2026/000007",  # the Termo
        "2026/31",  # the case number, as typed at a counter
        "2026/000031",
    ],
)
def test_one_box_finds_the_case_by_every_handle(clerk_client, jose, q):
    SuspensionCaseFactory()  # someone else's case, never found
    response = clerk_client.get("/api/search/", {"q": q})
    assert response.status_code == 200
    assert _numbers(response) == ["2026/000031"]
    assert response.json()["count"] == 1


def test_the_page_finds_the_driver_vehicle_and_termo_too(clerk_client, jose):
    response = clerk_client.get("/busca/", {"q": "Jose Conceicao"})
    assert response.status_code == 200
    body = response.content.decode()
    assert f"/taxistas/{jose.applicant_id}/" in body
    assert f"/termos/{jose.authorization_id}/" in body
    assert "2026/000031" in body
    assert "1–1 de 1" in body


def test_closed_cases_are_reached_with_the_status_choice(clerk_client, jose):
    closed = SuspensionCaseFactory(
        authorization=jose.authorization, state=SuspensionState.ENDED, closed_at=timezone.now()
    )
    open_only = _numbers(clerk_client.get("/api/search/", {"q": "davila"}))
    closed_only = _numbers(clerk_client.get("/api/search/", {"q": "davila", "status": "closed"}))
    both = _numbers(clerk_client.get("/api/search/", {"q": "davila", "status": "all"}))
    assert open_only == [jose.number]
    assert closed_only == [closed.number]
    assert sorted(both) == sorted([jose.number, closed.number])


def test_state_is_a_choice_of_the_kinds_states(clerk_client, jose):
    ok = clerk_client.get("/api/search/", {"kind": "suspension", "state": "filed"})
    assert ok.status_code == 200 and _numbers(ok) == [jose.number]
    wrong_kind = clerk_client.get("/busca/", {"kind": "appeal", "state": "filed"})
    assert wrong_kind.status_code == 400
    assert "não existe para o tipo" in wrong_kind.content.decode()
    free_text = clerk_client.get("/api/search/", {"state": "qualquer coisa"})
    assert free_text.status_code == 400
    # The API's one error body (issue 12 §3): per-field messages under `fields`.
    assert free_text.json()["code"] == "invalid"
    assert "state" in free_text.json()["fields"]


def test_paging_says_how_many_there_are(clerk_client):
    authorization = AuthorizationFactory()
    for _ in range(53):
        SuspensionCaseFactory(authorization=authorization)
    first = clerk_client.get("/busca/", {"status": "open"})
    assert "1–50 de 53" in first.content.decode()
    second = clerk_client.get("/busca/", {"status": "open", "page": 2})
    assert "51–53 de 53" in second.content.decode()
    api = clerk_client.get("/api/search/", {"page": 2}).json()
    assert (api["count"], api["pages"], len(api["results"])) == (53, 2, 3)


def test_results_are_scoped_by_role(client, jose):
    notice = ViolationNoticeFactory(authorization=jose.authorization)
    member = UserFactory(role=Role.COMMISSION_MEMBER)
    client.force_login(member)
    # The commission sees appeals (and the notices behind them), not suspensions.
    assert _numbers(client.get("/api/search/", {"q": "davila", "status": "all"})) == []
    client.force_login(jose.applicant.user)
    own = _numbers(client.get("/api/search/", {"q": "davila", "status": "all"}))
    assert sorted(own) == sorted([jose.number, notice.number])
    other = DriverFactory()
    client.force_login(other.user)
    assert _numbers(client.get("/api/search/", {"q": "davila", "status": "all"})) == []


def test_the_search_page_is_for_staff(client, jose):
    assert client.get("/busca/").status_code == 302  # to the login
    client.force_login(jose.applicant.user)
    assert client.get("/busca/").status_code == 403
    assert client.get("/api/search/").status_code == 200
    client.logout()
    assert client.get("/api/search/").status_code == 401


def test_the_name_search_uses_the_trigram_index_on_postgresql(jose):
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL only")
    with connection.cursor() as cursor:
        cursor.execute("SET enable_seqscan = off")
        cursor.execute(
            "EXPLAIN SELECT id FROM registers_driver WHERE name_key LIKE %s", ["%conceicao%"]
        )
        plan = "\n".join(row[0] for row in cursor.fetchall())
        cursor.execute("SET enable_seqscan = on")
    assert "ws_driver_name_key_trgm" in plan


def test_the_drivers_name_key_is_kept_by_the_database(jose):
    from registers.models import Driver
    from workspace.search import search_key

    driver = Driver.objects.get(pk=jose.applicant_id)
    assert driver.name_key == search_key(driver.name) == "jose conceicao davila"
    Driver.objects.filter(pk=driver.pk).update(name="Zé Ávila")
    driver.refresh_from_db()
    assert driver.name_key == "ze avila"


def test_the_search_key_is_the_same_in_python_and_in_the_database():
    from workspace.search import search_key

    with connection.cursor() as cursor:
        cursor.execute("SELECT ws_searchkey(%s)", ["Ação D'Ávila-Nº 12/Ç"])
        (in_db,) = cursor.fetchone()
    assert in_db == search_key("Ação D'Ávila-Nº 12/Ç") == "acao davilan 12c"


def test_the_search_page_costs_the_same_queries_for_5_or_40_cases(
    clerk_client, django_assert_max_num_queries
):
    authorization = AuthorizationFactory(holder__name="Maria Aparecida")
    for _ in range(5):
        SuspensionCaseFactory(authorization=authorization)
    with django_assert_max_num_queries(30) as few:
        clerk_client.get("/busca/", {"q": "aparecida"})
    for _ in range(35):
        SuspensionCaseFactory(authorization=authorization)
    with django_assert_max_num_queries(len(few.captured_queries)) as many:
        response = clerk_client.get("/busca/", {"q": "aparecida"})
    assert "1–40 de 40" in response.content.decode()
    assert len(many.captured_queries) == len(few.captured_queries)
