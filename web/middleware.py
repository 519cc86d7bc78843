"""Request-wide safety nets: hostile input answers 4xx, never a 500 nor a stored value.

Each input of each form and serializer carries its own bound; these hold for the inputs
that do not, so the whole site has one floor.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from decimal import InvalidOperation
from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.db import DataError
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _

from accounts.policy import route_closed_to
from web.api_errors import (
    ERROR_CONTENT_TYPE,
    error_body,
    error_response,
    id_overflows,
    is_api,
    json_error,
)
from web.errors import bad_request, page_not_found


def _texts(value: Any, name: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield name, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _texts(item, f"{name}.{key}" if name else str(key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _texts(item, f"{name}.{index}" if name else str(index))


class HostileInputMiddleware:
    """Bounds every request and maps what slips past the inputs' own checks.

    - No text value longer than TEXT_INPUT_MAX characters, in a form, multipart or JSON
      body (a 200,000-character "reason" is refused whichever field it is in).
    - An id beyond the database's integer range names no row: 404 (`<int:pk>` accepts
      any number of digits; the driver refuses one past a bigint with OverflowError).
    - A value past what its column or Python holds (DataError, decimal InvalidOperation,
      a date pushed past year 9999): 400.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            refused = self._too_long(request)
        except RequestDataTooBig:
            return self._too_large(request)
        if refused is not None:
            return refused
        return self.get_response(request)

    def _too_large(self, request: HttpRequest) -> HttpResponse:
        """413: a body past DATA_UPLOAD_MAX_MEMORY_SIZE (uploads are 10 MB at most)."""
        message = _("A requisição é grande demais.")
        if is_api(request):
            return error_response(error_body(message, "too_large"), 413)
        html = render_to_string("400.html", {"message": message}, request)
        return HttpResponse(html, status=413)

    def _too_long(self, request: HttpRequest) -> HttpResponse | None:
        limit = int(settings.TEXT_INPUT_MAX)
        if request.method not in ("POST", "PUT", "PATCH"):
            return None
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length <= limit:
            return None  # no value in the body can be longer than the body
        content_type = request.content_type or ""
        if content_type == "application/json":
            try:
                data: Any = json.loads(request.body or b"null")
            except (ValueError, UnicodeDecodeError):
                return None  # the parser of the view answers with its own message
        elif content_type in ("application/x-www-form-urlencoded", "multipart/form-data"):
            data = {key: request.POST.getlist(key) for key in request.POST}
        else:
            return None
        for name, text in _texts(data):
            if len(text) > limit:
                return self._refuse(request, name.split(".")[0], limit)
        return None

    def _refuse(self, request: HttpRequest, field: str, limit: int) -> HttpResponse:
        message = _("O campo %(field)s passa do limite de %(limit)s caracteres.") % {
            "field": field,
            "limit": f"{limit:,}".replace(",", "."),
        }
        if is_api(request):
            body = error_body(message, "too_long", fields={field: [message]})
            return error_response(body, 400)
        html = render_to_string("400.html", {"message": message}, request)
        return HttpResponse(html, status=400)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        match = getattr(request, "resolver_match", None)
        if isinstance(exception, OverflowError) and id_overflows(match.kwargs if match else None):
            return page_not_found(request, exception)
        if isinstance(exception, InvalidOperation | DataError | OverflowError):
            return bad_request(request, exception)
        return None


class NoStoreForSignedInMiddleware:
    """Pages and API answers for a signed-in person carry their personal data (a driver's
    CPF, a case's documents): no browser or proxy may keep a copy (`Cache-Control:
    no-store`), so Back after logging out, or the next person at a shared counter
    computer, does not show them."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            patch_cache_control(response, no_store=True, private=True)
        return response


class ApiErrorBodyMiddleware:
    """Under /api/ every error is the Error body, whoever made the answer.

    Django answers some failures before any API view runs, and with DEBUG on it answers
    them with its own HTML pages (an unknown address's 404, a view's 405): those become
    the Error body for their status, written by the one encoder, keeping the headers that
    tell the client what to do (Allow, Retry-After, WWW-Authenticate). A server error
    keeps Django's debug page when DEBUG is on: it is there for the developer.
    """

    KEPT_HEADERS = ("Allow", "Retry-After", "WWW-Authenticate", "Vary")

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not is_api(request) or response.status_code < 400:
            return response
        if response.status_code >= 500 and settings.DEBUG:
            return response
        if response.get("Content-Type", "").split(";")[0] == ERROR_CONTENT_TYPE:
            return response
        replacement = json_error(request, response.status_code)
        for name in self.KEPT_HEADERS:
            if name in response:
                replacement[name] = response[name]
        return replacement


class RoutePolicyMiddleware:
    """A route the access policy closes to the user's roles answers 403 before its view
    looks anything up (accounts.policy.route_closed_to), so a role refused a page is told
    so whether or not the id names a record; a record outside the user's reach stays the
    view's 404. The API's token users are checked by `web.api_permissions.RoutePolicy`
    (DRF authenticates them inside the view)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view: Callable[..., Any], args: Any, kwargs: Any
    ) -> HttpResponse | None:
        user = getattr(request, "user", None)
        match = request.resolver_match
        if user is None or not user.is_authenticated or match is None:
            return None
        if not route_closed_to(user, match.url_name or "", request.method or "GET"):
            return None
        if is_api(request):
            return json_error(request, 403)
        raise PermissionDenied
