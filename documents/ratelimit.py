"""Per-client request limits for public pages, counted in Django's cache.

The public verification page (and, later, the passenger complaint form of Art. 39) answer
anyone without signing in; a limit per client address keeps one client from scraping the
register or flooding the form. A fixed one-minute window is enough for that and costs one
cache increment per request.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

# The counter and the client address live with the accounts (whose sign-up and password
# forms count too); re-exported here for the public pages.
from accounts.throttle import client_ip, rate_limit_hit

__all__ = ["client_ip", "rate_limit", "rate_limit_hit", "rate_limited_response"]

View = Callable[..., HttpResponse]


def rate_limited_response(request: HttpRequest, retry_after: int) -> HttpResponse:
    """HTTP 429 with a message a person can read, and when to come back."""
    response = HttpResponse(
        render_to_string("documents/rate_limited.html", {"retry_after": retry_after}, request),
        status=429,
    )
    response["Retry-After"] = str(retry_after)
    return response


def rate_limit(
    *, scope: str, setting: str, default: int, period: int = 60
) -> Callable[[View], View]:
    """Limit a view to `settings.<setting>` requests per client address per `period` seconds.

    The setting is read on each request, so it can be changed without a code change (and
    by tests).
    """

    def decorator(view: View) -> View:
        @functools.wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            limit = int(getattr(settings, setting, default))
            allowed, retry_after = rate_limit_hit(
                scope=scope, client=client_ip(request), limit=limit, period=period
            )
            if not allowed:
                return rate_limited_response(request, retry_after)
            return view(request, *args, **kwargs)

        return wrapped

    return decorator
