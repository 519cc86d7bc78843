"""Request-wide safety nets for pages: hostile input answers 4xx, never a 500."""

from __future__ import annotations

from collections.abc import Callable
from decimal import InvalidOperation

from django.db import DataError
from django.http import HttpRequest, HttpResponse

from web.errors import bad_request, page_not_found


class HostileInputMiddleware:
    """An id beyond the database's integer range names no row: 404, not a 500.

    `<int:pk>` accepts any number of digits; the database driver refuses to send one that
    does not fit in a bigint (OverflowError). Every page and API route gets the same answer
    as for an id that fits but does not exist.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, OverflowError):
            return page_not_found(request, exception)
        if isinstance(exception, InvalidOperation | DataError):
            # A value past what its column holds, that no input bound caught: bad input.
            return bad_request(request, exception)
        return None
