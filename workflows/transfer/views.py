"""The transfer's filing page (Art. 25). The case page itself is generic."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from cases.errors import DomainError
from registers.models import Authorization
from registers.selectors import driver_of
from workflows.inputs import driver_data, files_from_form
from workflows.transfer.forms import BENEFICIARY_PREFIX, TransferForm
from workflows.transfer.services import CHECKLIST, transfer_file


@login_required
def transfer_new(request: HttpRequest) -> HttpResponse:
    """The beneficiary files for himself; the holder (invalidity) names the beneficiary."""
    driver = driver_of(request.user)
    if driver is None:
        messages.error(request, _("Somente condutores cadastrados podem pedir a transferência "
                                  "pelo portal; procure a Secretaria de Finanças."))
        return redirect("home")
    form = TransferForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        authorization = Authorization.objects.filter(
            number=data["authorization_number"].strip()
        ).first()
        if authorization is None:
            form.add_error("authorization_number", _("Termo de Autorização não encontrado."))
        else:
            own = authorization.holder_id == driver.pk
            try:
                case = transfer_file(
                    actor=request.user,
                    authorization=authorization,
                    cause=data["cause"],
                    relationship=data["relationship"],
                    event_on=data["event_on"],
                    succession_class=data["succession_class"],
                    beneficiary=None if own else driver,
                    beneficiary_data=driver_data(data, BENEFICIARY_PREFIX) if own else None,
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
        request, "transfer/new.html", {"form": form}, status=400 if form.errors else 200
    )
