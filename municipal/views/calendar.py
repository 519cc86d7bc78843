"""The municipal calendar page (staff): the year's holidays, the days declared closed or
open with their acts, the optional days still to declare, and the December reminder."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.roles import is_staff_member
from municipal import selectors
from municipal.forms import CalendarDayForm
from municipal.models import CalendarReminder
from municipal.permissions import may_keep_registers
from municipal.services import calendar as services
from municipal.views.common import act, day_or_today, register_form


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

    def declare(form: CalendarDayForm) -> HttpResponse:
        row = services.calendar_day_declare(
            actor=request.user, today=timezone.localdate(), **form.cleaned_data
        )
        messages.success(request, _("Dia declarado."))
        return redirect(f"{request.path}?ano={row.day.year}")

    return register_form(
        request,
        CalendarDayForm,
        declare,
        template="municipal/calendar/year.html",
        context=lambda: {
            "year": year,
            "entries": selectors.calendar_year(year),
            "keeper": may_keep_registers(request.user),
            "reminders": CalendarReminder.objects.filter(closed_at__isnull=True),
            "today": timezone.localdate(),
        },
    )


@login_required
@require_POST
def calendar_withdraw(request: HttpRequest, day: str) -> HttpResponse:
    on = day_or_today(day)
    return act(
        request,
        lambda: services.calendar_day_withdraw(
            actor=request.user, day=on, today=timezone.localdate()
        ),
        success=_("Declaração retirada."),
        back="municipal:calendar",
    )
