"""The request being served, as the identity checks deep in a service need it.

`case_open` and `case_step` ask "how sure are we of who this is" (the gov.br level of the
session) and "when did he last give his second factor"; both are properties of the
interactive session, not of the user row. `identity.middleware.RequestContextMiddleware`
sets the request here for the time of one request; code that runs outside a request (a
management command, a Celery task, a test calling a service) has none, and the checks
that need one say what they do then.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.http import HttpRequest

_REQUEST: ContextVar[HttpRequest | None] = ContextVar("identity_request", default=None)


def current_request() -> HttpRequest | None:
    return _REQUEST.get()


@contextmanager
def request_context(request: HttpRequest) -> Iterator[None]:
    token = _REQUEST.set(request)
    try:
        yield
    finally:
        _REQUEST.reset(token)
