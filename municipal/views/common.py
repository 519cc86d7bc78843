"""What every page of the municipal registers does with a refused write."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

from cases.errors import DomainError, NotPermitted
from municipal.permissions import may_keep_registers


def act(
    request: HttpRequest,
    call: Callable[[], Any],
    *,
    success: str,
    back: str,
    keepers_only: bool = False,
    **back_kwargs: Any,
) -> HttpResponse:
    """Run a service for a POST and go back to the page; a refused role is a 403, a broken
    rule or a conflict a message on the page (nothing written).

    ``keepers_only``: the role is checked before the input is read, so a user without it
    gets 403 whatever he sent (the service checks it again).
    """
    if keepers_only and not may_keep_registers(request.user):
        raise PermissionDenied
    try:
        call()
    except NotPermitted as exc:
        raise PermissionDenied(str(exc)) from exc
    except DomainError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, success)
    return redirect(back, **back_kwargs)


def form_error(form: Any, exc: DomainError) -> None:
    """A refused write shown on the form it came from (re-rendered with status 400)."""
    if isinstance(exc, NotPermitted):
        raise PermissionDenied(str(exc)) from exc
    form.add_error(None, str(exc))
