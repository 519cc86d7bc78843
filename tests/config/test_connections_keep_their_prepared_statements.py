"""A database connection keeps prepared every statement the application runs often, not
psycopg's last 100: a page's statements stay planned between two of its requests (issue 25,
`DB_PREPARED_MAX`)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.conf import settings
from django.db import connections
from django.test import override_settings

pytestmark = pytest.mark.django_db

PSYCOPG_DEFAULT = 100


@pytest.fixture
def fresh() -> Iterator[object]:
    """A connection of its own, opened under the settings the test sets."""
    connection = connections.create_connection("default")
    if connection.vendor != "postgresql":
        pytest.skip("prepared statements are PostgreSQL's")
    yield connection
    connection.close()


def test_a_new_connection_keeps_as_many_prepared_statements_as_the_setting_says(fresh):
    with override_settings(DB_PREPARED_MAX=321):
        fresh.ensure_connection()
    assert fresh.connection.prepared_max == 321


def test_more_distinct_statements_than_psycopg_keeps_all_stay_prepared(fresh):
    threshold = settings.DATABASES["default"]["OPTIONS"]["prepare_threshold"]
    distinct = PSYCOPG_DEFAULT + 50
    assert distinct <= settings.DB_PREPARED_MAX
    with fresh.cursor() as cursor:
        for _ in range(threshold + 1):
            for n in range(distinct):
                cursor.execute(f"SELECT %s::int + {n}", [1])
        cursor.execute("SELECT count(*) FROM pg_prepared_statements")
        (prepared,) = cursor.fetchone()
    assert prepared >= distinct
