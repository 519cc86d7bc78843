"""Roster pages: the month as a calendar marking the shortfalls (staff), a day's taxis, and
the driver's own shifts (Art. 37 VII)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.roles import is_staff_member
from accounts.services import personal_data_read
from law import roster as law
from municipal import selectors
from municipal.forms import RosterForm
from municipal.lookups import authorization_by_number_or_plate
from municipal.models import RosterEntry
from municipal.permissions import may_keep_registers
from municipal.services import roster as services
from municipal.views.common import act, day_or_today, register_form
from registers.models import Driver


def _month(raw: str | None) -> tuple[int, int]:
    try:
        day = dt.date.fromisoformat(f"{raw}-01") if raw else timezone.localdate()
    except ValueError:
        day = timezone.localdate()
    return day.year, day.month


@login_required
def roster_page(request: HttpRequest) -> HttpResponse:
    """/escala/?mes=AAAA-MM — the month's roster; the clerk adds taxis to shifts."""
    if not is_staff_member(request.user):
        raise PermissionDenied
    year, month = _month(request.GET.get("mes"))

    def add(form: RosterForm) -> HttpResponse:
        data = form.cleaned_data
        rows = services.roster_add(
            actor=request.user,
            authorization=authorization_by_number_or_plate(data["authorization"]),
            shift=data["shift"],
            start=data["start"],
            end=data["end"],
        )
        messages.success(request, _("%(n)d turnos incluídos na escala.") % {"n": len(rows)})
        return redirect(f"{request.path}?mes={data['start']:%Y-%m}")

    def month_shown() -> dict[str, Any]:
        first = dt.date(year, month, 1)
        # The month's roster names each holder: the page's reading of them is logged.
        personal_data_read(
            actor=request.user,
            drivers=Driver.objects.filter(
                authorizations__roster_entries__day__year=year,
                authorizations__roster_entries__day__month=month,
            ).distinct(),
            case=None,
            channel="page",
            path=request.get_full_path(),
            what="escala de plantão",
            purpose="register",
        )
        previous = first - dt.timedelta(days=1)
        following = first + dt.timedelta(days=32)
        return {
            "month": selectors.roster_month(year, month),
            "first": first,
            "previous": f"{previous:%Y-%m}",
            "following": f"{following:%Y-%m}",
            "keeper": may_keep_registers(request.user),
            "shifts": RosterEntry.Shift.choices,
            "night": law.NIGHT,
        }

    return register_form(
        request,
        RosterForm,
        add,
        template="municipal/roster/month.html",
        context=month_shown,
    )


@login_required
def roster_day(request: HttpRequest, day: str) -> HttpResponse:
    if not is_staff_member(request.user):
        raise PermissionDenied
    on = day_or_today(day)
    return render(
        request,
        "municipal/roster/day.html",
        {
            "day": on,
            "entries": selectors.roster_entries(start=on, end=on),
            "keeper": may_keep_registers(request.user),
        },
    )


@login_required
@require_POST
def roster_remove(request: HttpRequest, pk: int) -> HttpResponse:
    entry = get_object_or_404(RosterEntry, pk=pk)
    return act(
        request,
        lambda: services.roster_remove(actor=request.user, entry=entry),
        success=_("Turno retirado da escala."),
        back="municipal:roster-day",
        day=entry.day.isoformat(),
    )


@login_required
def my_shifts(request: HttpRequest) -> HttpResponse:
    """/portal/escala/ — the driver's own shifts from today on."""
    driver = getattr(request.user, "driver", None)
    if driver is None:
        raise PermissionDenied
    return render(
        request,
        "municipal/roster/mine.html",
        {"entries": selectors.roster_of_driver(driver, start=timezone.localdate())},
    )
