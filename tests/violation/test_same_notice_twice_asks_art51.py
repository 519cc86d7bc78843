"""Art. 51 (one notice per infraction): the fiscal's Back and Submit again sent the same
notice twice — same plate, item and minute — and a second notice was issued (issue 19,
item 15). Now the page and the API ask, and issue the second only when confirmed."""

from __future__ import annotations

import pytest

from tests.factories import PASSWORD, AuthorizationFactory
from workflows.violation.models import ViolationNotice

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("roadside_day")]

PAGE = "/fiscalizacao/autos/novo/"
URL = "/api/violations/"


@pytest.fixture
def taxi():
    return AuthorizationFactory()


def _page_post(client, taxi, **overrides):
    data = {
        "authorization": taxi.pk,
        "items": ["XIII"],
        "conductor": "holder",
        "place": "Av. Brasil, em frente ao nº 200",
        "occurred_at": "2026-05-04T09:40",
        "password": PASSWORD,
    }
    return client.post(PAGE, {**data, **overrides})


def test_art_51_the_page_asks_before_issuing_the_same_notice_again(client, agent, taxi):
    client.force_login(agent)
    assert _page_post(client, taxi).status_code == 302
    [first] = ViolationNotice.objects.all()

    again = _page_post(client, taxi)

    assert again.status_code == 400
    html = again.content.decode()
    assert first.number in html and 'data-testid="confirm-duplicate"' in html
    assert ViolationNotice.objects.count() == 1

    confirmed = _page_post(client, taxi, confirm_duplicate="on")
    assert confirmed.status_code == 302
    assert ViolationNotice.objects.count() == 2


def test_art_51_the_api_answers_400_for_the_same_plate_item_and_minute(api, agent, taxi):
    body = {
        "taxi": taxi.vehicle.plate,
        "items": ["XIII"],
        "conductor": "unidentified",
        "place": "Praça Central",
        "occurred_at": "2026-05-04T09:40:00-03:00",
        "password": PASSWORD,
    }
    assert api(agent).post(URL, body, format="json").status_code == 201
    second = {**body, "occurred_at": "2026-05-04T09:40:30-03:00"}  # the same minute

    refused = api(agent).post(URL, second, format="json")

    assert refused.status_code == 400
    assert (refused.json()["code"], refused.json()["article"]) == ("duplicate_notice", "Art. 51")
    assert ViolationNotice.objects.count() == 1
    other_minute = {**body, "occurred_at": "2026-05-04T09:41:00-03:00"}
    assert api(agent).post(URL, other_minute, format="json").status_code == 201
    confirmed = {**second, "confirm_duplicate": True}
    assert api(agent).post(URL, confirmed, format="json").status_code == 201
    assert ViolationNotice.objects.count() == 3
