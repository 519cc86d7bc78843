"""Lost-property pages: the staff register, an object's page, the driver's own objects, and
the numbered receipt as a PDF (Art. 37 XVIII)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.roles import is_staff_member
from cases.errors import RuleViolation
from core.paging import web_keyset_page
from municipal import selectors
from municipal.forms import CounterForm, HandInForm, LostItemCloseForm, LostItemForm
from municipal.lookups import authorization_by_number_or_plate
from municipal.models import LostItem
from municipal.permissions import may_keep_registers
from municipal.receipts import lost_item_receipt_pdf
from municipal.selectors import LOST_ITEM_ORDER
from municipal.services import lost_property as services
from municipal.views.common import PAGE_STATUS, act, cleaned, register_form


@login_required
def lost_items_page(request: HttpRequest) -> HttpResponse:
    """/achados/ — the register (staff), and the counter form: receive and give a receipt."""
    if not is_staff_member(request.user):
        raise PermissionDenied

    def receive(form: CounterForm) -> HttpResponse:
        data = form.cleaned_data
        authorization = authorization_by_number_or_plate(data["plate"])
        item = services.lost_item_receive(
            actor=request.user,
            authorization=authorization,
            driver=authorization.holder,
            description=data["description"],
            found_on=data["found_on"],
            handed_in_on=data["handed_in_on"],
            storage=data["storage"],
            today=timezone.localdate(),
        )
        return redirect("municipal:lost-item", pk=item.pk)

    def listing() -> dict[str, Any]:
        status = request.GET.get("situacao", "")
        rows = selectors.lost_item_rows(selectors.lost_items_visible_to(request.user))
        if status in LostItem.Status.values:
            rows = rows.filter(status=status)
        # A page at a time, newest first, read in the order of `lost_item_newest_idx` (or,
        # with a status, `lost_item_status_newest_idx`) and stopped at the page (issue 25).
        page = web_keyset_page(request, rows, order=LOST_ITEM_ORDER)
        return {
            "items": page.rows,
            "next_query": page.next_query,
            PAGE_STATUS: page.status,
            "status": status,
            "statuses": LostItem.Status.choices,
            "keeper": may_keep_registers(request.user),
            "today": timezone.localdate(),
        }

    return register_form(
        request,
        CounterForm,
        receive,
        template="municipal/lost_property/list.html",
        context=listing,
        initial={"handed_in_on": timezone.localdate()},
    )


@login_required
def lost_item_page(request: HttpRequest, pk: int) -> HttpResponse:
    item = get_object_or_404(selectors.lost_items_visible_to(request.user), pk=pk)
    services.lost_item_read(actor=request.user, item=item, channel="page", path=request.path)
    return render(
        request,
        "municipal/lost_property/detail.html",
        {
            "item": item,
            "keeper": may_keep_registers(request.user),
            "hand_in": HandInForm(initial={"handed_in_on": timezone.localdate()}),
            "close_form": LostItemCloseForm(initial={"closed_on": timezone.localdate()}),
            "today": timezone.localdate(),
        },
    )


@login_required
@require_POST
def lost_item_hand_in(request: HttpRequest, pk: int) -> HttpResponse:
    item = get_object_or_404(selectors.lost_items_visible_to(request.user), pk=pk)

    def call() -> None:
        data = cleaned(HandInForm(request.POST), _("Informe a data da entrega."))
        services.lost_item_hand_in(
            actor=request.user, item=item, today=timezone.localdate(), **data
        )

    return act(
        request,
        call,
        success=_("Objeto recebido; recibo emitido."),
        back="municipal:lost-item",
        pk=pk,
    )


@login_required
@require_POST
def lost_item_close(request: HttpRequest, pk: int) -> HttpResponse:
    item = get_object_or_404(selectors.lost_items_visible_to(request.user), pk=pk)

    def call() -> None:
        data = cleaned(LostItemCloseForm(request.POST), _("Informe a destinação e a data."))
        services.lost_item_close(actor=request.user, item=item, **data)

    return act(
        request,
        call,
        success=_("Destinação registrada."),
        back="municipal:lost-item",
        pk=pk,
    )


@login_required
def lost_item_receipt(request: HttpRequest, pk: int) -> HttpResponse:
    """/achados/<pk>/recibo.pdf — for staff and for the driver who handed the object in."""
    item = get_object_or_404(selectors.lost_items_visible_to(request.user), pk=pk)
    if not item.receipt_number:
        raise Http404
    services.lost_item_read(actor=request.user, item=item, channel="page", path=request.path)
    response = HttpResponse(lost_item_receipt_pdf(item), content_type="application/pdf")
    name = item.receipt_number.replace("/", "-")
    response["Content-Disposition"] = f'inline; filename="{name}.pdf"'
    return response


@login_required
def my_lost_items(request: HttpRequest) -> HttpResponse:
    """/portal/achados/ — the driver reports an object found in his taxi and sees his
    receipts."""
    driver = getattr(request.user, "driver", None)
    if driver is None:
        raise PermissionDenied
    taxis = list(selectors.authorizations_of_driver(driver))

    def report(form: LostItemForm) -> HttpResponse:
        plate = form.cleaned_data["plate"]
        if plate:
            authorization = authorization_by_number_or_plate(plate)
        elif len(taxis) == 1:
            authorization = taxis[0]
        else:
            raise RuleViolation(_("Informe a placa do táxi."))
        services.lost_item_report(
            actor=request.user,
            driver=driver,
            authorization=authorization,
            description=form.cleaned_data["description"],
            found_on=form.cleaned_data["found_on"],
            today=timezone.localdate(),
        )
        return redirect("municipal:my-lost-items")

    return register_form(
        request,
        LostItemForm,
        report,
        template="municipal/lost_property/mine.html",
        context=lambda: {"items": selectors.lost_items_visible_to(request.user), "taxis": taxis},
        initial={"found_on": timezone.localdate()},
        # A driver reports what he found in his own taxi; the service checks it is his.
        keepers_only=False,
    )
