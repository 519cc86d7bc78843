"""The advertising request's filing page on the portal (Art. 67). The case page is generic."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from cases.errors import DomainError
from registers.selectors import driver_of
from workflows.advertising.forms import AdvertisingForm
from workflows.advertising.services import LAYOUT_ITEM, advertising_file


@login_required
def advertising_new(request: HttpRequest) -> HttpResponse:
    holder = driver_of(request.user)
    if holder is None:
        messages.error(
            request,
            _("Somente taxistas titulares cadastrados podem pedir publicidade pelo portal."),
        )
        return redirect("home")
    form = AdvertisingForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            case = advertising_file(
                actor=request.user,
                holder=holder,
                placement=data["placement"],
                text=data["text"],
                advertiser=data["advertiser"],
                start_on=data["start_on"],
                end_on=data["end_on"],
                proofs={LAYOUT_ITEM: data["layout"]} if data["layout"] else {},
            )
        except DomainError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(
                request, _("Pedido protocolado sob o número %(n)s.") % {"n": case.number}
            )
            return redirect("case", pk=case.pk)
    return render(
        request, "advertising/new.html", {"form": form}, status=400 if form.errors else 200
    )
