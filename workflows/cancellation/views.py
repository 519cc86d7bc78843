"""The cancellation's filing page (Art. 23). The case page itself is generic."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _

from cases.errors import DomainError
from registers.selectors import driver_of
from workflows.cancellation.forms import CancellationForm
from workflows.cancellation.services import CHECKLIST, cancellation_file, may_apply_again_on
from workflows.inputs import files_from_form


@login_required
def cancellation_new(request: HttpRequest) -> HttpResponse:
    holder = driver_of(request.user)
    if holder is None:
        messages.error(request, _("Somente taxistas titulares cadastrados podem pedir o "
                                  "cancelamento pelo portal."))
        return redirect("home")
    form = CancellationForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            case = cancellation_file(
                actor=request.user,
                holder=holder,
                acknowledged_bar=data["acknowledged_bar"],
                reason=data["reason"],
                proofs=files_from_form(data, CHECKLIST),
            )
        except DomainError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(
                request, _("Pedido protocolado sob o número %(n)s.") % {"n": case.number}
            )
            return redirect("case", pk=case.pk)
    return render(
        request,
        "cancellation/new.html",
        {"form": form, "may_apply_on": may_apply_again_on(timezone.localdate())},
        status=400 if form.errors else 200,
    )
