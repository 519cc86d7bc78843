"""The municipal calendar page (staff): the year's holidays, the days declared closed or
open with their acts, the optional days still to declare, and the December reminder."""

from __future__ import annotations

import datetime as dt

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.roles import is_staff_member
from cases.errors import DomainError
from municipal import selectors
from municipal.forms import CalendarDayForm
from municipal.models import CalendarReminder
from municipal.permissions import may_keep_registers
from municipal.services import calendar as services
from municipal.views.common import act, form_error


def _year(raw: str | None) -> int:
    try:
        year = int(raw) if raw else timezone.localdate().year
    except ValueError:
        return timezone.localdate().year
    return year if 2000 <= year <= 2100 else timezone.localdate().year


@login_required
def calendar_page(request: HttpRequest) -> HttpResponse:
    """/calendario/?ano=AAAA — and the clerk's declaration form."""
    if not is_staff_member(request.user):
        raise PermissionDenied
    year = _year(request.GET.get("ano"))
    form = CalendarDayForm(request.POST or None)
    if request.method == "POST":
        if not may_keep_registers(request.user):
            raise PermissionDenied
        if form.is_valid():
            try:
                row = services.calendar_day_declare(
                    actor=request.user, today=timezone.localdate(), **form.cleaned_data
                )
            except DomainError as exc:
                form_error(form, exc)
            else:
                messages.success(request, _("Dia declarado."))
                return redirect(f"{request.path}?ano={row.day.year}")
    return render(
        request,
        "municipal/calendar/year.html",
        {
            "year": year,
            "entries": selectors.calendar_year(year),
            "form": form,
            "keeper": may_keep_registers(request.user),
            "reminders": CalendarReminder.objects.filter(closed_at__isnull=True),
            "today": timezone.localdate(),
        },
        status=400 if form.errors else 200,
    )


@login_required
@require_POST
def calendar_withdraw(request: HttpRequest, day: str) -> HttpResponse:
    try:
        on = dt.date.fromisoformat(day)
    except ValueError:
        on = timezone.localdate()
    return act(
        request,
        lambda: services.calendar_day_withdraw(
            actor=request.user, day=on, today=timezone.localdate()
        ),
        success=_("Declaração retirada."),
        keepers_only=True,
        back="municipal:calendar",
    )
