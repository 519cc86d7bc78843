"""Reads whose statement Django builds once per process.

A page that shows a case runs the same few reads on every request, differing only in the
case's key. Django compiles each queryset's SQL anew every time (resolving fields, joins,
ordering and converters), and at a million cases that compiling costs more than
PostgreSQL's answer: about half a millisecond per read against a tenth (issue 13).
`ReadBuiltOnce` lets the ORM write the statement once, for a placeholder key, and then
runs that very statement with each real key through `Manager.raw`, which still maps the
columns onto model instances with the fields' converters.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Model, QuerySet
from django.db.models.query import RawQuerySet

M = TypeVar("M", bound=Model)

# No primary key is negative, and no statement has a reason to hold this number.
_PLACEHOLDER = -(2**62) - 1764


class ReadBuiltOnce(Generic[M]):
    """`build(key)` returns the queryset of the read for one key; calling the instance
    with a key runs that queryset's SQL, written once per database, with the key in it.

    The queryset may filter, order and annotate (an annotation becomes an attribute of
    each instance); it may not `select_related` (a raw read fills no related object) and
    it must use the key exactly once, as a parameter.
    """

    def __init__(self, build: Callable[[int], QuerySet[M]]) -> None:
        self._build = build
        self._built: dict[tuple[str, str], tuple[type[M], str, tuple[object, ...], int]] = {}

    def _statement(self, using: str) -> tuple[type[M], str, tuple[object, ...], int]:
        key = (using, connections[using].vendor)
        built = self._built.get(key)
        if built is None:
            queryset = self._build(_PLACEHOLDER)
            if queryset.query.select_related:
                raise ValueError("a read built once cannot select_related")
            sql, params = queryset.query.get_compiler(using=using).as_sql()
            slots = [i for i, value in enumerate(params) if value == _PLACEHOLDER]
            if len(slots) != 1:
                raise ValueError(f"the key must be one parameter of the read: {sql}")
            built = (queryset.model, sql, tuple(params), slots[0])
            self._built[key] = built
        return built

    def __call__(self, key: int, using: str = DEFAULT_DB_ALIAS) -> RawQuerySet:
        model, sql, params, slot = self._statement(using)
        values = list(params)
        values[slot] = key
        return model._default_manager.using(using).raw(sql, values)
