"""The planner guesses how many names hold a piece the search asks for (issue 25): a piece
that a few drivers in a hundred have must not be guessed as a handful, or PostgreSQL
reads every one of them through the trigram index and sorts them — 120 to 175 ms at a
million cases, where walking the names in order takes 1 to 4. The keys the search
compares are described by a histogram of 1,001 names (workspace migration 0007)."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.db import connection

from registers.models import Driver

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="the guesses are PostgreSQL's planner's"
    ),
]

DRIVERS = 20_000


def _guess(queryset) -> float:
    [plan] = json.loads(queryset.explain(format="json"))
    return plan["Plan"]["Plan Rows"]


@pytest.fixture
def numbered_drivers():
    """'Condutor 1' to 'Condutor 20000', as the bench's seed names them; ANALYZE reads
    them all (its sample is 300 rows per unit of the target), so the histogram is the
    same at every run."""
    Driver.objects.bulk_create(
        Driver(
            name=f"Condutor {n}",
            cpf=f"{n:011d}",
            cnh_number=f"{n:011d}",
            cnh_category="B",
            cnh_expires_on=dt.date(2030, 1, 1),
            email=f"condutor{n}@example.org",
        )
        for n in range(1, DRIVERS + 1)
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE registers_driver")


def test_every_two_digit_piece_is_guessed_within_a_third_of_the_names_holding_it(
    numbered_drivers,
):
    named = Driver.objects.filter(name_key__contains="condutor")
    wrong = {}
    for number in range(10, 100):
        holding = named.filter(name_key__contains=str(number))
        guessed, held = _guess(holding), holding.count()
        if not held / 3 <= guessed <= held * 3:
            wrong[number] = (guessed, held)
    assert wrong == {}


def test_the_cases_keys_are_described_as_finely_as_the_drivers_names():
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT attrelid::regclass::text, attname, attstattarget FROM pg_attribute"
            " WHERE (attrelid, attname) IN (('registers_driver'::regclass, 'name_key'),"
            " ('cases_case'::regclass, 'applicant_key'), ('cases_case'::regclass, 'holder_key'))"
        )
        targets = {(table, column): target for table, column, target in cursor.fetchall()}
    assert set(targets.values()) == {1000}, targets
