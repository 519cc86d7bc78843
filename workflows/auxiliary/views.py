"""The auxiliary driver's filing page (Arts. 27, 28). The case page itself is generic."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from cases.errors import DomainError
from registers.selectors import driver_of
from workflows.auxiliary.forms import AUXILIARY_PREFIX, AuxiliaryForm
from workflows.auxiliary.models import AuxiliaryPurpose
from workflows.auxiliary.services import CHECKLIST, auxiliary_file
from workflows.inputs import driver_data, files_from_form


@login_required
def auxiliary_new(request: HttpRequest) -> HttpResponse:
    holder = driver_of(request.user)
    if holder is None:
        messages.error(request, _("Somente taxistas titulares cadastrados podem fazer este "
                                  "pedido pelo portal."))
        return redirect("home")
    form = AuxiliaryForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            case = auxiliary_file(
                actor=request.user,
                holder=holder,
                purpose=data["purpose"],
                auxiliary_data=driver_data(data, AUXILIARY_PREFIX)
                if data["purpose"] == AuxiliaryPurpose.REGISTER
                else None,
                departure_reason=data["departure_reason"],
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
        request, "auxiliary/new.html", {"form": form}, status=400 if form.errors else 200
    )
