"""The one shape of a driver's filing page on the portal, for every kind a driver files.

A registered driver gets the kind's form; a valid form goes to the kind's filing service;
a case filed opens its page with its number, a refusal of the law comes back on the form
(HTTP 400, nothing written). Each kind's view says only what is its own: the form, the
template, the service call and what the page shows beside the form.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _l

from cases.errors import DomainError
from cases.models import Case
from registers.models import Driver
from registers.selectors import driver_of

FILED = _l("Pedido protocolado sob o número %(n)s.")


def portal_filing(
    request: HttpRequest,
    *,
    form_class: type[forms.Form],
    template: str,
    refusal: str | Promise,
    file: Callable[[Driver, forms.Form], Case | None],
    filed: str | Promise = FILED,
    context: Callable[[Driver], Mapping[str, Any]] | None = None,
    initial: Callable[[Mapping[str, Any]], Mapping[str, Any]] | None = None,
) -> HttpResponse:
    """`file(driver, form)` files the case from a valid form, or returns None after adding
    the form's own error; `refusal` is said to a user who is no registered driver;
    `context(driver)` is what the page shows beside the form, and `initial(context)` the
    form's initial values."""
    driver = driver_of(request.user)
    if driver is None:
        messages.error(request, refusal)
        return redirect("home")
    extra = dict(context(driver)) if context else {}
    form = form_class(
        request.POST or None, request.FILES or None, initial=initial(extra) if initial else None
    )
    if request.method == "POST" and form.is_valid():
        try:
            case = file(driver, form)
        except DomainError as exc:
            form.add_error(None, str(exc))
        else:
            if case is not None:
                messages.success(request, str(filed) % {"n": case.number})
                return redirect("case", pk=case.pk)
    return render(
        request, template, {"form": form, **extra}, status=400 if form.errors else 200
    )
