"""Issue 20, finding 2 (Art. 52; LGPD Art. 6 III, necessity): the appeal commission opens
the file of a driver, a vehicle or a Termo — CPF, CNH, address, phone, points — only when
a case before it names them, and finds in the search (`/api/search/`, `/busca/`) only
those drivers; the Secretaria still finds everyone."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.roles import Role
from tests.appeal.factories import filed_appeal, notified_notice
from tests.factories import AuthorizationFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def appellant():
    termo = AuthorizationFactory(holder__name="Joaquim Recorrente")
    received = timezone.localdate() - dt.timedelta(days=2)
    filed_appeal(notified_notice(authorization=termo, received_on=received))
    return termo


@pytest.fixture
def stranger():
    return AuthorizationFactory(holder__name="Joaquim Estranho")


def _api(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_art52_the_commission_opens_the_files_of_its_appellant_only(client, appellant, stranger):
    client.force_login(UserFactory(role=Role.COMMISSION_MEMBER))
    for termo, expected in ((appellant, 200), (stranger, 404)):
        pages = [
            f"/taxistas/{termo.holder_id}/",
            f"/veiculos/{termo.vehicle_id}/",
            f"/termos/{termo.pk}/",
        ]
        assert [client.get(page).status_code for page in pages] == [expected] * 3


@pytest.mark.parametrize("q", ["Joaquim", "cpf"])
def test_art52_the_commission_finds_only_its_appellant_in_the_search(appellant, stranger, q):
    member = UserFactory(role=Role.COMMISSION_MEMBER)
    if q == "cpf":
        # A partial CPF: the stranger's must find nothing, the appellant's himself.
        for termo, found in ((stranger, []), (appellant, [appellant.holder_id])):
            body = _api(member).get("/api/search/", {"q": termo.holder.cpf[:7]}).json()
            assert [d["id"] for d in body["drivers"]] == found
        return
    body = _api(member).get("/api/search/", {"q": q, "status": "all"}).json()
    assert [d["id"] for d in body["drivers"]] == [appellant.holder_id]
    assert [a["id"] for a in body["authorizations"]] == [appellant.pk]
    clerk = UserFactory(role=Role.CLERK)
    everyone = _api(clerk).get("/api/search/", {"q": q, "status": "all"}).json()
    assert {d["id"] for d in everyone["drivers"]} == {appellant.holder_id, stranger.holder_id}


def test_art52_the_search_page_shows_the_commission_no_stranger(client, appellant, stranger):
    client.force_login(UserFactory(role=Role.COMMISSION_MEMBER))
    page = client.get("/busca/", {"q": "Joaquim", "status": "all"}).content.decode()
    assert "Joaquim Recorrente" in page
    assert "Joaquim Estranho" not in page
    assert f"/taxistas/{stranger.holder_id}/" not in page
    assert f"/veiculos/{stranger.vehicle_id}/" not in page
