"""A word names a driver when it is in his name's key (`name_key LIKE '%word%'`): on
PostgreSQL the search asks the GIN index of every piece of each word of the key
(`ws_wordparts`, workspace migration 0005, issue 25), which must find exactly the drivers
the comparison finds — a word of one or two letters, one inside a word, one every name
has, one longer than the pieces kept — and follow a name as it is written."""

from __future__ import annotations

import pytest
from django.db import connection

from registers.models import Driver
from tests.factories import DriverFactory
from workspace.search import PART_LENGTH, Terms, named_by

pytestmark = pytest.mark.django_db

NAMES = [
    "Condutor 12",
    "Condutor 512",
    "Condutor 1234",
    "Condutor 21",
    "Maria  da Conceição D'Ávila",
    "José Pedro-Álvares",
    "Aa " + "b" * (PART_LENGTH + 5),
]

QUERIES = [
    "condutor 12",
    "12",
    "1",
    "ndut 3",
    "conceicao",
    "CONCEIÇÃO maria",
    "davila",
    "pedroalvares",
    "da",
    "a",
    "b" * (PART_LENGTH + 2),
    "b" * (PART_LENGTH + 6),
    "aa " + "b" * PART_LENGTH,
    "condutor maria",
    "zzz",
]


@pytest.fixture
def drivers():
    return [DriverFactory(name=name) for name in NAMES]


def _compared(terms: Terms) -> set[int]:
    rows = Driver.objects.all()
    for word in terms.words:
        rows = rows.filter(name_key__contains=word)
    return set(rows.values_list("pk", flat=True))


@pytest.mark.parametrize("q", QUERIES)
def test_the_pieces_find_exactly_the_drivers_the_comparison_finds(drivers, q):
    terms = Terms.parse(q)
    found = set(Driver.objects.filter(named_by(terms)).values_list("pk", flat=True))
    assert found == _compared(terms)


def test_a_short_word_finds_every_name_with_it_inside_a_word(drivers):
    found = Driver.objects.filter(named_by(Terms.parse("condutor 12"))).order_by("name")
    assert [d.name for d in found] == ["Condutor 12", "Condutor 1234", "Condutor 512"]


def test_the_pieces_follow_the_name_as_written(drivers):
    driver = drivers[0]
    Driver.objects.filter(pk=driver.pk).update(name="Zé Ávila")
    assert not Driver.objects.filter(named_by(Terms.parse("condutor 12")), pk=driver.pk)
    assert Driver.objects.filter(named_by(Terms.parse("ze vil")), pk=driver.pk).exists()


def test_the_drivers_own_name_is_asked_of_the_pieces_index_on_postgresql(drivers):
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL only")
    rows = Driver.objects.filter(named_by(Terms.parse("condutor 12"))).order_by().values("pk")
    sql, params = rows.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute("SET enable_seqscan = off")
        cursor.execute(f"EXPLAIN {sql}", params)
        plan = "\n".join(row[0] for row in cursor.fetchall())
        cursor.execute("SET enable_seqscan = on")
    assert "ws_driver_name_parts" in plan
