"""The two shapes of a write on the pages of the municipal registers.

`act` is a button: a POST runs a service and goes back to the page it came from, with the
outcome as a message. `register_form` is a form on its page: a valid form goes to a
service and on to where the write leads; a refusal of the law comes back on the form
(HTTP 400, nothing written). Both check the keeper's role before the input is read, so a
user without it gets 403 whatever he sent (the service checks it again), and both answer
a refused role (`NotPermitted`) with 403. A view says only what is its own: the form, the
service call, where it leads and what the page shows beside the form.

The registers are the Secretaria's to write, so the keeper's check is on unless a view
turns it off and says why (`keepers_only=False`: a driver's own report, the line at a
stand), as `RegisterKeeperWrites` is for the API's (municipal.api.common).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.functional import Promise

from cases.errors import DomainError, NotPermitted, RuleViolation
from municipal.permissions import may_keep_registers

F = TypeVar("F", bound=forms.BaseForm)

PAGE_STATUS = "page_status"
"""The context key of the status a page answers when its form has no errors (a list whose
cursor was not ours: 400); 200 when absent."""


def act(
    request: HttpRequest,
    call: Callable[[], Any],
    *,
    success: str,
    back: str,
    keepers_only: bool = True,
    **back_kwargs: Any,
) -> HttpResponse:
    """Run a service for a POST and go back to the page; a refused role is a 403, a broken
    rule or a conflict a message on the page (nothing written).

    ``keepers_only``: the role is checked before the input is read, so a user without it
    gets 403 whatever he sent (the service checks it again). `call` reads the form it needs
    itself (`cleaned`), after that check.
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


def cleaned(form: forms.BaseForm, refusal: str | Promise | None = None) -> dict[str, Any]:
    """The data of a form sent with a button (`act`); an invalid one refuses the action
    with `refusal`, or with its fields' own errors ("label: error; …"), as the page's
    message."""
    if form.is_valid():
        return dict(form.cleaned_data)
    if refusal is None:
        refusal = "; ".join(
            f"{form.fields[f].label if f in form.fields else ''}: {' '.join(e)}"
            for f, e in form.errors.items()
        )
    raise RuleViolation(str(refusal))


def register_form(
    request: HttpRequest,
    form_class: type[F],
    write: Callable[[F], HttpResponse],
    *,
    template: str,
    context: Callable[[], Mapping[str, Any]] | None = None,
    initial: Mapping[str, Any] | None = None,
    keepers_only: bool = True,
) -> HttpResponse:
    """A page with a form that writes through a service.

    `write(form)` calls the service with the valid form and answers where it leads (a
    redirect, after a message if any); a `DomainError` it raises comes back on the form.
    `context()` is what the page shows beside the form, read only when the page is shown
    (its `PAGE_STATUS`, if any, is the status of a page without form errors).
    ``keepers_only`` as for `act`, on a POST: others may see the page (staff, the list
    beside the form), not send its form. A page the keepers alone may see refuses the
    others itself, before.
    """
    if request.method == "POST" and keepers_only and not may_keep_registers(request.user):
        raise PermissionDenied
    form = form_class(request.POST or None, request.FILES or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            return write(form)
        except DomainError as exc:
            form_error(form, exc)
    shown = {**(context() if context else {}), "form": form}
    status = 400 if form.errors else shown.get(PAGE_STATUS, 200)
    return render(request, template, shown, status=status)


def day_or_today(raw: str | None) -> dt.date:
    """The day a URL or a query names (AAAA-MM-DD); today when it names none or no day."""
    try:
        return dt.date.fromisoformat(raw) if raw else timezone.localdate()
    except ValueError:
        return timezone.localdate()


def form_error(form: Any, exc: DomainError) -> None:
    """A refused write shown on the form it came from (re-rendered with status 400)."""
    if isinstance(exc, NotPermitted):
        raise PermissionDenied(str(exc)) from exc
    form.add_error(None, str(exc))
