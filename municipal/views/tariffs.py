"""Tariff pages: the table in force on a day (public), history, the printable table for
the car (Art. 30), and the clerk's forms (act, IGP-M adjustment, publication)."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.roles import is_staff_member
from municipal import selectors
from municipal.forms import AdjustmentForm, PublishForm, TariffTableForm
from municipal.models import TariffReminder, TariffTable
from municipal.permissions import may_keep_registers
from municipal.services import tariffs as services
from municipal.views.common import act, cleaned, day_or_today, register_form


def tariff_in_force_page(request: HttpRequest) -> HttpResponse:
    """/tarifas/?data=AAAA-MM-DD — the table in force on a day (Art. 58 XVI: the day of the
    fact), and the history of the tables."""
    on = day_or_today(request.GET.get("data"))
    staff = is_staff_member(request.user)
    tables = selectors.tariff_tables()
    if not staff:
        tables = tables.filter(status=TariffTable.Status.PUBLISHED)
    return render(
        request,
        "municipal/tariffs/index.html",
        {
            "on": on,
            "table": selectors.tariff_in_force(on),
            "tables": tables,
            "staff": staff,
            "keeper": may_keep_registers(request.user),
            "reminders": TariffReminder.objects.filter(closed_at__isnull=True) if staff else [],
            "adjustment_form": AdjustmentForm(initial={"year": timezone.localdate().year}),
        },
    )


def _visible_table(request: HttpRequest, pk: int) -> TariffTable:
    table = get_object_or_404(selectors.tariff_tables(), pk=pk)
    if table.status != TariffTable.Status.PUBLISHED and not is_staff_member(request.user):
        raise Http404
    return table


def tariff_table_page(request: HttpRequest, pk: int) -> HttpResponse:
    table = _visible_table(request, pk)
    return render(
        request,
        "municipal/tariffs/detail.html",
        {
            "table": table,
            "keeper": may_keep_registers(request.user),
            "publish_form": PublishForm(
                initial={"valid_from": dt.date(table.adjustment_year, 1, 1)}
                if table.adjustment_year
                else None
            ),
        },
    )


def tariff_table_print(request: HttpRequest, pk: int) -> HttpResponse:
    """/tarifas/<pk>/impressao/ — the price table the car carries (Art. 30)."""
    return render(request, "municipal/tariffs/print.html", {"table": _visible_table(request, pk)})


@login_required
def tariff_enact_page(request: HttpRequest) -> HttpResponse:
    if not may_keep_registers(request.user):
        raise PermissionDenied

    def enact(form: TariffTableForm) -> HttpResponse:
        data = form.cleaned_data
        table = services.tariff_table_enact(
            actor=request.user,
            act_number=data["act_number"],
            act_date=data["act_date"],
            valid_from=data["valid_from"],
            joint_study=data["joint_study"],
            items=services.tariff_items_parse(data["items"]),
        )
        return redirect("municipal:tariff", pk=table.pk)

    return register_form(request, TariffTableForm, enact, template="municipal/tariffs/form.html")


@login_required
def tariff_adjust_page(request: HttpRequest) -> HttpResponse:
    """Art. 31: the clerk enters the IGP-M; the proposed table opens for review."""
    if not may_keep_registers(request.user):
        raise PermissionDenied

    def propose(form: AdjustmentForm) -> HttpResponse:
        table = services.tariff_adjustment_propose(
            actor=request.user, today=timezone.localdate(), **form.cleaned_data
        )
        return redirect("municipal:tariff", pk=table.pk)

    return register_form(request, AdjustmentForm, propose, template="municipal/tariffs/form.html")


@login_required
@require_POST
def tariff_publish(request: HttpRequest, pk: int) -> HttpResponse:
    table = get_object_or_404(TariffTable, pk=pk)

    def call() -> None:
        data = cleaned(
            PublishForm(request.POST), _("Informe o número e a data do ato e o início da vigência.")
        )
        services.tariff_table_publish(actor=request.user, table=table, **data)

    return act(request, call, success=_("Tabela publicada."), back="municipal:tariff", pk=pk)


@login_required
@require_POST
def tariff_discard(request: HttpRequest, pk: int) -> HttpResponse:
    table = get_object_or_404(TariffTable, pk=pk)
    return act(
        request,
        lambda: services.tariff_table_discard(actor=request.user, table=table),
        success=_("Proposta descartada."),
        back="municipal:tariff",
        pk=pk,
    )
