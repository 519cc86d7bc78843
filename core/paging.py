"""Keyset pagination, for every list that can grow with the data (issue 25).

A page ends at the values of its last row in the list's order; the next page starts after
them through the index that holds that order, never with OFFSET, and nothing counts the
list. The queue (cases.selectors) writes its own cursors with `Cursor`; the other lists
(lost property, appeals, notifications) are paged by `keyset_page` over an order that an
index of theirs serves. Pages link to the next one (`web/next_page.html`), the API says it
in a `Link: <…>; rel="next"` header, as the queue API does.
"""

from __future__ import annotations

import base64
import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from django.contrib import messages
from django.db import models
from django.db.models import F, Func, QuerySet
from django.db.models.lookups import GreaterThan, LessThan
from django.http import HttpRequest, HttpResponse, QueryDict
from django.utils.translation import gettext as _
from rest_framework import serializers

_Row = TypeVar("_Row", bound=models.Model)

PAGE_SIZE = 50
"""Rows of a page, unless the API asks for another size."""
PAGE_MAX = 200
"""The most rows the API gives in one page."""


class BadCursor(ValueError):
    """A cursor that this code did not write (edited by hand, or from another list)."""


@dataclass(frozen=True)
class Cursor:
    """Where a page ended, as the values of its last row in the list's order."""

    values: tuple[object, ...]

    def encode(self) -> str:
        parts = [v.isoformat() if isinstance(v, dt.date) else str(v) for v in self.values]
        return base64.urlsafe_b64encode("|".join(parts).encode()).decode().rstrip("=")

    @classmethod
    def decode(cls, text: str, *types: type) -> Cursor:
        try:
            raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode()
            parts = raw.split("|")
            if len(parts) != len(types):
                raise BadCursor(text)
            return cls(tuple(_parse(part, kind) for part, kind in zip(parts, types, strict=True)))
        except (ValueError, UnicodeDecodeError) as exc:
            raise BadCursor(text) from exc


# A row id the database can hold: a larger number typed into a cursor is not one of ours.
_BIGINT_MAX = 2**63 - 1


def _parse(text: str, kind: type) -> object:
    if kind is dt.datetime:
        moment = dt.datetime.fromisoformat(text)
        if moment.tzinfo is None:  # ours are written with their offset
            raise ValueError(text)
        return moment
    if kind is dt.date:
        return dt.date.fromisoformat(text)
    if kind is int:
        number = int(text)
        if abs(number) > _BIGINT_MAX:
            raise ValueError(text)
        return number
    return kind(text)


@dataclass(frozen=True)
class KeysetPage(Generic[_Row]):
    rows: list[_Row]
    next_cursor: str | None


def _row(*values: object) -> Func:
    return Func(*values, function="ROW", output_field=models.BooleanField())


def _cursor_type(model: type[models.Model], name: str) -> type:
    field = model._meta.pk if name == "pk" else model._meta.get_field(name)
    if isinstance(field, models.DateTimeField):
        return dt.datetime
    if isinstance(field, models.DateField):
        return dt.date
    if isinstance(field, models.OneToOneField | models.ForeignKey):  # a child's pk
        return int
    if isinstance(field, models.IntegerField | models.AutoField):
        return int
    return str


