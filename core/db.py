"""Database helpers below every app."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import _GeneratorContextManager, contextmanager
from contextvars import ContextVar
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

import pgtrigger
from django.conf import settings
from django.db.models import CharField, F, Func, Lookup, Model, Q

if TYPE_CHECKING:
    from django.db.models import QuerySet
    from django.db.models.query import RawQuerySet

_M = TypeVar("_M", bound=Model)


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


def keep_statements_prepared(sender: Any, connection: Any, **kwargs: Any) -> None:
    """A new PostgreSQL connection keeps up to `DB_PREPARED_MAX` prepared statements.

    psycopg keeps 100 by default and forgets the least recently used: a server answering
    every page runs several hundred distinct statements, so a page's statements were
    forgotten between two of its requests and planned again each time (the case page's
    row at a million cases: 0.6 to 2 ms to plan, 0.1 ms to run; issue 25)."""
    if connection.vendor == "postgresql":
        connection.connection.prepared_max = settings.DB_PREPARED_MAX


# The plan cache mode a `custom_plans` or `generic_plans` block set ("" outside both).
_plan_mode: ContextVar[str] = ContextVar("plan_mode", default="")


@contextmanager
def _plans(mode: str, *, prepare_threshold: int | None = None) -> Iterator[None]:
    """On PostgreSQL, one transaction in which `plan_cache_mode` is `mode`; a block within
    another adds nothing (`SET LOCAL` holds to the end of the outer block's transaction,
    so the outermost block decides). `prepare_threshold`: psycopg prepares a statement at
    that run within the block (its own setting again after it)."""
    from django.db import connection, transaction

    # Plans are PostgreSQL's: elsewhere (the embedded SQLite) no transaction either, which
    # there would hold the write lock through the whole page.
    if _plan_mode.get() or connection.vendor != "postgresql":
        yield
        return
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute(f"SET LOCAL plan_cache_mode = {mode}")
        raw = connection.connection
        # None: psycopg told never to prepare (a deployment's own OPTIONS): left so.
        before = raw.prepare_threshold
        adjust = prepare_threshold is not None and before is not None
        if adjust:
            raw.prepare_threshold = prepare_threshold
        token = _plan_mode.set(mode)
        try:
            yield
        finally:
            _plan_mode.reset(token)
            if adjust:
                raw.prepare_threshold = before


@contextmanager
def _unprepared() -> Iterator[None]:
    """On PostgreSQL, the block's statements sent unprepared: each planned for its own
    values, with no transaction and no setting to send. A block within another adds
    nothing (the outermost block decides)."""
    from django.db import connection

    if _plan_mode.get() or connection.vendor != "postgresql":
        yield
        return
    connection.ensure_connection()
    raw = connection.connection
    before = raw.prepare_threshold
    # psycopg neither prepares a statement nor runs one it prepared before while its
    # threshold is None.
    raw.prepare_threshold = None
    token = _plan_mode.set("force_custom_plan")
    try:
        yield
    finally:
        _plan_mode.reset(token)
        raw.prepare_threshold = before


def custom_plans() -> _GeneratorContextManager[None]:
    """Within the block, PostgreSQL plans each statement for its own values. A generic
    plan cannot know how selective a search pattern is, and the search read every driver
    with one (bench/, issue 13); nor can it use a partial index whose condition a value
    states (`notification_to_post_idx`, `channel = $1 AND status = $2`): PostgreSQL picks
    one for a prepared statement after five runs when its estimate looks cheaper, and the
    letters waiting were counted along every notice (8 ms instead of 0.9 at a million
    cases).

    The statements go unprepared (psycopg's `prepare_threshold` is None within the block):
    no transaction and no `SET` to send, where `SET LOCAL plan_cache_mode` cost three
    round trips. A block within another adds nothing: the outer one decides, so a caller
    that reads through several such functions (the search page: its list and the register
    hits) is one block. Also a decorator (`@custom_plans()`)."""
    return _unprepared()


def generic_plans() -> _GeneratorContextManager[None]:
    """Within the block, a statement is prepared at its first run and planned once per
    connection, for any parameters: for reads by ids, whose best plan is the same whatever
    the ids (the case page and its API). Outside, PostgreSQL plans a prepared statement
    for its parameters in its first five runs and psycopg prepares it at its fifth, so a
    statement run fewer than ten times by a connection was planned every time: the case
    page ran ~15 such statements (its row's joins alone 0.6-1.5 ms to plan, 0.1 to run),
    and a server seldom runs one kind's row often enough between two recycles of its
    connections (`DB_CONN_MAX_AGE`; issue 25).

    Never around a read whose parameters decide its plan: a range, a pattern, or a value
    that a partial index names (a generic plan cannot use `deadline_pending_idx` for
    `state = $1`). One transaction: `SET LOCAL` holds for the transaction alone, also
    behind a pooler in transaction mode. A block within another adds nothing. Also a
    decorator (`@generic_plans()`), a new block at each call."""
    return _plans("force_generic_plan", prepare_threshold=0)


@cache
def _rows_by_key_statement(
    vendor: str, model: type[Model], key: str, order: tuple[str, ...]
) -> str:
    del vendor  # the cache's key: the quoting below is the connection's
    from django.db import connection

    quote = connection.ops.quote_name
    meta = model._meta
    if meta.parents:
        raise TypeError(f"{meta.label}: a row of a child model spans its parents' tables")
    columns = ", ".join(quote(f.column) for f in meta.concrete_fields)
    ordering = ", ".join(
        f"{quote(meta.get_field(name.lstrip('-')).column)}{' DESC' if name[0] == '-' else ''}"
        for name in order
    )
    return (
        f"SELECT {columns} FROM {quote(meta.db_table)}"
        f" WHERE {quote(meta.get_field(key).column)} = %s ORDER BY {ordering}"
    )


def rows_by_key(
    model: type[_M], key: str, value: Any, *, order: tuple[str, ...]
) -> RawQuerySet[_M]:
    """The rows of `model` whose `key` (a field or foreign key) is `value`, in `order`
    (field names, "-" for descending): `model.objects.raw()` over a statement written
    once per model, key and order, instead of a queryset compiled at every request.

    For the short lists a page reads by one key at every request (a case's events,
    deadlines, files): Django's compiling of such a queryset took as long as PostgreSQL's
    answering it (0.55 of 1.2 ms at a million cases; issue 25). The rows are the model's
    instances with every field, converted as a queryset's are."""
    from django.db import connection

    statement = _rows_by_key_statement(connection.vendor, model, key, order)
    return model._default_manager.raw(statement, [value])


class EqualsAny(Lookup):  # type: ignore[type-arg]
    """`lhs = ANY(%s::type[])` with the values as one array parameter (PostgreSQL): a
    custom lookup as Django's guide to them writes one (docs/howto/custom-lookups).

    The array is cast to the column's own type: psycopg sends small ids as `int2[]`, and
    PostgreSQL looks a value up in a hash of the array only when the types are the same
    (a page of "condutor 12" at 100,000 cases: 6.4 ms walking a `smallint` array, 0.3 ms
    hashing a `bigint` one)."""

    lookup_name = "equals_any"
    prepare_rhs = False  # a list, sent as it is: psycopg sends it as an array

    def as_sql(self, compiler: Any, connection: Any) -> tuple[str, list[Any]]:
        lhs, lhs_params = self.process_lhs(compiler, connection)
        rhs, rhs_params = self.process_rhs(compiler, connection)
        column_type = self.lhs.output_field.db_type(connection)
        return f"{lhs} = ANY({rhs}::{column_type}[])", [*lhs_params, *rhs_params]


def one_of(field: str, values: list[Any] | QuerySet[Any]) -> Q:
    """`field` is one of `values`: a list of ids found by an earlier step, or a query.

    On PostgreSQL a list is sent as one array parameter (`field = ANY(%s)`), planned as
    an `IN` list of the same values is: an `IN` list of thousands of ids (a broad
    search's drivers) cost more to write, send and parse than the statement took to run,
    in every statement it was in (issue 25)."""
    from django.db import connection

    # None found: Django's own empty `IN`, which it knows matches nothing, so a list of
    # it is not read and a united step leaves it out (`= ANY('{}')` was still sent).
    if isinstance(values, list) and values and connection.vendor == "postgresql":
        return Q(EqualsAny(F(field), values))
    return Q(**{f"{field}__in": values})


class LocalMinute(Func):
    """A moment as the municipality writes it, `DD/MM/YYYY HH:MM` in `TIME_ZONE`, formatted
    by PostgreSQL: a long export reads text instead of building and formatting a Python
    datetime per cell (470,000 rows at a million cases, issue 25). PostgreSQL only: on the
    embedded SQLite the caller reads the moment and formats it (`local_minute_in_sql`)."""

    arity = 1
    output_field = CharField()

    def as_sql(self, compiler: Any, connection: Any, **extra: Any) -> tuple[str, list[Any]]:
        from django.db import NotSupportedError

        raise NotSupportedError("LocalMinute needs PostgreSQL")

    def as_postgresql(self, compiler: Any, connection: Any, **extra: Any) -> tuple[str, list[Any]]:
        from django.conf import settings

        sql, params = compiler.compile(self.source_expressions[0])
        return f"to_char({sql} AT TIME ZONE %s, 'DD/MM/YYYY HH24:MI')", [
            *params,
            settings.TIME_ZONE,
        ]


def local_minute_in_sql(using: str = "default") -> bool:
    from django.db import connections

    return connections[using].vendor == "postgresql"
