"""Per-client request limits for public pages, counted in Django's cache.

The public verification page (and, later, the passenger complaint form of Art. 39) answer
anyone without signing in; a limit per client address keeps one client from scraping the
register or flooding the form. A fixed one-minute window is enough for that and costs one
cache increment per request.
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

logger = logging.getLogger(__name__)

View = Callable[..., HttpResponse]


def client_ip(request: HttpRequest) -> str:
    """The client's address.

    REMOTE_ADDR unless RATELIMIT_PROXY_COUNT (default 0) says how many reverse proxies of
    ours stand in front: then the address the outermost of them saw, counted from the
    right of X-Forwarded-For, since everything to its left is whatever the client sent.
    """
    proxies = int(getattr(settings, "RATELIMIT_PROXY_COUNT", 0))
    if proxies > 0:
        chain = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
        chain = [part for part in chain if part]
        if len(chain) >= proxies:
            return chain[-proxies]
    return str(request.META.get("REMOTE_ADDR", "") or "unknown")


def rate_limit_hit(
    *, scope: str, client: str, limit: int, period: int = 60, now: float | None = None
) -> tuple[bool, int]:
    """Count one request of `client` in `scope`; (allowed, seconds until the window ends).

    If the cache is down the request is allowed: a public page that checks taxis must
    not go dark because its counter did.
    """
    now = time.time() if now is None else now
    window = int(now // period)
    retry_after = max(1, int((window + 1) * period - now))
    key = f"ratelimit:{scope}:{client}:{window}"
    try:
        # add() is a no-op when the key exists; incr() is atomic in Redis and locmem.
        cache.add(key, 0, timeout=period + 5)
        count = cache.incr(key)
    except ValueError:
        # The key expired between add() and incr(): this request opens a new count.
        cache.set(key, 1, timeout=period + 5)
        count = 1
    except Exception:
        logger.warning("rate limit counter unavailable for %s", scope, exc_info=True)
        return True, retry_after
    return count <= limit, retry_after


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