def keyset_page(
    rows: QuerySet[_Row], *, order: Sequence[str], cursor: str = "", size: int | None = None
) -> KeysetPage[_Row]:
    """One page of `rows` in `order` (fields all ascending or all descending, the last one
    unique, e.g. `("-found_on", "-id")`), after `cursor`; raises BadCursor for a cursor
    this function did not write. One query: the page and one row more, to know whether
    there is a next page."""
    descending = {name.startswith("-") for name in order}
    if len(descending) != 1:
        raise ValueError("keyset order must run one way")
    names = [name.lstrip("-") for name in order]
    size = size or PAGE_SIZE
    rows = rows.order_by(*order)
    if cursor:
        types = [_cursor_type(rows.model, name) for name in names]
        after = Cursor.decode(cursor, *types)
        compare = LessThan if descending == {True} else GreaterThan
        rows = rows.filter(compare(_row(*(F(n) for n in names)), _row(*after.values)))
        # The same bound on the first column alone, which the row comparison implies: on a
        # case kind's rows the comparison names the case's date and the kind's own key, two
        # tables no index spans, and PostgreSQL walked from the first row to the cursor
        # (a page of appeals deep in the list, 0.9 s at a million cases: issue 25).
        reach = "lte" if descending == {True} else "gte"
        rows = rows.filter(**{f"{names[0]}__{reach}": after.values[0]})
    page = list(rows[: size + 1])
    more = len(page) > size
    page = page[:size]
    if not (more and page):
        return KeysetPage(rows=page, next_cursor=None)
    last = page[-1]
    return KeysetPage(
        rows=page, next_cursor=Cursor(tuple(getattr(last, n) for n in names)).encode()
    )


def next_page_query(query: QueryDict, next_cursor: str | None, *, param: str = "cursor") -> str:
    """The query string of the next page (the same filters, the next cursor in `param`);
    "" at the end of the list."""
    if not next_cursor:
        return ""
    query = query.copy()
    query[param] = next_cursor
    return query.urlencode()


def next_page_link(request: HttpRequest, next_cursor: str | None) -> str | None:
    """The `Link` header of an API page with a next one."""
    query = next_page_query(request.GET, next_cursor)
    if not query:
        return None
    return f'<{request.build_absolute_uri(f"{request.path}?{query}")}>; rel="next"'


class PageQuery(serializers.Serializer):
    """The API's paging parameters: one declaration for the schema and the check."""

    page_size = serializers.IntegerField(
        required=False, min_value=1, max_value=PAGE_MAX, help_text="1 to 200 (50)"
    )
    cursor = serializers.CharField(
        required=False, default="", allow_blank=True, help_text='from the "next" Link header'
    )


def api_keyset_page(
    request: HttpRequest, rows: QuerySet[_Row], *, order: Sequence[str]
) -> KeysetPage[_Row]:
    """The page of `rows` an API request asks for (`cursor`, `page_size`); a cursor this
    code did not write answers 400 with what to do, never 500."""
    params = PageQuery(data={k: v for k, v in request.GET.items() if k in PageQuery().fields})
    params.is_valid(raise_exception=True)
    try:
        return keyset_page(
            rows,
            order=order,
            cursor=params.validated_data["cursor"],
            size=params.validated_data.get("page_size"),
        )
    except BadCursor:
        raise serializers.ValidationError(
            {"cursor": [_("Cursor de página inválido: use o link da página anterior.")]}
        ) from None


def with_next_link(response: HttpResponse, request: HttpRequest, page: KeysetPage) -> HttpResponse:
    """`response` with the `Link: <…>; rel="next"` header when there is a next page."""
    link = next_page_link(request, page.next_cursor)
    if link:
        response["Link"] = link
    return response


@dataclass(frozen=True)
class WebPage(Generic[_Row]):
    rows: list[_Row]
    next_query: str  # for web/next_page.html
    status: int  # 400 when the cursor was not ours (the first page is shown instead)


def web_keyset_page(
    request: HttpRequest,
    rows: QuerySet[_Row],
    *,
    order: Sequence[str],
    param: str = "cursor",
    size: int | None = None,
) -> WebPage[_Row]:
    """The page of `rows` a page's `?cursor=` asks for (`param`: another name, for a second
    list on the same page). A cursor this code did not write shows the first page with a
    message, answered 400 (as the queue does); any other parameter, such as `?page=`, is
    not ours and changes nothing."""
    status = 200
    try:
        page = keyset_page(rows, order=order, cursor=request.GET.get(param, ""), size=size)
    except BadCursor:
        messages.error(request, _("Cursor de página inválido: a lista recomeça do início."))
        page = keyset_page(rows, order=order, size=size)
        status = 400
    return WebPage(
        rows=page.rows,
        next_query=next_page_query(request.GET, page.next_cursor, param=param),
        status=status,
    )
