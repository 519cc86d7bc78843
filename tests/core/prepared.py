"""What a connection's prepared statements show, for the tests of `core.db`'s plan blocks
(`generic_plans`, `custom_plans`)."""

from __future__ import annotations

import pytest
from django.db import connection

ONLY_POSTGRESQL = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="plans and prepared statements are PostgreSQL's"
)


def prepared(like: str) -> list[tuple[str, int, int]]:
    """(statement, generic plans, custom plans) of each prepared statement `LIKE like`."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements"
            " WHERE statement LIKE %s",
            [like],
        )
        return cursor.fetchall()


def run(statement: str, value: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute(statement, [value])
