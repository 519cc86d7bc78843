"""The lost-property register's page (Art. 37 XVIII) reads of each object what its row
shows — its own columns and its taxi's plate — in the one statement of the page: the
driver, the clerk who received it and its deadline were read whole for every row of fifty
(issue 25), and a column left out would cost a statement a row."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from municipal.models import LostItem
from registers.validators import display_plate
from tests.municipal_factories import LostItemFactory

pytestmark = pytest.mark.django_db


def _page(client) -> tuple[str, list[str]]:  # type: ignore[no-untyped-def]
    with CaptureQueriesContext(connection) as ctx:
        response = client.get("/achados/")
    assert response.status_code == 200
    return response.content.decode(), [q["sql"] for q in ctx.captured_queries]


def test_each_row_shows_its_object_without_a_statement_of_its_own(clerk_client):
    first = LostItemFactory(description="Guarda-chuva preto")
    _, one = _page(clerk_client)
    late = LostItemFactory(
        description="Carteira marrom",
        handing_in_overdue=True,
        status=LostItem.Status.REPORTED,
    )
    LostItemFactory(description="Celular", receipt_number="AC-0001/2026")
    page, three = _page(clerk_client)
    assert len(three) == len(one)
    for shown in ("Guarda-chuva preto", "Carteira marrom", "Celular", "AC-0001/2026", "vencido"):
        assert shown in page
    assert display_plate(first.authorization.vehicle.plate) in page
    assert display_plate(late.authorization.vehicle.plate) in page


def test_the_page_reads_no_driver_or_clerk_of_an_object(clerk_client):
    LostItemFactory()
    _, statements = _page(clerk_client)
    listed = [sql for sql in statements if 'FROM "municipal_lostitem"' in sql]
    assert listed
    assert not any('"registers_driver"' in sql or '"cases_deadline"' in sql for sql in listed)
