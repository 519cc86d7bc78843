"""Database helpers below every app."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

import pgtrigger


@contextmanager
def triggers_ignored(*uris: str, connection: Any = None) -> Iterator[None]:
    """`pgtrigger.ignore(*uris)` on a connection that binds parameters on the server.

    pgtrigger sends its setting and the statement as one query string, which PostgreSQL
    accepts only when the client binds the parameters; so the parameters are bound by the
    client while the triggers are ignored (a data migration's rewrite of the timeline)."""
    if connection is None:
        from django.db import connection
    raw = connection.connection if connection.vendor == "postgresql" else None
    if raw is None:
        with pgtrigger.ignore(*uris):
            yield
        return
    from django.db.backends.postgresql.base import Cursor

    bound_by_server = raw.cursor_factory
    raw.cursor_factory = Cursor
    try:
        with pgtrigger.ignore(*uris):
            yield
    finally:
        raw.cursor_factory = bound_by_server


# Set inside a `custom_plans` block: a block opened within it is that block.
_in_custom_plans: ContextVar[bool] = ContextVar("in_custom_plans", default=False)


@contextmanager
def custom_plans() -> Iterator[None]:
    """Within the block, PostgreSQL plans each statement for its own parameters even when
    it is a prepared statement. A generic plan cannot know how selective a search pattern
    is, and the search read every driver with one (bench/, issue 13).

    A block within another adds nothing: the setting holds to the end of the outer one's
    transaction, so a caller that reads through several such functions (the search page:
    its list and the register hits) opens one transaction and sets it once."""
    from django.db import connection, transaction

    if _in_custom_plans.get():
        yield
        return
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL plan_cache_mode = force_custom_plan")
        token = _in_custom_plans.set(True)
        try:
            yield
        finally:
            _in_custom_plans.reset(token)
