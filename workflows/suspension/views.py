"""The suspension's filing page on the portal (Art. 24). The case page itself is generic."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from cases.errors import DomainError
from registers.selectors import driver_of
from workflows.suspension.forms import SuspensionForm
from workflows.suspension.services import suspension_file


@login_required
def suspension_new(request: HttpRequest) -> HttpResponse:
    driver = driver_of(request.user)
    if driver is None:
        messages.error(
            request, _("Somente taxistas cadastrados podem pedir suspensão pelo portal.")
        )
        return redirect("home")
    form = SuspensionForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            case = suspension_file(
                actor=request.user,
                driver=driver,
                ground=form.cleaned_data["ground"],
                days=form.cleaned_data["days"],
                reason=form.cleaned_data["reason"],
                proofs=form.cleaned_data["proofs"],
            )
        except DomainError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(
                request, _("Pedido protocolado sob o número %(n)s.") % {"n": case.number}
            )
            return redirect("case", pk=case.pk)
    return render(
        request, "suspension/new.html", {"form": form}, status=400 if form.errors else 200
    )
