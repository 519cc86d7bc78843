"""POST /api/violations/: an agent issues one notice per item (Arts. 47, 51); every refusal
is a 400 (or 403) naming its article."""

from __future__ import annotations

import pytest

from tests.factories import PASSWORD, AuthorizationFactory
from workflows.violation.models import ViolationNotice

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("roadside_day")]

URL = "/api/violations/"


@pytest.fixture
def taxi():
    return AuthorizationFactory()


def _body(authorization, **overrides):
    body = {
        "taxi": authorization.vehicle.plate,
        "items": ["I", "XIII"],
        "conductor": "unidentified",
        "place": "Praça Central",
        "occurred_at": "2026-05-04T09:40:00-03:00",
        "password": PASSWORD,
    }
    return {**body, **overrides}


def test_an_agent_issues_two_notices_at_once_art51(api, agent, taxi, settings):
    settings.FIRST_OFFENCE_WARNING = "as_well"  # the fine of a first item I (Art. 59 I-II)
    response = api(agent).post(URL, _body(taxi), format="json")

    assert response.status_code == 201, response.content
    notices = list(ViolationNotice.objects.order_by("number"))
    assert [
        (n["number"], n["item"], n["article"], n["group"], n["points"], n["fine_vrte"])
        for n in response.json()
    ] == [
        (notices[0].number, "I", "Art. 58 I", 1, 2, "80.00"),
        (notices[1].number, "XIII", "Art. 58 XIII", 3, 5, "150.00"),
    ]
    assert {n.offender for n in notices} == {None}


def test_the_taxi_by_id_too(api, agent, taxi):
    body = _body(taxi, items=["X"])
    del body["taxi"]
    body["authorization"] = taxi.pk

    assert api(agent).post(URL, body, format="json").status_code == 201


@pytest.mark.parametrize(
    ("overrides", "article"),
    [
        ({"items": ["XXI"]}, "Art. 58 XXI"),
        ({"items": ["XXX"]}, "Art. 58"),
        ({"items": ["I", "I"]}, "Art. 51"),
        ({"items": []}, "Art. 47 III"),
        ({"place": ""}, "Art. 47 V"),
        ({"occurred_at": "2026-05-04T12:00:00-03:00"}, "Art. 47 V"),
        ({"conductor": "cunhado"}, "Art. 50"),
        ({"conductor": "auxiliary"}, "Art. 27"),
        ({"taxi": "ZZZ0Z00"}, "Art. 47 II"),
        ({"taxi": None}, "Art. 47 II"),
    ],
)
def test_every_refusal_is_400_with_its_article_and_writes_nothing(
    api, agent, taxi, overrides, article
):
    body = {k: v for k, v in _body(taxi, **overrides).items() if v is not None}

    response = api(agent).post(URL, body, format="json")

    assert response.status_code == 400, response.content
    assert response.json()["article"] == article
    assert response.json()["detail"]
    assert not ViolationNotice.objects.exists()


def test_a_clerk_is_refused_403_art41(api, clerk, taxi):
    response = api(clerk).post(URL, _body(taxi), format="json")

    assert response.status_code == 403
    assert response.json()["article"] == "Art. 41"
    assert not ViolationNotice.objects.exists()


def test_nobody_signed_in_is_refused(api, taxi):
    assert api().post(URL, _body(taxi), format="json").status_code == 401
    assert not ViolationNotice.objects.exists()
