"""Tariff pages through HTTP only: the public table on a day, the car's price table, the
clerk's IGP-M adjustment."""

from __future__ import annotations

from decimal import Decimal

import pytest

from municipal.models import TariffTable
from tests.factories import AuthorizationFactory
from tests.municipal_factories import TariffTableFactory

pytestmark = pytest.mark.django_db


def test_art_58_xvi_public_page_shows_the_table_of_the_day_asked(client):
    TariffTableFactory(valid_from="2025-01-02", act_number="Decreto 1/2025")
    TariffTableFactory(
        valid_from="2026-01-10",
        act_date="2026-01-10",
        act_number="Decreto 2/2026",
        items={"km": Decimal("3.80")},
    )
    html = client.get("/tarifas/?data=2025-06-01").content.decode()
    assert "Tabela em vigor em 01/06/2025" in html
    assert "3,50" in html or "3.50" in html
    html = client.get("/tarifas/?data=2026-06-01").content.decode()
    assert "3,80" in html or "3.80" in html


def test_art_30_printable_price_table_for_the_car(client):
    table = TariffTableFactory(act_number="Decreto 7/2026")
    page = client.get(f"/tarifas/{table.pk}/impressao/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "TABELA DE PREÇO" in html and "Decreto 7/2026" in html and "Art. 58 XVI" in html


def test_a_draft_is_not_public_404(client):
    draft = TariffTableFactory(
        status=TariffTable.Status.DRAFT, act_number="", act_date=None, valid_from=None
    )
    assert client.get(f"/tarifas/{draft.pk}/").status_code == 404


def test_art_31_clerk_proposes_the_adjustment_from_the_page(client, clerk):
    TariffTableFactory(valid_from="2025-01-02")
    client.force_login(clerk)
    response = client.post("/tarifas/reajuste/", {"year": "2026", "igpm_percent": "10"})
    draft = TariffTable.objects.get(status=TariffTable.Status.DRAFT)
    assert response.status_code == 302 and response["Location"] == f"/tarifas/{draft.pk}/"
    html = client.get(f"/tarifas/{draft.pk}/").content.decode()
    assert "6,60" in html or "6.60" in html
    published = client.post(
        f"/tarifas/{draft.pk}/publicar/",
        {
            "act_number": "Decreto 4/2026",
            "act_date": "2026-01-05",
            "valid_from": "2026-01-06",
        },
        follow=True,
    )
    assert "Tabela publicada." in published.content.decode()
    draft.refresh_from_db()
    assert draft.status == "published" and draft.act_number == "Decreto 4/2026"


def test_art_29_enact_form_with_a_bad_line_rerenders_400(client, clerk):
    client.force_login(clerk)
    response = client.post(
        "/tarifas/nova/",
        {
            "act_number": "Decreto 1/2026",
            "act_date": "2026-01-02",
            "valid_from": "2026-01-02",
            "items": "bandeirada; Bandeirada; por corrida",
        },
    )
    assert response.status_code == 400
    assert not TariffTable.objects.exists()


def test_a_driver_gets_403_on_the_adjustment_form(client):
    client.force_login(AuthorizationFactory().holder.user)
    response = client.post("/tarifas/reajuste/", {"year": "2026", "igpm_percent": "1"})
    assert response.status_code == 403


def test_art_58_xvi_the_block_other_pages_include_shows_the_table_of_the_fact():
    import datetime as dt

    from django.template import Context, Template

    TariffTableFactory(valid_from="2025-01-02", act_number="Decreto 1/2025")
    TariffTableFactory(
        valid_from="2026-01-10",
        act_date="2026-01-10",
        act_number="Decreto 2/2026",
        items={"km": Decimal("3.80")},
    )
    template = Template("{% load municipal_tariffs %}{% tariff_table_on when %}")
    fact = dt.datetime(2026, 1, 9, 23, 30, tzinfo=dt.timezone(dt.timedelta(hours=-3)))
    html = template.render(Context({"when": fact}))
    assert "Decreto 1/2025" in html and "09/01/2026" in html
    html = template.render(Context({"when": dt.date(2026, 1, 10)}))
    assert "Decreto 2/2026" in html
