"""The demo shows every municipal register, and loading it again creates nothing."""

from __future__ import annotations

import pytest

from municipal.models import (
    Association,
    LostItem,
    Membership,
    RosterEntry,
    Stand,
    StandAssignment,
    StandWaiting,
    TariffReminder,
    TariffTable,
)
from web.demo import demo_load

pytestmark = pytest.mark.django_db

MODELS = [
    Stand,
    StandAssignment,
    StandWaiting,
    TariffTable,
    LostItem,
    RosterEntry,
    Association,
    Membership,
    TariffReminder,
]


def _counts() -> dict[str, int]:
    return {m.__name__: m.objects.count() for m in MODELS}


def test_demo_fills_each_register_once():
    demo_load()
    first = _counts()
    assert first["Stand"] == 3 and first["StandAssignment"] == 2
    assert first["StandWaiting"] == 1
    assert first["TariffTable"] == 2 and first["LostItem"] == 2
    assert first["RosterEntry"] > 0 and first["Association"] == 1
    assert first["Membership"] == 3
    demo_load()
    assert _counts() == first


@pytest.mark.parametrize(
    ("username", "urls"),
    [
        (
            "servidor",
            [
                "/pontos/",
                "/tarifas/",
                "/achados/",
                "/escala/",
                "/associacoes/",
                "/calendario/",
                "/api/calendar/",
                "/api/stands/",
                "/api/tariffs/",
                "/api/lost-items/",
                "/api/roster/",
                "/api/associations/",
            ],
        ),
        ("fiscal", ["/pontos/", "/tarifas/", "/escala/"]),
        (
            "motorista",
            [
                "/pontos/",
                "/tarifas/",
                "/portal/escala/",
                "/portal/achados/",
                "/api/lost-items/",
                "/api/roster/",
            ],
        ),
    ],
)
def test_demo_register_pages_render_for_each_role(client, username, urls):
    demo_load()
    assert client.login(username=username, password="demo12345")
    for url in urls:
        assert client.get(url).status_code == 200, url
    for stand in Stand.objects.all():
        assert client.get(f"/pontos/{stand.pk}/").status_code == 200
    for table in TariffTable.objects.all():
        assert client.get(f"/tarifas/{table.pk}/impressao/").status_code == 200
